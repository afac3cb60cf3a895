import Foundation
import PlayhouseAPI
@testable import PlayhouseServer
import Testing
import Vapor

@Suite struct ClientCredentialsTests {
    @Test(arguments: Engine.available)
    func basicAuthenticationGetsAToken(_ engine: Engine) async throws {
        try await withPlayhouse(engine) { app in
            let credentials = try await app.createApp()
            let response = try await app.postForm("/oauth/token", "grant_type=client_credentials", headers: basic(credentials))
            #expect(response.status == .ok)
            #expect(response.headers.first(name: .cacheControl) == "no-store")
            let token = try response.decode(TokenResponse.self)
            #expect(token.tokenType == "Bearer")
            #expect(token.expiresIn == 3600)
            #expect(token.scope == "profile wallet play lists")
            #expect(token.accessToken.hasPrefix("pha_") && token.accessToken.count > 40)

            let me = try await app.send(.GET, "/v1/app", headers: bearer(token.accessToken))
            #expect(me.status == .ok)
            let info = try me.decode(AppInfo.self)
            #expect(info.name == "My Game")
            #expect(info.clientID == credentials.app.clientID)
            #expect(info.environment == .sandbox)
            #expect(info.ern == "ern:app:\(info.id)")
            #expect(info.redirectURIs == ["mygame://authorize"])
        }
    }

    @Test(arguments: Engine.available)
    func formFieldsAuthenticateToo(_ engine: Engine) async throws {
        try await withPlayhouse(engine) { app in
            let credentials = try await app.createApp()
            let secret = credentials.clientSecret!.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
            let response = try await app.postForm(
                "/oauth/token", "grant_type=client_credentials&client_id=\(credentials.app.clientID)&client_secret=\(secret)")
            #expect(response.status == .ok)
        }
    }

    /// RFC 6749 §3.2: unknown parameters are ignored, empty ones count as omitted, repeated ones are refused.
    @Test(arguments: Engine.available)
    func formParametersFollowRFC6749(_ engine: Engine) async throws {
        try await withPlayhouse(engine) { app in
            let credentials = try await app.createApp()
            let extras = try await app.postForm("/oauth/token", "grant_type=client_credentials&%C3%9C=1&=x&client_id=&scope=",
                                                headers: basic(credentials))
            #expect(extras.status == .ok)

            let repeated = try await app.postForm("/oauth/token", "grant_type=client_credentials&scope=wallet&scope=play",
                                                  headers: basic(credentials))
            #expect(repeated.status == .badRequest)
            #expect(try repeated.problem().detail == "The parameter scope was sent more than once.")

            let badEscape = try await app.postForm("/oauth/token", "grant_type=client_credentials&scope=%ZZ", headers: basic(credentials))
            #expect(badEscape.status == .badRequest)
            #expect(try badEscape.problem().code == .invalidRequest)
        }
    }

    /// A client id no app could have (here with a NUL byte, which PostgreSQL text cannot hold) is
    /// simply a wrong client, on every engine.
    @Test(arguments: Engine.available)
    func impossibleClientIDsAreWrongClients(_ engine: Engine) async throws {
        try await withPlayhouse(engine) { app in
            let response = try await app.postForm("/oauth/token", "grant_type=client_credentials&client_id=E%00x&client_secret=s")
            #expect(response.status == .unauthorized)
            #expect(try response.problem().code == .invalidClient)
        }
    }

    @Test func requestedScopesAreGrantedWhenTheAppHasThem() async throws {
        try await withPlayhouse(.sqlite) { app in
            let credentials = try await app.createApp()
            let token = try await app.appToken(credentials, scope: "wallet play")
            let info = try await app.send(.GET, "/v1/app", headers: bearer(token)).decode(AppInfo.self)
            #expect(info.tokenScopes == ["wallet", "play"])
            #expect(info.scopes == ["profile", "wallet", "play", "lists"])

            let refused = try await app.postForm("/oauth/token", "grant_type=client_credentials&scope=wallet%20admin", headers: basic(credentials))
            #expect(refused.status == .badRequest)
            let problem = try refused.problem()
            #expect(problem.code == .invalidScope)
            #expect(problem.error == "invalid_scope")
            #expect(problem.detail?.contains("admin") == true)
        }
    }

    @Test(arguments: Engine.available)
    func wrongSecretsAreRefusedWithoutSayingWhich(_ engine: Engine) async throws {
        try await withPlayhouse(engine) { app in
            let credentials = try await app.createApp()
            let wrongSecret = try await app.postForm("/oauth/token", "grant_type=client_credentials",
                                                     headers: basic(credentials.app.clientID, "phs_wrong"))
            let unknownClient = try await app.postForm("/oauth/token", "grant_type=client_credentials",
                                                       headers: basic("ph_nobody", credentials.clientSecret!))
            for response in [wrongSecret, unknownClient] {
                #expect(response.status == .unauthorized)
                #expect(response.headers.first(name: .wwwAuthenticate) == #"Basic realm="playhouse""#)
                let problem = try response.problem()
                #expect(problem.code == .invalidClient)
                #expect(problem.error == "invalid_client")
                #expect(problem.errorDescription == "The client id or client secret is wrong.")
            }
            let none = try await app.postForm("/oauth/token", "grant_type=client_credentials")
            #expect(none.status == .unauthorized)
        }
    }

    @Test func badTokenRequestsGetOAuthErrors() async throws {
        try await withPlayhouse(.sqlite) { app in
            let credentials = try await app.createApp()
            let missing = try await app.postForm("/oauth/token", "", headers: basic(credentials))
            #expect(missing.status == .badRequest)
            #expect(try missing.problem().detail == "The parameter grant_type is required.")

            let unsupported = try await app.postForm("/oauth/token", "grant_type=password&username=a&password=b", headers: basic(credentials))
            #expect(unsupported.status == .badRequest)
            #expect(try unsupported.problem().error == "unsupported_grant_type")

            let twoMethods = try await app.postForm(
                "/oauth/token", "grant_type=client_credentials&client_id=\(credentials.app.clientID)&client_secret=x", headers: basic(credentials))
            #expect(twoMethods.status == .badRequest)
            #expect(try twoMethods.problem().error == "invalid_request")

            var json = basic(credentials)
            json.add(name: .contentType, value: "application/json")
            let wrongType = try await app.send(.POST, "/oauth/token", headers: json, body: #"{"grant_type":"client_credentials"}"#)
            #expect(wrongType.status == .unsupportedMediaType)
            #expect(try wrongType.problem().detail == "This endpoint accepts application/x-www-form-urlencoded, not application/json.")

            let garbled = try await app.send(.POST, "/oauth/token",
                                             headers: ["Authorization": "Basic !!!notbase64", "Content-Type": "application/x-www-form-urlencoded"],
                                             body: "grant_type=client_credentials")
            #expect(garbled.status == .unauthorized)
        }
    }

    @Test(arguments: Engine.available)
    func repeatedFailuresFromOneAddressAreRateLimited(_ engine: Engine) async throws {
        try await withPlayhouse(engine, { $0.clientAuthFailureLimit = 3; $0.clientAuthFailureWindow = 3600 }) { app in
            app.playhouseClock.startAWindow(of: 3600)
            let credentials = try await app.createApp()
            for _ in 0..<3 {
                let failed = try await app.postForm("/oauth/token", "grant_type=client_credentials", headers: basic(credentials.app.clientID, "wrong"))
                #expect(failed.status == .unauthorized)
            }
            // Now even the right secret is refused until the window ends.
            let limited = try await app.postForm("/oauth/token", "grant_type=client_credentials", headers: basic(credentials))
            #expect(limited.status == .tooManyRequests)
            let retryAfter = try #require(limited.headers.first(name: .retryAfter).flatMap(Int.init))
            #expect((1...3600).contains(retryAfter))
            #expect(try limited.problem().code == .rateLimited)

            app.playhouseClock.advance(by: TimeInterval(retryAfter))
            let allowed = try await app.postForm("/oauth/token", "grant_type=client_credentials", headers: basic(credentials))
            #expect(allowed.status == .ok)
        }
    }
}
