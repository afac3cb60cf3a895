import Foundation
import JWTKit
import PlayhouseAPI
@testable import PlayhouseServer
import Testing
import Vapor
import VaporTesting

/// OpenID Connect: with scope `openid`, the code flow's token answer carries an id_token signed
/// with a key the server publishes, with the app's nonce and the player's claims; a rotation of the
/// key breaks no token already issued; discovery names it all.
@Suite struct OpenIDConnectTests {
    struct Claims: JWTPayload {
        var iss: IssuerClaim
        var sub: SubjectClaim
        var aud: AudienceClaim
        var exp: ExpirationClaim
        var nonce: String?
        var email: String?
        var authTime: Int?

        enum CodingKeys: String, CodingKey {
            case iss, sub, aud, exp, nonce, email
            case authTime = "auth_time"
        }

        func verify(using algorithm: some JWTAlgorithm) async throws {}
    }

    /// The published keys, as an outside verifier reads them.
    func publishedKeys(_ app: Application) async throws -> JWTKeyCollection {
        let response = try await app.send(.GET, APIPath.jwks)
        #expect(response.status == .ok)
        #expect(response.headers.first(name: .contentType) == "application/jwk-set+json")
        return try await JWTKeyCollection().add(jwksJSON: response.body.string)
    }

    func idToken(_ app: Application, _ credentials: AppCredentials, nonce: String, scope: String = "openid profile") async throws -> TokenResponse {
        var flow = SignInFlow(app, credentials)
        return try await idToken(&flow, nonce: nonce, scope: scope)
    }

    func idToken(_ flow: inout SignInFlow, nonce: String, scope: String = "openid profile") async throws -> TokenResponse {
        let code = try await flow.signIn(email: "ann@example.com", register: true, scope: scope, nonce: nonce)
        return try await flow.exchange(code).decode(TokenResponse.self)
    }

    @Test(arguments: Engine.available)
    func theCodeFlowWithOpenIDGivesAnIDTokenThatVerifiesWithThePublishedKeys(_ engine: Engine) async throws {
        try await withPlayhouse(engine, { $0.passwordHashCost = 4; $0.publicURL = "https://play.example.com" }) { app in
            let credentials = try await app.createApp()
            var flow = SignInFlow(app, credentials)
            let tokens = try await idToken(&flow, nonce: "n-0S6_WzA2Mj")
            let token = try #require(tokens.idToken)
            #expect(tokens.scope == "openid profile")
            let claims = try await publishedKeys(app).verify(token, as: Claims.self)
            let me = try await app.send(.GET, "/v1/me", headers: bearer(tokens.accessToken)).decode(PlayerProfile.self)
            #expect(claims.iss.value == "https://play.example.com")
            #expect(claims.sub.value == me.id)
            #expect(claims.aud.value == [credentials.app.clientID])
            #expect(claims.nonce == "n-0S6_WzA2Mj")
            #expect(claims.email == "ann@example.com")
            #expect(claims.authTime != nil)
            #expect(claims.exp.value > Date() && claims.exp.value <= Date().addingTimeInterval(3700))
            // Another key cannot have signed it.
            let stranger = JWTKeyCollection()
            await stranger.add(ecdsa: ES256PrivateKey().publicKey)
            await #expect(throws: (any Error).self) { _ = try await stranger.verify(token, as: Claims.self) }

            // Back in the same browser a minute later: signed in at once, and auth_time is when Ann
            // typed her password, not now.
            app.playhouseClock.advance(by: 60)
            let again = try await flow.authorize(["scope": "openid profile", "nonce": "second"])
            let code = try #require(SignInFlow.redirectParameters(again)["code"])
            let remembered = try await flow.exchange(code).decode(TokenResponse.self)
            let rememberedClaims = try await publishedKeys(app).verify(try #require(remembered.idToken), as: Claims.self)
            #expect(rememberedClaims.authTime == claims.authTime)
            #expect(rememberedClaims.nonce == "second")

            // Without openid there is no id_token; a refresh keeps giving one to a grant that has it.
            var plain = SignInFlow(app, credentials)
            #expect(try await plain.exchange(try await plain.signIn(email: "bo@example.com", scope: "profile")).decode(TokenResponse.self).idToken == nil)
            // Refreshed an hour later, and again from the rotated token: still Ann, and auth_time is
            // still when she typed her password (OpenID Connect Core §12.2).
            app.playhouseClock.advance(by: 3600)
            var refreshToken = try #require(tokens.refreshToken)
            for _ in 0..<2 {
                let refreshed = try await app.postForm("/oauth/token", "grant_type=refresh_token&refresh_token=\(refreshToken)",
                                                       headers: basic(credentials)).decode(TokenResponse.self)
                let refreshedClaims = try await publishedKeys(app).verify(try #require(refreshed.idToken), as: Claims.self)
                #expect(refreshedClaims.sub.value == me.id)
                #expect(refreshedClaims.authTime == claims.authTime)
                refreshToken = try #require(refreshed.refreshToken)
            }
        }
    }

    @Test(arguments: Engine.available)
    func aRotatedKeyStaysPublishedSoTokensInFlightStillVerify(_ engine: Engine) async throws {
        try await withPlayhouse(engine, { $0.passwordHashCost = 4 }) { app in
            let credentials = try await app.createApp()
            let before = try #require(try await idToken(app, credentials, nonce: "first").idToken)
            try await app.signingKeys().rotate(by: .commandLine)
            var flow = SignInFlow(app, credentials)
            let after = try #require(try await flow.exchange(try await flow.signIn(email: "bo@example.com", scope: "openid")).decode(TokenResponse.self).idToken)
            func kid(_ token: String) throws -> String? {
                let header = try #require(token.split(separator: ".").first)
                var base64 = header.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
                while base64.count % 4 != 0 { base64 += "=" }
                let json = try JSONSerialization.jsonObject(with: try #require(Data(base64Encoded: base64))) as? [String: Any]
                return json?["kid"] as? String
            }
            #expect(try kid(before) != kid(after))
            let keys = try await publishedKeys(app)
            #expect(try await keys.verify(before, as: Claims.self).nonce == "first")
            _ = try await keys.verify(after, as: Claims.self)
            // A day later the replaced key is no longer published; the current one is.
            app.playhouseClock.advance(by: SigningKeys.overlap + 1)
            let later = try await app.send(.GET, APIPath.jwks).body.string
            #expect(!later.contains(try #require(try kid(before))))
            #expect(later.contains(try #require(try kid(after))))
        }
    }

    @Test func discoveryNamesTheKeysAndWhatIDTokensCarry() async throws {
        try await withPlayhouse(.sqlite, { $0.publicURL = "https://play.example.com" }) { app in
            let response = try await app.send(.GET, APIPath.openIDConfiguration)
            let metadata = try response.decode(AuthorizationServerMetadata.self)
            #expect(metadata.issuer == "https://play.example.com")
            #expect(metadata.jwksURI == "https://play.example.com/oauth/jwks")
            #expect(metadata.idTokenSigningAlgValuesSupported == ["ES256"])
            #expect(metadata.subjectTypesSupported == ["public"])
            #expect(metadata.scopesSupported.contains("openid"))
            #expect(metadata.responseTypesSupported == ["code"])
            #expect(metadata.userinfoEndpoint == "https://play.example.com/oauth/userinfo")
        }
    }
}
