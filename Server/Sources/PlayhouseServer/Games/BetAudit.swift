import Foundation
import GameMath
import PlayhouseAPI
import SQLKit
import Vapor

/// What an operator needs to check a provably fair bet: the bet, its server seed (revealed or
/// not: the operator holds it anyway) and the game's definition now.
public struct BetAudit: Sendable {
    public var bet: Bet
    public var serverSeed: String
    public var definition: GameDefinition
    /// The definition's version now; a bet played on an earlier version needs that version's file.
    public var definitionVersion: Int

    /// Finds a bet by id, in any app; nil when there is none or it was not provably fair.
    static func find(_ betID: UUID, on store: Store, now: Date) async throws -> BetAudit? {
        guard let row = try await store.read({ sql in
            try await sql.raw("""
                SELECT b.app_id, b.player_id, b.client_user_id, b.game_slug, f.server_seed FROM bets b
                JOIN fairness_seeds f ON f.id = b.fairness_seed_id WHERE b.bet_id = \(bind: betID)
                """).first()
        }) else { return nil }
        let appID = try row.decode(column: "app_id", as: UUID.self)
        guard let app = try await AppService(store: store, now: now).find(appID.uuidString) else { return nil }
        let bettor = BetService.Bettor(app: app, playerID: try row.decode(column: "player_id", as: UUID?.self),
                                       clientUserID: try row.decode(column: "client_user_id", as: String?.self))
        let slug = try row.decode(column: "game_slug", as: String.self)
        guard let bet = try await BetHistoryService(store: store).find(betID, for: bettor),
              let game = try? await GameService(store: store, now: now).playable(appID: appID, slug: slug, along: []).game else { return nil }
        return BetAudit(bet: bet, serverSeed: try row.decode(column: "server_seed", as: String.self), definition: game.definition,
                        definitionVersion: game.version)
    }
}

extension Application {
    /// What an operator needs to check the provably fair bet with this id (`playhouse fairness verify --bet`).
    public func betAudit(_ betID: UUID) async throws -> BetAudit? {
        try await BetAudit.find(betID, on: store, now: now)
    }
}
