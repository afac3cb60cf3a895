import Fluent
import Foundation
import PlayhouseAPI
import SQLKit

/// A play session's bets, summed as they are placed: one row per currency and economy (an empty
/// code for bets without money), with how many bets it had, how many moved money, and what those
/// staked and won. Every heartbeat shows a session's figures; read from here they cost the same
/// after a session's thousandth bet as after its first, where summing the session's bets did not.
///
/// A bet adds itself in its own transaction (``add(_:session:)``), so the figures always
/// match the bets. ``BetHistoryService/totalsQuery(session:)`` reads them.
enum SessionBetTotals {
    static let table = "session_bet_totals"

    /// What one bet adds to its session's line.
    struct Bet: Sendable {
        var currency: String?
        var economy: Economy?
        var minorUnits: Int
        var kind: BetKind
        var stake: Int64
        var payout: Int64
    }

    /// The row (an upsert) that adds `bet` to its session's figures, to run in the bet's transaction.
    static func add(_ bet: Bet, session sessionID: UUID) -> Ledger.Insert {
        let backed = bet.kind.isBacked
        return Ledger.Insert(
            insert: "INSERT INTO \(ident: table) (session_id, currency, economy, minor_units, bets, backed, wagered, won)",
            values: """
                \(bind: sessionID), \(bind: bet.currency ?? ""), \(bind: bet.economy?.rawValue ?? ""), \(bind: bet.minorUnits),
                \(bind: Int64(1)), \(bind: Int64(backed ? 1 : 0)), \(bind: backed ? bet.stake : 0), \(bind: backed ? bet.payout : 0)
                """,
            onConflict: """
                ON CONFLICT (session_id, currency, economy) DO UPDATE SET
                    bets = \(ident: table).bets + 1, backed = \(ident: table).backed + excluded.backed,
                    wagered = \(ident: table).wagered + excluded.wagered, won = \(ident: table).won + excluded.won
                """)
    }

    /// Sums the sessions' bets placed before the figures were kept as they came (or all of them,
    /// into an emptied table).
    static func sumExistingBets(on sql: any SQLDatabase) async throws {
        try await sql.raw("""
            INSERT INTO \(ident: table) (session_id, currency, economy, minor_units, bets, backed, wagered, won)
            SELECT b.session_id, COALESCE(b.currency, ''), COALESCE(b.economy, ''), MAX(b.minor_units), COUNT(*),
                   SUM(CASE WHEN \(BetHistoryService.isBacked) THEN 1 ELSE 0 END),
                   CAST(SUM(CASE WHEN \(BetHistoryService.isBacked) THEN b.stake ELSE 0 END) AS BIGINT),
                   CAST(SUM(CASE WHEN \(BetHistoryService.isBacked) THEN b.payout ELSE 0 END) AS BIGINT)
            FROM bets b JOIN play_sessions s ON s.id = b.session_id
            GROUP BY b.session_id, COALESCE(b.currency, ''), COALESCE(b.economy, '')
            """).run()
    }
}
