import PlayhouseAPI
import Vapor

/// `GET /v1/me` and `PATCH /v1/me`: the signed-in player's profile (scope `profile`).
struct ProfileController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        routes.get("me", use: show)
        routes.patch("me", use: update)
    }

    func show(_ request: Request) async throws -> PlayerProfile {
        try await player(request).profile()
    }

    func update(_ request: Request) async throws -> PlayerProfile {
        let player = try await player(request)
        let changes = try request.decodeBody(ProfileUpdate.self)
        return try await request.players.update(player, with: changes).profile()
    }

    private func player(_ request: Request) async throws -> Player {
        let principal = try request.principal
        let playerID = try principal.requirePlayer(scope: "profile")
        guard let player = try await request.players.find(playerID, appID: principal.app.id) else {
            throw PlayhouseProblem.invalidToken
        }
        return player
    }

}
