import PlayhouseAPI

/// What authorises a call: a bearer token (the app's or the player's), or, for a signed-out public
/// client, its client id alone.
enum CallCredential: Sendable, Equatable {
    case bearer(String)
    case publicClient(String)
}

/// Authorises each call with a credential; when the server rejects a bearer token as invalid,
/// drops it and tries once more with a fresh one.
struct BearerAuthInterceptor: Interceptor {
    let credential: @Sendable () async throws -> CallCredential
    let invalidate: @Sendable (String) async -> Void

    func intercept(_ request: HTTPRequest, next: @Sendable (HTTPRequest) async throws -> HTTPResponse) async throws -> HTTPResponse {
        var authorized = request
        let first = try await credential()
        Self.authorize(&authorized, with: first)
        let response = try await next(authorized)
        guard response.status == 401, case .bearer(let token) = first else { return response }
        await invalidate(token)
        Self.authorize(&authorized, with: try await credential())
        return try await next(authorized)
    }

    private static func authorize(_ request: inout HTTPRequest, with credential: CallCredential) {
        switch credential {
        case .bearer(let token):
            request.headers["Authorization"] = "Bearer \(token)"
            request.headers[APIHeader.clientID] = nil
        case .publicClient(let clientID):
            request.headers["Authorization"] = nil
            request.headers[APIHeader.clientID] = clientID
        }
    }
}

extension BearerAuthInterceptor {
    init(session: PlayerSession) {
        self.init(credential: { .bearer(try await session.accessToken()) }, invalidate: { await session.invalidate($0) })
    }

    /// For the calls a signed-out player may make too (the catalog, the app, content placements, a
    /// sign-in PIN): the signed-in player's token; with no player, the app's token when the
    /// configuration holds the client secret, else the public client's id.
    init(session: PlayerSession, tokens: AppTokenProvider, configuration: PlayhouseClient.Configuration) {
        self.init(credential: {
            if await session.currentPlayer() != nil { return .bearer(try await session.accessToken()) }
            if configuration.clientSecret != nil { return .bearer(try await tokens.accessToken()) }
            return .publicClient(configuration.clientID)
        }, invalidate: { token in
            await session.invalidate(token)
            await tokens.invalidate(token)
        })
    }
}
