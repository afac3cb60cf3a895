import Foundation
import PlayhouseAPI
import SQLKit

/// A bet's record and the figures it adds to (its player's losses, its session's totals), as
/// values: written in the bet's transaction (``inserts``), or with the bets placed at once
/// meanwhile (``BetAtOnce``).
struct BetRecord: Sendable {
    var betID: UUID
    var appID: UUID
    var sessionID: UUID?
    var playerID: UUID?
    /// An app's own user's, for a bet placed with an app token; nil for a player's.
    var clientUserID: String?
    var game: String
    var creditGame: String?
    var gameVersion: Int
    var kind: BetKind
    var currency: String?
    var economy: Economy?
    var minorUnits: Int
    var wager: Int64
    var stake: Int64
    var payout: Int64
    /// JSON: the paylines played, and the spin's result.
    var paylines: String
    var result: String
    /// A provably fair bet's seed, client seed and nonce.
    var seedID: UUID?
    var clientSeed: String?
    var nonce: Int64?
    /// A backed bet's ledger transaction and the wallet's balance after it.
    var transactionID: UUID?
    var balanceAfter: Int64?
    var createdAt: Date

    /// What a backed bet moves between the wallet and the house: `debit` from the wallet, then
    /// `credit` back. A paying bet is posted as its net, one entry on each side, since the bet's own
    /// row keeps its stake and payout (the wallet's history shows them as its legs,
    /// ``WalletService``); a bet that pays back exactly its stake, whose net is nothing, is posted
    /// whole (the stake out, the payout back), so that the ledger still holds its transaction.
    var movement: (debit: Int64, credit: Int64) {
        stake == payout ? (stake, payout) : (max(stake - payout, 0), max(payout - stake, 0))
    }

    /// The bet's row, and the figures' rows a backed bet or a bet in a session adds to.
    var inserts: [Ledger.Insert] {
        var rows: [Ledger.Insert] = [Ledger.Insert(
            insert: """
                INSERT INTO bets (bet_id, app_id, session_id, player_id, client_user_id, game_slug, credit_game, game_version, kind, currency, economy,
                                  minor_units, wager, stake, payout, paylines, result, fairness_seed_id, client_seed, nonce, transaction_id,
                                  balance_after, created_at)
                """,
            values: """
                \(bind: betID), \(bind: appID), \(bind: sessionID), \(bind: playerID), \(bind: clientUserID),
                \(bind: game), \(bind: creditGame), \(bind: gameVersion), \(bind: kind.rawValue), \(bind: currency),
                \(bind: economy?.rawValue), \(bind: minorUnits), \(bind: wager), \(bind: stake), \(bind: payout),
                \(bind: paylines), \(bind: result), \(bind: seedID), \(bind: clientSeed),
                \(bind: nonce), \(bind: transactionID), \(bind: balanceAfter), \(bind: createdAt)
                """)]
        if kind.isBacked, let playerID, let currency {
            rows.append(LossFigures.add(playerID: playerID, currency: currency, lost: stake - payout, at: createdAt))
        }
        if let sessionID {
            rows.append(SessionBetTotals.add(.init(currency: currency, economy: economy, minorUnits: minorUnits, kind: kind, stake: stake, payout: payout),
                                             session: sessionID))
        }
        return rows
    }

    /// Deletes the app's bets and the figures they added to, which PostgreSQL's dropped foreign
    /// keys used to delete with it (``DropMoneyForeignKeys``), in the transaction that deletes the
    /// app: before its players and sessions, through which the figures are found.
    static func deleteRows(ofApp appID: UUID, on sql: any SQLDatabase) async throws {
        try await sql.raw("DELETE FROM bets WHERE app_id = \(bind: appID)").run()
        try await sql.raw("""
            DELETE FROM \(ident: SessionBetTotals.table) WHERE session_id IN (SELECT id FROM play_sessions WHERE app_id = \(bind: appID))
            """).run()
        try await sql.raw("""
            DELETE FROM \(ident: LossFigures.table) WHERE player_id IN (SELECT id FROM players WHERE app_id = \(bind: appID))
            """).run()
    }
}
