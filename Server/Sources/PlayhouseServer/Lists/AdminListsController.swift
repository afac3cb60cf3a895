import Foundation
import PlayhouseAPI
import Vapor

/// The admin API's view of a player's shopping lists, `/admin/v1/apps/{app}/players/{player}/lists`:
/// read-only, for support. Owners and support.
struct AdminListsController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        let player = AdminController.signedIn(routes).grouped("apps", ":app", "players", ":player")
        player.requiring(.readPlayers).get("lists", use: lists)
    }

    /// A page of the player's shopping lists as the server holds them (as the player's own `GET
    /// /v1/lists` pages them, `limit` and `cursor`), and how their devices have synced: read-only.
    func lists(_ request: Request) async throws -> AdminPlayerLists {
        let page = try request.query(PageRequest.self)
        let (app, player) = try await AdminController.player(request)
        return try await request.listFeed.supportView(app: app.id, player: player.id, page: page)
    }
}
