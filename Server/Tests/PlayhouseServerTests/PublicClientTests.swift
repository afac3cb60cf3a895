import Foundation
import PlayhouseAPI
import PlayhouseKit
@testable import PlayhouseServer
import Testing
import Vapor

/// Public clients: mobile apps that cannot keep a secret sign players in with PKCE and their
/// client id alone; signed out, they read what a signed-out player may (the app, the catalog,
/// content placements) with their client id alone, and nothing else.
@Suite struct PublicClientTests {
    func publicApp(_ app: Application) async throws -> AppCredentials {
        try await app.apps.create(name: "Pocket Game", redirectURIs: ["mygame://authorize"], environment: .sandbox, isPublic: true, by: .commandLine)
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
            await #expect(throws: PlayhouseProblem.self) { try await app.apps.rotateSecret(clientID, by: .commandLine) }
            await #expect(throws: PlayhouseProblem.self) {
                try await app.apps.create(name: "No way back", redirectURIs: [], environment: .sandbox, isPublic: true, by: .commandLine)
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

    @Test(arguments: Engine.available)
    func aSignedOutPublicClientReadsTheCatalogWithItsClientIDAndNothingElse(_ engine: Engine) async throws {
        try await withPlayhouse(engine) { app in
            let credentials = try await publicApp(app)
            var random = SeededGenerator(seed: 5)
            _ = try await app.catalog.importFile(CatalogTests.file(stores: 20, random: &random), files: [:], appID: credentials.app.id, by: .commandLine)
            let client: HTTPHeaders = [APIHeader.clientID: credentials.app.clientID]

            let dealers = try await app.send(.GET, "/v1/dealers", headers: client)
            #expect(dealers.status == .ok, "\(dealers.body.string)")
            #expect(try dealers.decode(Page<Dealer>.self).data.isEmpty == false)
            let stores = try await app.send(.GET, "/v1/stores?r_lat=55.68&r_lng=12.57&r_radius=50000", headers: client)
            #expect(stores.status == .ok)
            let current = try await app.send(.GET, "/v1/app", headers: client)
            #expect(try current.decode(AppInfo.self).clientID == credentials.app.clientID)
            #expect(try current.decode(AppInfo.self).tokenScopes.isEmpty)
            let placement = try await app.send(.GET, "/v1/placements/home/content?installation_id=install-0123456789", headers: client)
            #expect(placement.status == .noContent, "no content yet, and no refusal")

            // What needs a player or the app's token is refused, and so is any other client id.
            #expect(try await app.send(.GET, "/v1/wallet", headers: client).status == .unauthorized)
            #expect(try await app.send(.GET, "/v1/content/stats", headers: client).problem().code == .appTokenRequired)
            #expect(try await app.send(.POST, "/v1/auth/logout", headers: client).problem().code == .playerTokenRequired)
            #expect(try await app.send(.GET, "/v1/dealers").status == .unauthorized)
            let unknown = try await app.send(.GET, "/v1/dealers", headers: [APIHeader.clientID: "ph_nobody"])
            #expect(unknown.status == .unauthorized)
            #expect(try unknown.problem().code == .invalidClient)
            let confidential = try await app.createApp(name: "Has a secret")
            let secretless = try await app.send(.GET, "/v1/dealers", headers: [APIHeader.clientID: confidential.app.clientID])
            #expect(secretless.status == .unauthorized, "a confidential client reads with its app token")
            #expect(try secretless.problem().code == .unauthorized)
        }
    }

    @Test(arguments: Engine.available)
    func theSDKOfAPublicClientReadsTheCatalogSignedOutAndSignedIn(_ engine: Engine) async throws {
        try await withRunningServer(engine) { app, url in
            let credentials = try await publicApp(app)
            var random = SeededGenerator(seed: 6)
            let file = CatalogTests.file(stores: 20, random: &random)
            _ = try await app.catalog.importFile(file, files: [:], appID: credentials.app.id, by: .commandLine)
            let cache = try SQLiteCatalogCache(url: FileManager.default.temporaryDirectory.appendingPathComponent("public-\(UUID()).sqlite"))
            let sdk = PlayhouseClient(configuration: .init(baseURL: url, clientID: credentials.app.clientID,
                                                           retryPolicy: RetryPolicy(maxAttempts: 2, baseDelay: .milliseconds(10)),
                                                           tokenStore: MemoryTokenStore(), installationID: "install-\(UUID())",
                                                           appLifecycle: nil, catalog: CatalogCacheOptions(cache: cache)))
            func dealers() async throws -> [String] {
                var ids: [String] = []
                for try await delivery in sdk.catalog.dealers(limit: 100) { ids = delivery.value.data.map(\.id) }
                return ids.sorted()
            }
            let expected = (file.dealers ?? []).map(\.id).sorted()
            #expect(try await dealers() == expected)
            #expect(try await sdk.app.current().tokenScopes.isEmpty, "signed out: the client id alone")

            _ = try await sdk.auth.signInAsGuest()
            try await sdk.catalog.clearCache()
            #expect(try await dealers() == expected)
            #expect(try await sdk.app.current().tokenScopes.isEmpty == false, "signed in: the player's token")
        }
    }
}
