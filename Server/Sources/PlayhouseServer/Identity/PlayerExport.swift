import Foundation
import PlayhouseAPI
import SQLKit

/// Every record the server holds about a player, as one JSON document (``PlayerDataExport``): for
/// the player (`GET /v1/me/export`, with a sign-in from the last five minutes), for support (the
/// admin API, `playhouse players export`). It is written as it is read, each list a page of 100
/// at a time, so that a player with 100,000 bets costs a page of memory, not the whole document;
/// each feature reads its own part through its service.
public struct PlayerExport: Sendable {
    let store: Store
    let now: Date
    let limits: LimitsService
    let wallet: WalletService
    let sessions: SessionService
    let payments: PaymentService
    let bets: BetHistoryService
    let lists: ListFeed
    let rewards: RewardService

    /// How many records each read brings.
    static let pageSize = 100

    /// Writes the document of the player `playerID` of `app` to `out` (the command line's):
    /// `404 player_not_found` when the app has no such player.
    public func write(playerID: UUID, app: AppRecord, to out: @Sendable (String) async throws -> Void) async throws {
        guard let row = try await store.read({ sql in
            try await sql.raw("SELECT \(Player.columns) FROM players WHERE id = \(bind: playerID) AND app_id = \(bind: app.id)").first()
        }) else { throw PlayhouseProblem(.notFound, .playerNotFound) }
        try await write(try Player(row: row), app: app, to: out)
    }

    /// Writes the document of `player` of `app` to `out`, a part at a time.
    func write(_ player: Player, app: AppRecord, to out: @Sendable (String) async throws -> Void) async throws {
        let encoder = PlayhouseJSON.makeEncoder()
        func json(_ value: some Encodable) throws -> String { String(decoding: try encoder.encodeBytes(value), as: UTF8.self) }
        func field(_ key: String, _ value: some Encodable) async throws { try await out(",\"\(key)\":" + (try json(value))) }
        func list<Item: Encodable & Sendable>(_ key: String, _ read: (PageRequest) async throws -> PlayhouseAPI.Page<Item>) async throws {
            try await out(",\"\(key)\":[")
            var cursor: String?, first = true
            repeat {
                let page = try await read(try PageRequest(limit: Self.pageSize, cursor: cursor))
                var part = ""
                for item in page.data {
                    part += (first ? "" : ",") + (try json(item))
                    first = false
                }
                try await out(part)
                cursor = page.nextCursor
            } while cursor != nil
            try await out("]")
        }

        try await out("{\"exported_at\":" + (try json(now)))
        try await field("app", PlayerDataExport.App(id: app.id.uuidString.lowercased(), clientID: app.clientID, name: app.name))
        try await field("profile", player.profile())
        try await field("sign_in", try await Self.signInMethods(of: player, store: store))
        try await field("limits", try await limits.wire(try await limits.limits(playerID: player.id), playerID: player.id, appID: app.id))
        try await field("wallet", try await wallet.wallet(app: app, playerID: player.id))
        try await list("sessions") { try await sessions.sessions(playerID: player.id, page: $0) }
        try await list("transactions") { try await wallet.history(app: app, playerID: player.id, filter: .init(), page: $0) }
        try await list("payments") { try await payments.payments(appID: app.id, playerID: player.id, page: $0) }
        let bettor = BetService.Bettor(app: app, playerID: player.id)
        try await list("bets") { try await bets.history(bettor, game: nil, page: $0) }
        try await list("lists") { page in
            let read = try await lists.snapshot(app: app.id, player: player.id, page: page)
            return PlayhouseAPI.Page(data: read.data, nextCursor: read.nextCursor)
        }
        try await list("reward_receipts") { try await rewards.list(playerID: player.id, claimed: nil, page: $0) }
        if player.deletedAt != nil {
            try await field("deletion", try await store.read { sql in try await DeleteAccount.receipt(of: player.id, on: sql) })
        }
        try await out("}")
    }

    /// How the player signs in, without a secret.
    static func signInMethods(of player: Player, store: Store) async throws -> SignInMethods {
        try await store.read { sql in
            let providers = try await sql.raw("""
                SELECT p.name, f.subject FROM federated_identities f JOIN identity_providers p ON p.id = f.provider_id
                WHERE f.player_id = \(bind: player.id) ORDER BY p.name, f.subject
                """).all().map { SignInMethods.ProviderAccount(provider: try $0.decode(column: "name", as: String.self),
                                                               subject: try $0.decode(column: "subject", as: String.self)) }
            let installations = try await PlayerService.installations(of: player.id, on: sql)
            let consents = try await sql.raw("""
                SELECT scope, granted_at FROM player_consents WHERE player_id = \(bind: player.id) ORDER BY scope
                """).all().map { SignInMethods.Consent(scope: try $0.decode(column: "scope", as: String.self),
                                                       grantedAt: try $0.decode(column: "granted_at", as: Date.self)) }
            return SignInMethods(email: player.email, phoneNumber: player.phoneNumber, password: player.passwordHash != nil, providers: providers,
                                 installations: installations, consents: consents)
        }
    }
}
