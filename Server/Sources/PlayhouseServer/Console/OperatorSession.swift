import Foundation
import PlayhouseAPI
import Vapor

/// How a request to the admin API or a console page is tied to a signed-in operator: the console's
/// cookie (HttpOnly, SameSite=Strict, Secure behind HTTPS), and for every change the session's CSRF
/// token in the `X-CSRF-Token` header (the pages' script sends it).
enum OperatorSession {
    static let cookie = "playhouse_console"
    static let csrfHeader = "X-CSRF-Token"

    /// The session of the request's cookie; nil when there is none, or it ended. Kept on the
    /// request (``Request/operatorSession``), for what a page shares with the admin API.
    static func current(_ request: Request) async throws -> OperatorService.Session? {
        guard let cookie = request.cookies[Self.cookie]?.string, let session = try await request.operators.session(cookie: cookie) else { return nil }
        request.storage[OperatorAuthMiddleware.Key.self] = session
        return session
    }

    /// Sets the cookie of a new session.
    static func set(_ cookie: String, on response: Response, _ request: Request) {
        response.cookies[Self.cookie] = HTTPCookies.Value(
            string: cookie, expires: request.now.addingTimeInterval(OperatorService.sessionLifetime), path: "/",
            isSecure: request.playhouse.configuration.resolvedPublicURL.hasPrefix("https:"), isHTTPOnly: true, sameSite: .strict)
    }

    /// Clears the cookie.
    static func clear(on response: Response) {
        response.cookies[Self.cookie] = HTTPCookies.Value(string: "", maxAge: 0, path: "/", isHTTPOnly: true, sameSite: .strict)
    }

    /// Whether a change may go ahead: a call with an API token needs no CSRF token; a console
    /// session's change carries its CSRF token (compared in constant time).
    static func accepts(_ token: String?, for session: OperatorService.Session) -> Bool {
        switch session.via {
        case .apiToken: true
        case .console(let csrf): SecretToken.matches(token, csrf)
        }
    }
}

/// The admin API's gate: every call needs a signed-in operator, by the console's cookie or an API
/// token (401 without), and every change of a console session its CSRF token (403). A call's own
/// permission is checked by its handler (``OperatorService/Session/require(_:)``).
struct OperatorAuthMiddleware: AsyncMiddleware {
    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        let session: OperatorService.Session? = if let cookie = try await OperatorSession.current(request) { cookie }
            else if let token = request.headers.bearerAuthorization?.token { try await request.operatorTokens.session(token: token) }
            else { nil }
        guard let session else { throw PlayhouseProblem(.unauthorized, .operatorSignInRequired) }
        if ![.GET, .HEAD].contains(request.method), !OperatorSession.accepts(request.headers.first(name: OperatorSession.csrfHeader), for: session) {
            throw PlayhouseProblem(.forbidden, .csrfRejected)
        }
        request.storage[Key.self] = session
        return try await next.respond(to: request)
    }

    struct Key: StorageKey { typealias Value = OperatorService.Session }
}

/// Lets through an admin API call only if the signed-in operator's role has `permission`: 403
/// `role_forbidden` otherwise, before the handler reads anything. Declared where the route is
/// registered, with ``Vapor/RoutesBuilder/requiring(_:)``.
struct OperatorPermissionMiddleware: AsyncMiddleware {
    let permission: OperatorRole.Permission

    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        try request.operatorSession.require(permission)
        return try await next.respond(to: request)
    }
}

extension RoutesBuilder {
    /// These routes (under ``AdminController/signedIn(_:)``) for operators whose role has
    /// `permission`: `app.requiring(.readApps).get("currencies", use: currencies)`.
    func requiring(_ permission: OperatorRole.Permission) -> any RoutesBuilder {
        grouped(OperatorPermissionMiddleware(permission: permission))
    }
}

extension Request {
    /// The operator signed in for this admin API call (``OperatorAuthMiddleware``).
    var operatorSession: OperatorService.Session {
        get throws {
            guard let session = storage[OperatorAuthMiddleware.Key.self] else { throw PlayhouseProblem(.unauthorized, .operatorSignInRequired) }
            return session
        }
    }
}

extension OperatorService.Session {
    /// The operator, if their role may do what `permission` names; 403 `role_forbidden` otherwise.
    @discardableResult
    func require(_ permission: OperatorRole.Permission) throws -> Operator {
        guard person.role.may(permission) else {
            throw PlayhouseProblem(.forbidden, .roleForbidden, parameters: ["permission": permission.rawValue])
        }
        return person
    }

    var actor: AuditActor { .of(person) }

    /// 403 `console_session_required` for a call with an API token: what secures an operator's
    /// access (tokens, second factors, invitations) is done signed in to the console.
    func requireConsole() throws {
        guard case .console = via else { throw PlayhouseProblem(.forbidden, .consoleSessionRequired) }
    }
}
