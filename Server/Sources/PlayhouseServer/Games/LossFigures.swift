import Fluent
import Foundation
import SQLKit

/// Each player's net losses (the stakes less the payouts of their backed bets) per currency and
/// hour, summed as bets are placed, so that checking a loss limit costs the same on the window's
/// first day as on its thirtieth, however many bets the player has made: the window's whole hours
/// come from these figures (at most one row an hour), and only the hour its start falls in is read
/// bet by bet, so the sum is exact at the window's edges. A bet adds itself in its own transaction
/// (``add(playerID:currency:lost:at:)``), so the figures always match the bets.
enum LossFigures {
    static let table = "player_loss_hours"
    private static let hour: Double = 3600

    /// The row (an upsert) that adds a backed bet's net loss (`lost`, negative when it paid out more
    /// than it staked), placed at `time`, to its hour.
    static func add(playerID: UUID, currency: String, lost: Int64, at time: Date) -> Ledger.Insert {
        Ledger.Insert(insert: "INSERT INTO \(ident: table) (player_id, currency, hour, lost)",
                      values: "\(bind: playerID), \(bind: currency), \(bind: hourNumber(time)), \(bind: lost)",
                      onConflict: "ON CONFLICT (player_id, currency, hour) DO UPDATE SET lost = \(ident: table).lost + excluded.lost")
    }

    /// What the player's backed bets in `currency` after `since` lost in all, in one read: the
    /// figures of the whole hours after the one `since` falls in, and that hour's bets after `since`.
    static func lost(playerID: UUID, currency: String, since: Date, on sql: any SQLDatabase) async throws -> Int64 {
        let firstWholeHour = hourNumber(since) + 1
        return try await sql.raw("""
            SELECT CAST((SELECT COALESCE(SUM(lost), 0) FROM \(ident: table)
                         WHERE player_id = \(bind: playerID) AND currency = \(bind: currency) AND hour >= \(bind: firstWholeHour))
                      + (SELECT COALESCE(SUM(stake - payout), 0) FROM bets
                         WHERE player_id = \(bind: playerID) AND currency = \(bind: currency) AND \(BetHistoryService.isBacked)
                           AND created_at > \(bind: since) AND created_at < \(bind: Date(timeIntervalSince1970: Double(firstWholeHour) * hour)))
                   AS BIGINT) AS lost
            """).first()?.decode(column: "lost", as: Int64.self) ?? 0
    }

    /// The hour `time` falls in, counted from 1970.
    static func hourNumber(_ time: Date) -> Int64 {
        Int64((time.timeIntervalSince1970 / hour).rounded(.down))
    }

    /// Sums the bets placed before the figures were kept as they came (or all of them, into an
    /// emptied table).
    static func sumExistingBets(on sql: any SQLDatabase) async throws {
        let hourOfBet: SQLQueryString = sql.dialect.name == "postgresql"
            ? "CAST(FLOOR(EXTRACT(EPOCH FROM created_at) / 3600) AS BIGINT)"
            : "CAST(created_at / 3600 AS INTEGER)"
        try await sql.raw("""
            INSERT INTO \(ident: table) (player_id, currency, hour, lost)
            SELECT player_id, currency, \(hourOfBet), CAST(SUM(stake - payout) AS BIGINT) FROM bets
            WHERE player_id IS NOT NULL AND currency IS NOT NULL AND \(BetHistoryService.isBacked)
            GROUP BY player_id, currency, \(hourOfBet)
            """).run()
    }
}
