import Foundation
import JWTKit
import PlayhouseAPI
@testable import PlayhouseServer
import Testing
import Vapor
import VaporTesting

/// A stand-in for the outside sign-in providers, on 127.0.0.1: an OpenID Connect provider that
/// publishes its JWKS and signs id_tokens, and a Facebook-style graph API (debug_token and me).
final class StandInProvider: @unchecked Sendable {
    let server: Application
    let baseURL: String
    let signer = JWTKeyCollection()
    let impostor = JWTKeyCollection()
    static let issuer = "https://accounts.stand-in.test"
    static let clientID = "playhouse-at-stand-in"
    static let facebookAppID = "fb-app-1"
    static let facebookAppToken = "fb-app-1|secret"

    private init(server: Application, baseURL: String) {
        self.server = server
        self.baseURL = baseURL
    }

    static func start() async throws -> StandInProvider {
        let key = ES256PrivateKey()
        let server = try await Application.make(.testing)
        let parameters = try #require(key.publicKey.parameters)
        let jwks = #"{"keys":[{"kty":"EC","crv":"P-256","alg":"ES256","use":"sig","kid":"k1","x":"\#(parameters.x)","y":"\#(parameters.y)"}]}"#
        server.get("jwks") { _ in Response(status: .ok, headers: ["Content-Type": "application/json"], body: .init(string: jwks)) }
        server.get("debug_token") { request -> Response in
            guard request.query[String.self, at: "access_token"] == facebookAppToken else { return Response(status: .badRequest) }
            let token = request.query[String.self, at: "input_token"] ?? ""
            let (app, valid, user) = switch token {
            case "fb-good": (facebookAppID, true, "1001")
            case "fb-other-app": ("someone-else", true, "1001")
            default: (facebookAppID, false, "0")
            }
            let body = #"{"data":{"app_id":"\#(app)","is_valid":\#(valid),"user_id":"\#(user)","expires_at":0}}"#
            return Response(status: .ok, headers: ["Content-Type": "application/json"], body: .init(string: body))
        }
        server.get("me") { request -> Response in
            guard request.query[String.self, at: "access_token"] == "fb-good" else { return Response(status: .unauthorized) }
            let body = #"{"id":"1001","first_name":"Kim","name":"Kim K","birthday":"03/05/1990","gender":"female","email":"kim@example.com"}"#
            return Response(status: .ok, headers: ["Content-Type": "application/json"], body: .init(string: body))
        }
        try await server.server.start(address: .hostname("127.0.0.1", port: 0))
        let port = try #require(server.http.server.shared.localAddress?.port)
        let provider = StandInProvider(server: server, baseURL: "http://127.0.0.1:\(port)")
        await provider.signer.add(ecdsa: key, kid: "k1")
        await provider.impostor.add(ecdsa: ES256PrivateKey(), kid: "k1")
        return provider
    }

    func stop() async throws {
        await server.server.shutdown()
        try await server.asyncShutdown()
    }

    /// An id_token; change any claim to forge a bad one.
    func idToken(subject: String = "google-42", audience: String = clientID, issuer: String = issuer,
                 expires: Date = Date().addingTimeInterval(300), forged: Bool = false) async throws -> String {
        let claims = FederatedSignInService.IDToken(
            iss: .init(value: issuer), sub: .init(value: subject), aud: .init(value: [audience]), exp: .init(value: expires),
            iat: .init(value: Date()), nbf: nil, email: "ann@stand-in.test", emailVerified: true, name: "Ann A", givenName: "Ann",
            birthdate: "1991-04-01", gender: "female", locale: "da-DK")
        return try await (forged ? impostor : signer).sign(claims, kid: "k1")
    }
}

@Suite struct FederatedSignInTests {
    func withProvider(_ engine: Engine, _ body: (Application, AppCredentials, StandInProvider) async throws -> Void) async throws {
        let provider = try await StandInProvider.start()
        do {
            try await withPlayhouse(engine) { app in
                let credentials = try await app.createApp()
                _ = try await app.identityProviders.add(app: credentials.app.clientID, name: "standin", kind: .openIDConnect(
                    issuer: StandInProvider.issuer, audience: StandInProvider.clientID, jwksURI: provider.baseURL + "/jwks"), by: .commandLine)
                _ = try await app.identityProviders.add(app: credentials.app.clientID, name: "facebook", kind: .facebook(
                    appID: StandInProvider.facebookAppID, appToken: StandInProvider.facebookAppToken,
                    introspectionURL: provider.baseURL + "/debug_token", profileURL: provider.baseURL + "/me"), by: .commandLine)
                try await body(app, credentials, provider)
            }
        } catch {
            try await provider.stop()
            throw error
        }
        try await provider.stop()
    }

    func exchange(_ app: Application, _ credentials: AppCredentials, provider: String, token: String,
                  type: String = "urn:ietf:params:oauth:token-type:id_token") async throws -> TestingHTTPResponse {
        try await app.postForm("/oauth/token", "grant_type=\(SignInFlow.encode(GrantType.tokenExchange))&provider=\(provider)"
                                   + "&subject_token=\(SignInFlow.encode(token))&subject_token_type=\(SignInFlow.encode(type))",
                               headers: basic(credentials))
    }

    @Test(arguments: Engine.available)
    func anOpenIDConnectSignInCreatesThePlayerOnce(_ engine: Engine) async throws {
        try await withProvider(engine) { app, credentials, provider in
            let first = try await exchange(app, credentials, provider: "standin", token: try await provider.idToken())
            #expect(first.status == .ok, "\(first.body.string)")
            let tokens = try first.decode(TokenResponse.self)
            #expect(tokens.playerCreated == true)
            #expect(tokens.issuedTokenType == "urn:ietf:params:oauth:token-type:access_token")
            let profile = try await app.send(.GET, "/v1/me", headers: bearer(tokens.accessToken)).decode(PlayerProfile.self)
            #expect(profile.firstName == "Ann")
            #expect(profile.displayName == "Ann A")
            #expect(profile.email == "ann@stand-in.test")
            #expect(profile.birthDate == "1991-04-01")
            #expect(profile.gender == .female)
            #expect(profile.locale == "da-DK")

            let again = try await exchange(app, credentials, provider: "standin", token: try await provider.idToken()).decode(TokenResponse.self)
            #expect(again.playerCreated == false)
            #expect(try await app.send(.GET, "/v1/me", headers: bearer(again.accessToken)).decode(PlayerProfile.self).id == profile.id)
        }
    }

    @Test(arguments: Engine.available)
    func forgedExpiredAndMisdirectedIDTokensAreRefused(_ engine: Engine) async throws {
        try await withProvider(engine) { app, credentials, provider in
            let bad = [
                try await provider.idToken(forged: true),
                try await provider.idToken(expires: Date().addingTimeInterval(-10)),
                try await provider.idToken(audience: "some-other-client"),
                try await provider.idToken(issuer: "https://evil.example"),
                "not.a.jwt",
                String(repeating: "x", count: 9000),
                // A subject PostgreSQL cannot hold as text, in a token that is not signed: looked up before the signature is checked.
                "eyJhbGciOiJSUzI1NiJ9." + Data(#"{"sub":"a\u0000b"}"#.utf8).base64URLEncodedString() + ".c2ln",
            ]
            for token in bad {
                let response = try await exchange(app, credentials, provider: "standin", token: token)
                #expect(response.status == .badRequest)
                #expect(try response.problem().code == .invalidGrant)
            }
            #expect(try await app.count("players") == 0)
            // The server's clock decides expiry: a token that is live now is dead an hour later.
            let live = try await provider.idToken()
            app.playhouseClock.advance(by: 3600)
            #expect(try await exchange(app, credentials, provider: "standin", token: live).problem().code == .invalidGrant)
        }
    }

    @Test(arguments: Engine.available)
    func aFacebookStyleTokenIsCheckedAtTheProvider(_ engine: Engine) async throws {
        try await withProvider(engine) { app, credentials, _ in
            let type = "urn:ietf:params:oauth:token-type:access_token"
            let response = try await exchange(app, credentials, provider: "facebook", token: "fb-good", type: type)
            #expect(response.status == .ok, "\(response.body.string)")
            let tokens = try response.decode(TokenResponse.self)
            #expect(tokens.playerCreated == true)
            let profile = try await app.send(.GET, "/v1/me", headers: bearer(tokens.accessToken)).decode(PlayerProfile.self)
            #expect(profile.firstName == "Kim")
            #expect(profile.birthDate == "1990-03-05")
            #expect(profile.profileComplete)

            for token in ["fb-other-app", "fb-invalid"] {
                #expect(try await exchange(app, credentials, provider: "facebook", token: token, type: type).problem().code == .invalidGrant)
            }
            // An id_token type for a Facebook-style provider, or an unknown provider, is a bad request.
            #expect(try await exchange(app, credentials, provider: "facebook", token: "fb-good").problem().code == .invalidRequest)
            #expect(try await exchange(app, credentials, provider: "myspace", token: "x", type: type).problem().code == .invalidRequest)
            #expect(try await app.count("players") == 1)
        }
    }
}
