import PlayhouseAPI
import Vapor

/// The signed-in player's play session: where it stands (Betable's heartbeat), keep-alive with
/// reality-check acknowledgement, and ending it (which revokes its tokens).
struct SessionsController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        let current = routes.grouped("sessions", "current")
        current.get(use: show)
        current.post("keep-alive", use: keepAlive)
        current.delete(use: end)
    }

    func show(_ request: Request) async throws -> PlaySessionStatus {
        try await request.playSessions.status(try session(request), serverRules: request.serverSessionRules)
    }

    func keepAlive(_ request: Request) async throws -> PlaySessionStatus {
        let sessionID = try session(request)
        let hasBody = (request.body.data?.readableBytes ?? 0) > 0
        let body = hasBody ? try request.decodeBody(KeepAliveRequest.self) : KeepAliveRequest()
        return try await request.playSessions.keepAlive(sessionID, realityChecked: body.realityChecked, serverRules: request.serverSessionRules)
    }

    func end(_ request: Request) async throws -> HTTPStatus {
        try await request.playSessions.end(try session(request))
        return .noContent
    }

    /// The play session of the caller's player token.
    private func session(_ request: Request) throws -> UUID {
        let principal = try request.principal
        _ = try principal.requirePlayer()
        guard let sessionID = principal.sessionID else { throw PlayhouseProblem(.notFound, .sessionNotFound) }
        return sessionID
    }
}
