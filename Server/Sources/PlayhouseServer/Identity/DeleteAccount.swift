import Foundation
import PlayhouseAPI
import SQLKit

/// A player's account deleted: by the player (`POST /v1/me/deletion`, with a sign-in from the last
/// five minutes, ``Principal/requireRecentSignIn(now:)``), or by an operator (the admin API, the
/// console's player page, `playhouse players delete`), audit-logged. One transaction, with the
/// player locked, every feature erasing its own part; in order:
///
/// 1. **The wallet is closed** (``WalletService/close(app:playerID:reference:now:on:)``): refused
///    while a payment is open or real money is in it (`409`, nothing changes); sandbox and virtual
///    balances are written off to the house.
/// 2. **A cool-off or self-exclusion in force is kept** under one-way hashes of everything the
///    player signed in with (email, phone number, installations, provider accounts), until it ends
///    (``ExcludedIdentifiers``).
/// 3. **Every play session is ended and every token revoked** (every instance forgets them at the
///    commit), and every visit of the hosted pages ended.
/// 4. **The player's lists** become tombstones in the feeds they were shared to, emptied, and their
///    shares of others' lists are left; **game profiles** and what **content** knows of them
///    (displays, properties, installations) are forgotten.
/// 5. **The player's row is emptied** and every way to sign in removed (``PlayerService/erase(_:now:on:)``).
/// 6. **The receipt** is kept (`player_deletions`), and an operator's deletion is audit-logged.
///
/// Kept, under the player's id alone: the ledger, payments, bets (with their fairness data),
/// limits and reward receipts, so that `ledger verify` holds and the app's figures do not change.
/// A second deletion of the same player answers the first one's receipt.
public struct DeleteAccount: Sendable {
    let store: Store
    let now: Date
    let tokenCache: TokenCache?
    let wallet: WalletService
    let lists: ListService

    /// The receipt's name, `ern:deletion:<id>`.
    static func ern(_ id: UUID) -> String { ERN.make("deletion", id.uuidString.lowercased()) }

    /// Deletes the account of `playerID` of `app`, asked for by the player (`actor` nil) or by an operator.
    public func delete(playerID: UUID, app: AppRecord, by actor: AuditActor?) async throws -> AccountDeletion {
        let now = self.now, tokenCache = self.tokenCache, wallet = self.wallet, lists = self.lists
        let (receipt, woken) = try await store.transaction { sql -> (AccountDeletion, Set<UUID>) in
            try await PlayerService.lock(playerID, on: sql)
            guard let row = try await sql.raw("SELECT \(Player.columns) FROM players WHERE id = \(bind: playerID) AND app_id = \(bind: app.id)").first()
            else { throw PlayhouseProblem(.notFound, .playerNotFound) }
            let player = try Player(row: row)
            if player.deletedAt != nil { return (try await Self.receipt(of: playerID, on: sql), []) }
            let id = UUID.random()
            let writtenOff = try await wallet.close(app: app, playerID: playerID, reference: Self.ern(id), now: now, on: sql)
            let limits = try await LimitsService(store: Store(sql), now: now).limits(playerID: playerID)
            let installations = try await PlayerService.installations(of: playerID, on: sql)
            try await ExcludedIdentifiers.keep(limits, identifiers: try await PlayerService.identifiers(of: player, installations: installations, on: sql),
                                               appID: app.id, on: sql)
            try await SessionService.endAll(playerID: playerID, now: now, on: sql)
            try await TokenService(store: Store(sql), now: now, cache: tokenCache).revokeAll(playerID: playerID)
            try await PageSessionService.forget(playerID: playerID, on: sql)
            let woken = try await lists.forget(player: playerID, app: app.id, on: sql)
            try await GameProfileService.forget(playerID: playerID, on: sql)
            try await PlayerService.erase(player, now: now, on: sql)
            try await PlacementService.forget(playerID: playerID, installations: installations, appID: app.id, on: sql)
            let receipt = AccountDeletion(id: Self.ern(id), playerID: playerID.uuidString.lowercased(), deletedAt: now, writtenOff: writtenOff)
            try await sql.raw("""
                INSERT INTO player_deletions (id, app_id, player_id, actor, written_off, created_at)
                VALUES (\(bind: id), \(bind: app.id), \(bind: playerID), \(bind: actor?.name ?? "player"),
                        \(bind: String(decoding: try PlayhouseJSON.makeEncoder().encode(writtenOff), as: UTF8.self)), \(bind: now))
                """).run()
            if let actor { try await sql.raw(AuditLog.entry(by: actor, "player deleted", target: receipt.id, after: receipt, at: now)).run() }
            return (receipt, woken)
        }
        // This instance forgets the player's tokens once more, now that the revocation has committed
        // (every other instance is told at the commit, on PostgreSQL).
        tokenCache?.forget(.player(playerID))
        lists.wake(woken)
        return receipt
    }

    /// The receipt of the player's deletion, as kept.
    static func receipt(of playerID: UUID, on sql: any SQLDatabase) async throws -> AccountDeletion {
        guard let row = try await sql.raw("SELECT id, written_off, created_at FROM player_deletions WHERE player_id = \(bind: playerID)").first() else {
            throw PlayhouseProblem(.notFound, .playerNotFound)
        }
        let writtenOff = try PlayhouseJSON.makeDecoder().decode([AccountDeletion.WriteOff].self,
                                                               from: Data(try row.decode(column: "written_off", as: String.self).utf8))
        return AccountDeletion(id: ern(try row.decode(column: "id", as: UUID.self)), playerID: playerID.uuidString.lowercased(),
                               deletedAt: try row.decode(column: "created_at", as: Date.self), writtenOff: writtenOff)
    }
}
