import Foundation
import PlayhouseAPI
import Vapor

/// The admin API, `/admin/v1`: what the console's pages do, as ordinary calls that the command
/// line, tests and scripts can make too. A session starts with `POST /admin/v1/sessions`; every
/// other call needs it (``OperatorAuthMiddleware``) and its role's permission, checked here.
struct AdminController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        let admin = routes.grouped("admin", "v1")
        admin.post("sessions", use: signIn)
        admin.post("invitations", use: acceptInvitation)
        let signedIn = Self.signedIn(routes)
        signedIn.get("session", use: session)
        signedIn.delete("session", use: signOut)
        signedIn.requiring(.manageOperators).get("operators", use: operators)
        signedIn.requiring(.manageOperators).post("operators", use: invite)
        signedIn.requiring(.manageOperators).post("operators", ":operator", "disable", use: disable)
        signedIn.post("second-factor", use: startSecondFactor)
        signedIn.put("second-factor", use: confirmSecondFactor)
        signedIn.requiring(.readAuditLog).get("audit-log", use: auditLog)
        signedIn.requiring(.readAuditLog).get("audit-log", "export", use: exportAuditLog)
    }

    /// Where the admin API's calls that need a signed-in operator go (every feature's, under `/admin/v1`).
    static func signedIn(_ routes: any RoutesBuilder) -> any RoutesBuilder {
        routes.grouped("admin", "v1").grouped(OperatorAuthMiddleware())
    }

    func signIn(_ request: Request) async throws -> Response {
        let body = try Self.json(OperatorSignIn.self, request)
        switch try await request.operators.signIn(email: body.email, password: body.password, code: body.code) {
        case .signedIn(let cookie, let session):
            let response = try await ConsoleSession(operator: session.person, csrfToken: session.csrf).encodeResponse(status: .created, for: request)
            response.headers.replaceOrAdd(name: .cacheControl, value: "no-store")
            OperatorSession.set(cookie, on: response, request)
            return response
        case .refused:
            throw PlayhouseProblem(.unauthorized, .operatorSignInFailed)
        case .locked(let until):
            throw Self.locked(until: until, now: request.now)
        case .secondFactorRequired:
            throw PlayhouseProblem(.unauthorized, .secondFactorRequired)
        }
    }

    /// The body of a call that needs no session, as JSON only: a form another site posts (to sign
    /// its visitor in as someone else) is refused, 415.
    static func json<Body: Decodable>(_ type: Body.Type, _ request: Request) throws -> Body {
        try request.requireJSONBody()
        return try request.decodeBody(Body.self)
    }

    /// The app the path's `:app` names (its client id or id), if the signed-in operator reaches it
    /// (``AppAccess``); 404 when there is none, or it is limited to other operators.
    static func app(_ request: Request) async throws -> AppRecord {
        let person = try request.operatorSession.person
        guard let app = try await request.apps.find(request.parameters.get("app") ?? ""),
              try await request.appAccess.reaches(app, by: person) else {
            throw PlayhouseProblem(.notFound, .notFound, parameters: ["path": request.url.path])
        }
        return app
    }

    /// The app of the path and its player the path's `:player` names; 404 when there is none.
    static func player(_ request: Request) async throws -> (AppRecord, Player) {
        let app = try await app(request)
        guard let id = request.parameters.get("player").flatMap(UUID.init(uuidString:)),
              let player = try await request.players.find(id, appID: app.id) else { throw PlayhouseProblem(.notFound, .playerNotFound) }
        return (app, player)
    }

    /// 429 `operator_locked`, saying when to try again.
    static func locked(until: Date, now: Date) -> PlayhouseProblem {
        let seconds = max(1, Int(until.timeIntervalSince(now).rounded()))
        return PlayhouseProblem(.tooManyRequests, .operatorLocked, parameters: ["minutes": String((seconds + 59) / 60)],
                                headers: ["Retry-After": String(seconds)])
    }

    /// Sets the invited operator's password: `{"invitation": …, "password": …}`.
    func acceptInvitation(_ request: Request) async throws -> Operator {
        let body = try Self.json(InvitationAcceptance.self, request)
        guard let person = try await request.operators.acceptInvitation(body.invitation, password: body.password) else {
            throw PlayhouseProblem(.notFound, .invitationNotFound)
        }
        return person
    }

    func session(_ request: Request) async throws -> ConsoleSession {
        let session = try request.operatorSession
        return ConsoleSession(operator: session.person, csrfToken: session.csrf)
    }

    func signOut(_ request: Request) async throws -> Response {
        if let cookie = request.cookies[OperatorSession.cookie]?.string { try await request.operators.signOut(cookie: cookie) }
        let response = Response(status: .noContent)
        OperatorSession.clear(on: response)
        return response
    }

    /// A new secret for the signed-in operator's authenticator app (not in use until confirmed).
    func startSecondFactor(_ request: Request) async throws -> Response {
        let session = try request.operatorSession
        try session.requireConsole()
        let (secret, uri) = try await request.operators.startSecondFactor(session.person)
        let response = try await OperatorSecondFactorSetup(secret: secret, otpauthURI: uri).encodeResponse(status: .created, for: request)
        response.headers.replaceOrAdd(name: .cacheControl, value: "no-store")
        return response
    }

    /// Turns the second factor on with a code of it: `{"code": "123456"}`.
    func confirmSecondFactor(_ request: Request) async throws -> Operator {
        let session = try request.operatorSession
        try session.requireConsole()
        let body = try request.decodeBody(SecondFactorConfirmation.self)
        return try await request.operators.confirmSecondFactor(session.person, code: body.code)
    }

    func operators(_ request: Request) async throws -> Page<Operator> {
        let page = try request.query(PageRequest.self)
        return page.page(ofAll: try await request.operators.list())
    }

    /// The invited operator, and the one-time link where they set their password (shown only now).
    func invite(_ request: Request) async throws -> Response {
        let session = try request.operatorSession
        try session.requireConsole()
        let body = try request.decodeBody(OperatorInvite.self)
        guard let role = OperatorRole(rawValue: body.role) else {
            throw PlayhouseProblem.validation([.init(name: "role", code: "invalid_value")])
        }
        let (person, link) = try await request.operators.invite(email: body.email, role: role, by: session.actor)
        let answer = OperatorInvitation(operator: person, invitationURL: link)
        let response = try await answer.encodeResponse(status: .created, for: request)
        response.headers.replaceOrAdd(name: .cacheControl, value: "no-store")
        return response
    }

    func disable(_ request: Request) async throws -> Operator {
        let session = try request.operatorSession
        guard let id = request.parameters.get("operator").flatMap(UUID.init(uuidString:)),
              let disabled = try await request.operators.disable(id, by: session.actor) else {
            throw PlayhouseProblem(.notFound, .operatorNotFound)
        }
        return disabled
    }

    func auditLog(_ request: Request) async throws -> Page<AuditEntry> {
        return try await request.auditLog.entries(try request.query(PageRequest.self))
    }

    /// Every entry, oldest first, one JSON object a line (`application/jsonl`).
    func exportAuditLog(_ request: Request) async throws -> Response {
        let encoder = PlayhouseJSON.makeEncoder()
        var body = ByteBuffer()
        for entry in try await request.auditLog.all() {
            body.writeBytes(try encoder.encodeBytes(entry))
            body.writeString("\n")
        }
        let response = Response(status: .ok, body: .init(buffer: body))
        response.headers.replaceOrAdd(name: .contentType, value: "application/jsonl")
        response.headers.replaceOrAdd(name: .contentDisposition, value: #"attachment; filename="playhouse-audit-log.jsonl""#)
        return response
    }
}

