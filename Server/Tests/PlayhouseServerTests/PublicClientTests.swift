import Foundation
import PlayhouseAPI
import PlayhouseKit
@testable import PlayhouseServer
import Testing
import Vapor

/// Public clients: mobile apps that cannot keep a secret sign players in with PKCE and their
/// client id alone, and get nothing else.
@Suite struct PublicClientTests {
    func publicApp(_ app: Application) async throws -> AppCredentials {
        try await app.apps.create(name: "Pocket Game", redirectURIs: ["mygame://authorize"], environment: .sandbox, isPublic: true)
    }

    @Test(arguments: Engine.available)
    func aPublicClientSignsPlayersInWithoutASecret(_ engine: Engine) async throws {
        try await withPlayhouse(engine, { $0.passwordHashCost = 4 }) { app in
            let credentials = try await publicApp(app)
            #expect(credentials.clientSecret == nil)
            #expect(credentials.app.isPublic)
            var flow = SignInFlow(app, credentials)
            let code = try await flow.signIn()
            let clientID = credentials.app.clientID
            let exchange = try await app.postForm("/oauth/token", "grant_type=authorization_code&code=\(code)&client_id=\(clientID)"
                                                      + "&redirect_uri=mygame%3A%2F%2Fauthorize&code_verifier=\(flow.verifier)")
            #expect(exchange.status == .ok, "\(exchange.body.string)")
            let tokens = try exchange.decode(TokenResponse.self)
            let refreshed = try await app.postForm("/oauth/token", "grant_type=refresh_token&refresh_token=\(tokens.refreshToken!)&client_id=\(clientID)")
            #expect(refreshed.status == .ok)
            let next = try refreshed.decode(TokenResponse.self)
            #expect(try await app.postForm("/oauth/revoke", "token=\(next.refreshToken!)&client_id=\(clientID)").status == .ok)
            #expect(try await app.send(.GET, "/v1/me", headers: bearer(next.accessToken)).status == .unauthorized)
        }
    }

    @Test(arguments: Engine.available)
    func aPublicClientGetsNoAppTokenAndNoIntrospection(_ engine: Engine) async throws {
        try await withPlayhouse(engine) { app in
            let credentials = try await publicApp(app)
            let clientID = credentials.app.clientID
            let appToken = try await app.postForm("/oauth/token", "grant_type=client_credentials&client_id=\(clientID)")
            #expect(appToken.status == .badRequest)
            #expect(try appToken.problem().code == .unauthorizedClient)
            #expect(try await app.postForm("/oauth/introspect", "token=x&client_id=\(clientID)").status == .unauthorized)
            // A guessed secret does not turn it into a confidential client.
            #expect(try await app.postForm("/oauth/token", "grant_type=client_credentials", headers: basic(clientID, "phs_guess")).status == .unauthorized)
            await #expect(throws: PlayhouseProblem.self) { try await app.apps.rotateSecret(clientID) }
            await #expect(throws: PlayhouseProblem.self) {
                try await app.apps.create(name: "No way back", redirectURIs: [], environment: .sandbox, isPublic: true)
            }
        }
    }

    @Test(arguments: Engine.available)
    func aConfidentialClientStillNeedsItsSecret(_ engine: Engine) async throws {
        try await withPlayhouse(engine, { $0.passwordHashCost = 4 }) { app in
            var flow = SignInFlow(app, try await app.createApp())
            let code = try await flow.signIn()
            let exchange = try await app.postForm("/oauth/token", "grant_type=authorization_code&code=\(code)&client_id=\(flow.credentials.app.clientID)"
                                                      + "&redirect_uri=mygame%3A%2F%2Fauthorize&code_verifier=\(flow.verifier)")
            #expect(exchange.status == .unauthorized)
            #expect(try exchange.problem().code == .invalidClient)
        }
    }

    @Test(arguments: Engine.available)
    func theSDKSignsInAsAPublicClient(_ engine: Engine) async throws {
        try await withRunningServer(engine, { $0.passwordHashCost = 4 }) { app, url in
            let credentials = try await publicApp(app)
            let sdk = PlayhouseClient(configuration: .init(baseURL: url, clientID: credentials.app.clientID,
                                                           retryPolicy: RetryPolicy(maxAttempts: 2, baseDelay: .milliseconds(10)),
                                                           redirectURI: URL(string: "mygame://authorize")!, tokenStore: MemoryTokenStore(),
                                                           installationID: "install"))
            let player = try await sdk.auth.signIn(scopes: ["profile"], presenter: FormPostingPresenter(email: "ann@example.com"))
            #expect(try await sdk.profile.get().id == player.id)
            try await sdk.auth.refresh()
            #expect(try await sdk.profile.get().email == "ann@example.com")
        }
    }
}
