import PlayhouseAPI
import Vapor

/// Requires `Authorization: Bearer <token>` on every route it guards and records the caller's
/// ``Principal``. Tokens in the query string are refused outright, so they never land in logs.
///
/// On the routes a signed-out player may use (``signedOutPublicClients``), a call without a token
/// may instead name a public client in `Playhouse-Client-ID`: a public client has no secret, so its
/// app has no token before a player signs in. Such a caller has no scopes, no player and no app token.
///
/// The token's check and an async route run in one task: an async middleware would start a task
/// of its own, and the route another.
struct BearerAuthMiddleware: Middleware {
    /// Whether a call without a token may name a public client instead.
    var admitsSignedOutPublicClients = false

    /// For the routes a signed-out player of a public client may use (the app, a sign-in PIN,
    /// content placements, the catalog, game data).
    static let signedOutPublicClients = BearerAuthMiddleware(admitsSignedOutPublicClients: true)

    func respond(to request: Request, chainingTo next: any Responder) -> EventLoopFuture<Response> {
        let bearer: String?
        do {
            bearer = try Self.bearer(request, optional: admitsSignedOutPublicClients)
        } catch {
            return request.eventLoop.makeFailedFuture(error)
        }
        return request.eventLoop.makeFutureWithTask {
            if let bearer {
                guard let principal = try await request.tokens.authenticate(bearer: bearer) else { throw PlayhouseProblem.invalidToken }
                request.setPrincipal(principal)
            } else {
                request.setPrincipal(try await Self.signedOutPublicClient(request))
            }
            if let route = next as? any AsyncResponder { return try await route.respond(to: request) }
            return try await next.respond(to: request).get()
        }
    }

    /// The request's bearer token; nil, when `optional`, for a request without `Authorization`.
    private static func bearer(_ request: Request, optional: Bool) throws -> String? {
        if request.url.query?.split(separator: "&").contains(where: { $0.hasPrefix("access_token=") }) == true {
            throw PlayhouseProblem.invalidRequest("token_in_query")
        }
        guard let header = request.headers.first(name: .authorization) else {
            if optional { return nil }
            throw PlayhouseProblem.missingToken
        }
        let parts = header.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else {
            var problem = PlayhouseProblem.invalidToken
            problem.message = "malformed_authorization"
            throw problem
        }
        return String(ASCIIShape.trimmingSpaces(parts[1]))
    }

    /// The caller of a request without a token: the public client its `Playhouse-Client-ID` names.
    /// No header is a missing token; an id that is no app's is `invalid_client`; a confidential
    /// app's id is a missing token too (it reads with its app token).
    private static func signedOutPublicClient(_ request: Request) async throws -> Principal {
        guard let clientID = request.headers.first(name: APIHeader.clientID) else { throw PlayhouseProblem.missingToken }
        let client = try await request.apps.client(clientID)
        guard let app = client.app else {
            throw PlayhouseProblem(.unauthorized, .invalidClient, headers: ["WWW-Authenticate": #"Bearer realm="playhouse""#])
        }
        guard app.isPublic else { throw PlayhouseProblem.missingToken }
        return Principal(tokenID: nil, app: app, scopes: [], playerID: nil, sessionID: nil, clientUserID: nil, expiresAt: .distantFuture)
    }
}
