import Foundation
import PlayhouseAPI
import Vapor

/// The admin API's game data, `/admin/v1/apps/{app}/data`, read-only: the app's games that have
/// game data, and a game's versions (every region's and namespace's, current or kept) with what each
/// changed. Every role. Imports and rollbacks are `playhouse data`'s.
struct AdminGameDataController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        let data = AdminController.signedIn(routes).grouped("apps", ":app", "data")
        data.get(use: games)
        data.get(":game", "versions", use: versions)
    }

    /// A game with game data, and how many versions it keeps.
    struct DataGame: Content {
        var game: String
        var versions: Int
    }

    func games(_ request: Request) async throws -> Page<DataGame> {
        try request.operatorSession.require(.readApps)
        let app = try await AdminController.app(request)
        return Page(data: try await request.gameData.games(appID: app.id).map { DataGame(game: $0.game, versions: $0.versions) }, nextCursor: nil)
    }

    func versions(_ request: Request) async throws -> GameDataVersions {
        try request.operatorSession.require(.readApps)
        let app = try await AdminController.app(request)
        return GameDataVersions(data: try await request.gameData.versions(appID: app.id, game: try request.parameters.require("game"), all: true))
    }
}
