import PlayhouseAPI
import Vapor

/// Requires `Authorization: Bearer <token>` on every route it guards and records the caller's
/// ``Principal``. Tokens in the query string are refused outright, so they never land in logs.
///
/// On the routes a signed-out player may use (``signedOutPublicClients``), a call without a token
/// may instead name a public client in `Playhouse-Client-ID`: a public client has no secret, so its
/// app has no token before a player signs in. Such a caller has no scopes, no player and no app token.
///
/// The token's check, the app's rate limits and an async route run in one task: each async
/// middleware after this one would start a task of its own (Vapor calls an `AsyncMiddleware`
/// through a future), and the route another, with two thread switches each.
struct BearerAuthMiddleware: Middleware {
    /// Whether a call without a token may name a public client instead.
    var admitsSignedOutPublicClients = false
    /// Whether the app's calls are held to its rate limits (``RateLimitCheck``).
    var limitsCalls = false
    /// Whether the task runs on the request's event loop (``EventLoopTaskExecutor``) rather than
    /// on Swift's shared threads: for routes that answer from memory most of the time and do
    /// little else (a game data document), which then cost no thread switch at all. Their reads
    /// of SQLite, which block, still run on the shared threads (``SQLiteReaders``).
    var runsOnEventLoop = false

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
        let promise = request.eventLoop.makePromise(of: Response.self)
        let executor: (any TaskExecutor)? = runsOnEventLoop ? EventLoopTaskExecutor(request.eventLoop) : nil
        Task(executorPreference: executor) {
            do {
                promise.succeed(try await respond(to: request, bearer: bearer, chainingTo: next))
            } catch {
                promise.fail(error)
            }
        }
        return promise.futureResult
    }

    private func respond(to request: Request, bearer: String?, chainingTo next: any Responder) async throws -> Response {
        if let bearer {
            guard let principal = try await request.tokens.authenticate(bearer: bearer) else { throw PlayhouseProblem.invalidToken }
            request.setPrincipal(principal)
        } else {
            request.setPrincipal(try await Self.signedOutPublicClient(request))
        }
        let route = next as? any AsyncResponder ?? AsyncBasicResponder { try await next.respond(to: $0).get() }
        if limitsCalls { return try await RateLimitCheck.respond(to: request, chainingTo: route) }
        return try await route.respond(to: request)
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
