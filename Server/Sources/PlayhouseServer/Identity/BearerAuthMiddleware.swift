import Vapor

/// Requires `Authorization: Bearer <token>` on every route it guards and records the caller's
/// ``Principal``. Tokens in the query string are refused outright, so they never land in logs.
struct BearerAuthMiddleware: AsyncMiddleware {
    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
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
        guard let principal = try await request.tokens.authenticate(bearer: String(parts[1]).trimmingCharacters(in: .whitespaces)) else {
            throw PlayhouseProblem.invalidToken
        }
        request.setPrincipal(principal)
        return try await next.respond(to: request)
    }
}
