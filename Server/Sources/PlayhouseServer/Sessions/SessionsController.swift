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
        try await request.sessions.status(try sessionID(request), rules: request.sessionRules)
    }

    func keepAlive(_ request: Request) async throws -> PlaySessionStatus {
        let sessionID = try sessionID(request)
        let hasBody = (request.body.data?.readableBytes ?? 0) > 0
        let body = hasBody ? try request.content.decode(KeepAliveRequest.self) : KeepAliveRequest()
        return try await request.sessions.keepAlive(sessionID, realityChecked: body.realityChecked, rules: request.sessionRules)
    }

    func end(_ request: Request) async throws -> HTTPStatus {
        try await request.sessions.end(try sessionID(request))
        return .noContent
    }

    private func sessionID(_ request: Request) throws -> UUID {
        let principal = try request.principal
        guard principal.playerID != nil else { throw PlayhouseProblem(.forbidden, .playerTokenRequired) }
        guard let sessionID = principal.sessionID else { throw PlayhouseProblem(.notFound, .sessionNotFound) }
        return sessionID
    }
}

extension Request {
    var sessions: SessionService { SessionService(database: db, now: now) }

    var sessionRules: SessionService.Rules {
        SessionService.Rules(inactivityTimeout: playhouse.configuration.sessionInactivityTimeout,
                             realityCheckInterval: playhouse.configuration.realityCheckInterval)
    }
}
