import PlayhouseAPI
import Vapor

/// `GET /v1/me` and `PATCH /v1/me`: the signed-in player's profile (scope `profile`), and
/// `POST /v1/auth/logout`, which ends the player's session and revokes its tokens.
struct ProfileController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        routes.get("me", use: show)
        routes.patch("me", use: update)
        routes.post("auth", "logout", use: logout)
    }

    func show(_ request: Request) async throws -> PlayerProfile {
        try await player(request).profile()
    }

    func update(_ request: Request) async throws -> PlayerProfile {
        let player = try await player(request)
        let changes = try request.content.decode(ProfileUpdate.self)
        return try await players(request).update(player, with: changes).profile()
    }

    func logout(_ request: Request) async throws -> HTTPStatus {
        let principal = try request.principal
        guard principal.playerID != nil else { throw PlayhouseProblem(.forbidden, .playerTokenRequired) }
        if let sessionID = principal.sessionID {
            try await SessionService(database: request.db, now: request.now).end(sessionID)
        } else {
            _ = try await TokenService(database: request.db, now: request.now).claim(principal.tokenID)
        }
        return .noContent
    }

    private func player(_ request: Request) async throws -> Player {
        let principal = try request.principal
        let playerID = try principal.requirePlayer(scope: "profile")
        guard let player = try await players(request).find(playerID, appID: principal.app.id) else {
            throw PlayhouseProblem.invalidToken
        }
        return player
    }

    private func players(_ request: Request) -> PlayerService {
        PlayerService(database: request.db, hasher: request.passwordHasher)
    }
}
