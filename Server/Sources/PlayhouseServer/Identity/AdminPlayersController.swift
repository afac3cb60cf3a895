import Foundation
import PlayhouseAPI
import Vapor

/// The admin API's players, `/admin/v1/apps/{app}/players`: found by id, email, phone number or
/// invite code; seen whole (profile, wallet and its latest transactions, limits as the player set
/// them, play sessions); their sessions ended. Owners and support; nothing here moves money or
/// changes a limit (an owner's adjustment is ``AdminMoneyController``'s). A player's bets are
/// ``AdminGamesController``'s, their lists ``AdminListsController``'s.
struct AdminPlayersController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        let players = AdminController.signedIn(routes).grouped("apps", ":app", "players")
        players.requiring(.readPlayers).get(use: search)
        players.requiring(.readPlayers).get(":player", use: show)
        players.requiring(.endPlayerSessions).post(":player", "sessions", ":session", "end", use: endSession)
        players.requiring(.deletePlayers).post(":player", "deletion", use: delete)
        players.requiring(.readPlayers).get(":player", "export", use: export)
    }

    /// Every record about the player, as one document (``PlayerExport``): what a player asks
    /// support for, and a regulator.
    func export(_ request: Request) async throws -> Response {
        let (app, player) = try await AdminController.player(request)
        return .playerExport(request.playerExport, of: player, app: app)
    }

    /// Deletes the player's account for them (``DeleteAccount``), audit-logged with its receipt;
    /// real money in the wallet or an open payment still refuses it (`409`).
    func delete(_ request: Request) async throws -> AccountDeletion {
        let session = try request.operatorSession
        let (app, player) = try await AdminController.player(request)
        return try await request.deleteAccount.delete(playerID: player.id, app: app, by: session.actor)
    }

    func search(_ request: Request) async throws -> Page<PlayerProfile> {
        struct Query: Decodable { var q: String? }
        let text = try request.query(Query.self).q ?? ""
        let app = try await AdminController.app(request)
        let page = try request.query(PageRequest.self)
        return page.page(ofAll: try await request.players.search(appID: app.id, text).map { $0.profile() })
    }

    /// The player of the path, as support sees them.
    func show(_ request: Request) async throws -> AdminPlayer {
        let (app, player) = try await AdminController.player(request)
        return try await request.supportView.player(player, of: app)
    }

    /// Ends one of the player's play sessions and revokes its tokens.
    func endSession(_ request: Request) async throws -> HTTPStatus {
        let session = try request.operatorSession
        let (_, player) = try await AdminController.player(request)
        let id = request.parameters.get("session").flatMap(UUID.init(uuidString:))
        guard let id, try await request.playSessions.sessions(playerID: player.id).contains(where: { $0.id == id.uuidString.lowercased() }) else {
            throw PlayhouseProblem(.notFound, .sessionNotFound)
        }
        try await request.playSessions.end(id, by: session.actor)
        return .noContent
    }
}
