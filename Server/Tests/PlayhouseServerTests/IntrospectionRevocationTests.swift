import Foundation
import PlayhouseAPI
@testable import PlayhouseServer
import Testing
import Vapor

@Suite struct IntrospectionRevocationTests {
    @Test(arguments: Engine.available)
    func introspectionDescribesALiveToken(_ engine: Engine) async throws {
        try await withPlayhouse(engine, { $0.publicURL = "https://play.example.com" }) { app in
            let credentials = try await app.createApp()
            let token = try await app.appToken(credentials)
            let response = try await app.postForm("/oauth/introspect", "token=\(token)", headers: basic(credentials))
            #expect(response.status == .ok)
            let answer = try response.decode(IntrospectionResponse.self)
            #expect(answer.active)
            #expect(answer.clientID == credentials.app.clientID)
            #expect(answer.scope == "profile wallet play lists")
            #expect(answer.iss == "https://play.example.com")
            let expiry = try #require(answer.exp), issued = try #require(answer.iat)
            #expect(expiry - issued == 3600)
        }
    }

    @Test(arguments: Engine.available)
    func otherAppsSeeTokensAsInactiveAndCannotRevokeThem(_ engine: Engine) async throws {
        try await withPlayhouse(engine) { app in
            let mine = try await app.createApp(name: "Mine")
            let theirs = try await app.createApp(name: "Theirs")
            let token = try await app.appToken(mine)
            let peek = try await app.postForm("/oauth/introspect", "token=\(token)", headers: basic(theirs))
            #expect(try peek.decode(IntrospectionResponse.self) == IntrospectionResponse(active: false))

            let revoke = try await app.postForm("/oauth/revoke", "token=\(token)", headers: basic(theirs))
            #expect(revoke.status == .ok)
            #expect(try await app.send(.GET, "/v1/app", headers: bearer(token)).status == .ok)
        }
    }

    @Test(arguments: Engine.available)
    func revokedTokensStopWorkingAtOnce(_ engine: Engine) async throws {
        try await withPlayhouse(engine) { app in
            let credentials = try await app.createApp()
            let token = try await app.appToken(credentials)
            #expect(try await app.send(.GET, "/v1/app", headers: bearer(token)).status == .ok)

            let revoke = try await app.postForm("/oauth/revoke", "token=\(token)&token_type_hint=access_token", headers: basic(credentials))
            #expect(revoke.status == .ok)
            #expect(revoke.body.readableBytes == 0)

            let after = try await app.send(.GET, "/v1/app", headers: bearer(token))
            #expect(after.status == .unauthorized)
            #expect(try after.problem().code == .invalidToken)
            let introspection = try await app.postForm("/oauth/introspect", "token=\(token)", headers: basic(credentials))
            #expect(try introspection.decode(IntrospectionResponse.self).active == false)

            // Revoking again, or revoking nonsense, is still a 200 (RFC 7009 §2.2).
            #expect(try await app.postForm("/oauth/revoke", "token=\(token)", headers: basic(credentials)).status == .ok)
            #expect(try await app.postForm("/oauth/revoke", "token=nonsense", headers: basic(credentials)).status == .ok)
        }
    }

    @Test(arguments: Engine.available)
    func expiredTokensAreRefused(_ engine: Engine) async throws {
        try await withPlayhouse(engine) { app in
            let credentials = try await app.createApp()
            let token = try await app.appToken(credentials)
            // Margins of minutes: the wall clock keeps moving under a loaded test run.
            app.playhouseClock.advance(by: 3400)
            #expect(try await app.send(.GET, "/v1/app", headers: bearer(token)).status == .ok)
            app.playhouseClock.advance(by: 400)
            let expired = try await app.send(.GET, "/v1/app", headers: bearer(token))
            #expect(expired.status == .unauthorized)
            #expect(expired.headers.first(name: .wwwAuthenticate) == #"Bearer realm="playhouse", error="invalid_token""#)
            let introspection = try await app.postForm("/oauth/introspect", "token=\(token)", headers: basic(credentials))
            #expect(try introspection.decode(IntrospectionResponse.self).active == false)
        }
    }

    @Test func introspectionAndRevocationNeedTheClient() async throws {
        try await withPlayhouse(.sqlite) { app in
            let credentials = try await app.createApp()
            let token = try await app.appToken(credentials)
            for path in ["/oauth/introspect", "/oauth/revoke"] {
                #expect(try await app.postForm(path, "token=\(token)").status == .unauthorized)
                #expect(try await app.postForm(path, "token=\(token)", headers: basic(credentials.app.clientID, "nope")).status == .unauthorized)
                let missing = try await app.postForm(path, "", headers: basic(credentials))
                #expect(missing.status == .badRequest)
                #expect(try missing.problem().detail == "The parameter token is required.")
            }
            #expect(try await app.send(.GET, "/v1/app", headers: bearer(token)).status == .ok)
        }
    }
}
