/// Adds a bearer token (the app's or the player's); when the server rejects it as invalid, drops it
/// and tries once more with a fresh one.
struct BearerAuthInterceptor: Interceptor {
    let token: @Sendable () async throws -> String
    let invalidate: @Sendable (String) async -> Void

    func intercept(_ request: HTTPRequest, next: @Sendable (HTTPRequest) async throws -> HTTPResponse) async throws -> HTTPResponse {
        let token = try await token()
        var authorized = request
        authorized.headers["Authorization"] = "Bearer \(token)"
        let response = try await next(authorized)
        guard response.status == 401 else { return response }
        await invalidate(token)
        authorized.headers["Authorization"] = "Bearer \(try await self.token())"
        return try await next(authorized)
    }
}

extension BearerAuthInterceptor {
    init(tokens: AppTokenProvider) {
        self.init(token: { try await tokens.accessToken() }, invalidate: { await tokens.invalidate($0) })
    }

    init(session: PlayerSession) {
        self.init(token: { try await session.accessToken() }, invalidate: { await session.invalidate($0) })
    }
}
