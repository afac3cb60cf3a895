import Vapor

/// Requires `Authorization: Bearer <token>` on every route it guards and records the caller's
/// ``Principal``. Tokens in the query string are refused outright, so they never land in logs.
///
/// The token's check and an async route run in one task: an async middleware would start a task
/// of its own, and the route another.
struct BearerAuthMiddleware: Middleware {
    func respond(to request: Request, chainingTo next: any Responder) -> EventLoopFuture<Response> {
        let bearer: String
        do {
            bearer = try Self.bearer(request)
        } catch {
            return request.eventLoop.makeFailedFuture(error)
        }
        return request.eventLoop.makeFutureWithTask {
            guard let principal = try await request.tokens.authenticate(bearer: bearer) else { throw PlayhouseProblem.invalidToken }
            request.setPrincipal(principal)
            if let route = next as? any AsyncResponder { return try await route.respond(to: request) }
            return try await next.respond(to: request).get()
        }
    }

    /// The request's bearer token.
    private static func bearer(_ request: Request) throws -> String {
        if request.url.query?.split(separator: "&").contains(where: { $0.hasPrefix("access_token=") }) == true {
            throw PlayhouseProblem.invalidRequest("token_in_query")
        }
        guard let header = request.headers.first(name: .authorization) else { throw PlayhouseProblem.missingToken }
        let parts = header.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else {
            var problem = PlayhouseProblem.invalidToken
            problem.message = "malformed_authorization"
            throw problem
        }
        return String(parts[1]).trimmingCharacters(in: .whitespaces)
    }
}
