import Foundation
import PlayhouseAPI
@testable import PlayhouseServer
import Testing
import Vapor

@Suite struct PlayerTokenTests {
    @Test(arguments: Engine.available)
    func refreshTokensRotateAndAReusedOneRevokesTheFamily(_ engine: Engine) async throws {
        try await withPlayhouse(engine, { $0.passwordHashCost = 4 }) { app in
            var flow = SignInFlow(app, try await app.createApp())
            let first = try await flow.tokens()
            let refresh = { (token: String) in
                try await app.postForm("/oauth/token", "grant_type=refresh_token&refresh_token=\(token)", headers: basic(flow.credentials))
            }
            let second = try await refresh(first.refreshToken!).decode(TokenResponse.self)
            #expect(second.refreshToken != first.refreshToken)
            #expect(second.sessionID == first.sessionID)
            #expect(try await app.send(.GET, "/v1/me", headers: bearer(second.accessToken)).status == .ok)

            let reuse = try await refresh(first.refreshToken!)
            #expect(try reuse.problem().code == .invalidGrant)
            // The thief's copy and the rightful new tokens all stop working.
            #expect(try await app.send(.GET, "/v1/me", headers: bearer(second.accessToken)).status == .unauthorized)
            #expect(try await refresh(second.refreshToken!).status == .badRequest)
        }
    }

    @Test(arguments: Engine.available)
    func refreshCanNarrowButNotWidenScopes(_ engine: Engine) async throws {
        try await withPlayhouse(engine, { $0.passwordHashCost = 4 }) { app in
            var flow = SignInFlow(app, try await app.createApp())
            let tokens = try await flow.tokens(scope: "profile play")
            let wider = try await app.postForm("/oauth/token", "grant_type=refresh_token&refresh_token=\(tokens.refreshToken!)&scope=profile%20wallet",
                                               headers: basic(flow.credentials))
            #expect(try wider.problem().code == .invalidScope)
            let narrower = try await app.postForm("/oauth/token", "grant_type=refresh_token&refresh_token=\(tokens.refreshToken!)&scope=play",
                                                  headers: basic(flow.credentials))
            #expect(try narrower.decode(TokenResponse.self).scope == "play")
        }
    }

    @Test(arguments: Engine.available)
    func concurrentRefreshesLetExactlyOneThrough(_ engine: Engine) async throws {
        try await withPlayhouse(engine, { $0.passwordHashCost = 4 }) { app in
            var flow = SignInFlow(app, try await app.createApp())
            let tokens = try await flow.tokens()
            let credentials = flow.credentials
            let statuses = try await withThrowingTaskGroup(of: HTTPStatus.self) { group in
                for _ in 0..<4 {
                    group.addTask {
                        try await app.postForm("/oauth/token", "grant_type=refresh_token&refresh_token=\(tokens.refreshToken!)",
                                               headers: basic(credentials)).status
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(statuses.filter { $0 == .ok }.count == 1)
            #expect(statuses.filter { $0 == .badRequest }.count == 3)
        }
    }

    @Test(arguments: Engine.available)
    func revokingARefreshTokenRevokesItsAccessTokens(_ engine: Engine) async throws {
        try await withPlayhouse(engine, { $0.passwordHashCost = 4 }) { app in
            var flow = SignInFlow(app, try await app.createApp())
            let tokens = try await flow.tokens()
            let introspection = try await app.postForm("/oauth/introspect", "token=\(tokens.accessToken)", headers: basic(flow.credentials))
            let answer = try introspection.decode(IntrospectionResponse.self)
            #expect(answer.active)
            #expect(answer.sub == (try await app.send(.GET, "/v1/me", headers: bearer(tokens.accessToken)).decode(PlayerProfile.self).id))

            #expect(try await app.postForm("/oauth/revoke", "token=\(tokens.refreshToken!)", headers: basic(flow.credentials)).status == .ok)
            #expect(try await app.send(.GET, "/v1/me", headers: bearer(tokens.accessToken)).status == .unauthorized)
        }
    }

    @Test(arguments: Engine.available)
    func logoutEndsTheSessionAndRevokesItsTokens(_ engine: Engine) async throws {
        try await withPlayhouse(engine, { $0.passwordHashCost = 4 }) { app in
            var flow = SignInFlow(app, try await app.createApp())
            let tokens = try await flow.tokens()
            let other = try await flow.tokens(register: false)
            #expect(try await app.send(.POST, "/v1/auth/logout", headers: bearer(tokens.accessToken)).status == .noContent)
            #expect(try await app.send(.GET, "/v1/me", headers: bearer(tokens.accessToken)).status == .unauthorized)
            let refresh = try await app.postForm("/oauth/token", "grant_type=refresh_token&refresh_token=\(tokens.refreshToken!)",
                                                 headers: basic(flow.credentials))
            #expect(refresh.status == .badRequest)
            let sessionID = try #require(UUID(uuidString: tokens.sessionID!))
            #expect(try await app.count("play_sessions", where: "id = \(bind: sessionID) AND ended_at IS NOT NULL") == 1)
            // The player's other session goes on.
            #expect(try await app.send(.GET, "/v1/me", headers: bearer(other.accessToken)).status == .ok)
        }
    }

    @Test(arguments: Engine.available)
    func userinfoDescribesThePlayer(_ engine: Engine) async throws {
        try await withPlayhouse(engine, { $0.passwordHashCost = 4 }) { app in
            var flow = SignInFlow(app, try await app.createApp())
            let tokens = try await flow.tokens()
            _ = try await app.send(.PATCH, "/v1/me", headers: bearer(tokens.accessToken).merged(json), body: #"{"first_name":"Ann"}"#)
            let info = try await app.send(.GET, "/oauth/userinfo", headers: bearer(tokens.accessToken)).decode(UserInfo.self)
            #expect(info.email == "ann@example.com")
            #expect(info.givenName == "Ann")

            let appToken = try await app.appToken(flow.credentials)
            let refused = try await app.send(.GET, "/oauth/userinfo", headers: bearer(appToken))
            #expect(try refused.problem().code == .playerTokenRequired)
        }
    }

    @Test(arguments: Engine.available)
    func unbackedTokensArePlayOnlyForTheGamesOwnUser(_ engine: Engine) async throws {
        try await withPlayhouse(engine) { app in
            let credentials = try await app.createApp()
            let response = try await app.postForm("/oauth/token", "grant_type=client_credentials&client_user_id=user-42", headers: basic(credentials))
            let token = try response.decode(TokenResponse.self)
            #expect(token.scope == "play")
            #expect(token.refreshToken == nil)
            let stored = try await app.sql().raw("SELECT scope FROM oauth_tokens WHERE client_user_id = 'user-42'").first()
            #expect(try stored?.decode(column: "scope", as: String.self) == "play")
            #expect(try await app.send(.GET, "/v1/me", headers: bearer(token.accessToken)).status == .forbidden)

            let bad = try await app.postForm("/oauth/token", "grant_type=client_credentials&client_user_id=%00x", headers: basic(credentials))
            #expect(try bad.problem().code == .invalidRequest)
            let noPlay = try await app.createApp(name: "No play", scopes: ["profile"])
            let refused = try await app.postForm("/oauth/token", "grant_type=client_credentials&client_user_id=u", headers: basic(noPlay))
            #expect(try refused.problem().code == .invalidScope)
        }
    }
}

let json: HTTPHeaders = ["Content-Type": "application/json"]

extension HTTPHeaders {
    func merged(_ other: HTTPHeaders) -> HTTPHeaders {
        var all = self
        for (name, value) in other { all.replaceOrAdd(name: name, value: value) }
        return all
    }
}
