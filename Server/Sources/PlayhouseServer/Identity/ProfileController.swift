import PlayhouseAPI
import Vapor

/// `GET /v1/me` and `PATCH /v1/me`: the signed-in player's profile (scope `profile`);
/// `POST /v1/me/deletion`: the player deletes their account (any scope, a sign-in from the last
/// five minutes, ``DeleteAccount``); `GET /v1/me/export`: every record about them (``PlayerExport``).
struct ProfileController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        routes.get("me", use: show)
        routes.patch("me", use: update)
        routes.post("me", "deletion", use: delete)
        routes.get("me", "export", use: export)
    }

    /// Every record about the player, as one document (``PlayerExport``), with a sign-in from
    /// the last five minutes as a deletion: it is everything the server knows of them.
    func export(_ request: Request) async throws -> Response {
        let principal = try request.principal
        let playerID = try principal.requireRecentSignIn(now: request.now)
        guard let player = try await request.players.find(playerID, appID: principal.app.id) else { throw PlayhouseProblem.invalidToken }
        return .playerExport(request.playerExport, of: player, app: principal.app)
    }

    func delete(_ request: Request) async throws -> AccountDeletion {
        let principal = try request.principal
        let playerID = try principal.requireRecentSignIn(now: request.now)
        return try await request.deleteAccount.delete(playerID: playerID, app: principal.app, by: nil)
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

extension Response {
    /// A player's export (``PlayerExport``) as an answer, the player's and support's: streamed as
    /// it is read, `Content-Disposition: attachment`, never cached.
    static func playerExport(_ export: PlayerExport, of player: Player, app: AppRecord) -> Response {
        let response = Response(status: .ok, body: .init(managedAsyncStream: { writer in
            try await export.write(player, app: app) { part in try await writer.write(.buffer(ByteBuffer(string: part))) }
        }))
        response.headers.setJSONContentType()
        response.headers.replaceOrAdd(name: .contentDisposition, value: "attachment; filename=\"playhouse-\(player.id.uuidString.lowercased()).json\"")
        response.headers.replaceOrAdd(name: .cacheControl, value: "no-store")
        return response
    }
}
