import Foundation
@testable import PlayhouseKit
import Testing

@Suite struct AuthTests {
    func client(_ transport: MockTransport, store: any TokenStore = MemoryTokenStore()) -> PlayhouseClient {
        PlayhouseClient(configuration: .init(baseURL: Fixtures.baseURL, clientID: "ph_game", clientSecret: "phs_secret",
                                             transport: transport, redirectURI: URL(string: "mygame://authorize")!,
                                             tokenStore: store, installationID: "install"))
    }

    @Test func theAuthorizationURLCarriesPKCEAndAFreshState() async throws {
        let sdk = client(MockTransport { _, _ in Fixtures.json(500, "{}") })
        let first = try await sdk.auth.authorizationURL(scopes: ["profile", "play"])
        let second = try await sdk.auth.authorizationURL(scopes: ["profile"])
        let items = Dictionary(uniqueKeysWithValues: (URLComponents(url: first, resolvingAgainstBaseURL: false)?.queryItems ?? [])
            .map { ($0.name, $0.value ?? "") })
        #expect(first.path == "/oauth/authorize")
        #expect(items["response_type"] == "code")
        #expect(items["client_id"] == "ph_game")
        #expect(items["redirect_uri"] == "mygame://authorize")
        #expect(items["scope"] == "profile play")
        #expect(items["code_challenge_method"] == "S256")
        #expect(items["code_challenge"]?.count == 43)
        #expect((items["state"]?.count ?? 0) >= 32)
        #expect(first != second)
        // No secret travels in the URL.
        #expect(!first.absoluteString.contains("phs_"))
    }

    @Test func aRedirectTheClientDidNotStartIsRefusedWithoutCallingTheServer() async throws {
        let transport = MockTransport { _, _ in Fixtures.json(500, "{}") }
        let sdk = client(transport)
        _ = try await sdk.auth.authorizationURL(scopes: ["profile"])
        await #expect(throws: PlayhouseError.self) {
            try await sdk.auth.handleRedirect(URL(string: "mygame://authorize?code=phc_x&state=forged")!)
        }
        #expect(transport.requests.isEmpty)
    }

    @Test func aDeclineBecomesAccessDenied() async throws {
        let sdk = client(MockTransport { _, _ in Fixtures.json(500, "{}") })
        let url = try await sdk.auth.authorizationURL(scopes: ["profile"])
        let state = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems?.first { $0.name == "state" }?.value ?? ""
        do throws(PlayhouseError) {
            try await sdk.auth.handleRedirect(URL(string: "mygame://authorize?error=access_denied&state=\(state)")!)
            Issue.record("a decline signed someone in")
        } catch {
            #expect(error.code == .accessDenied)
        }
    }

    @Test func theFileStoreIsReadableByItsOwnerOnly() async throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("playhouse-\(UUID().uuidString)/tokens.json")
        let store: any TokenStore = FileTokenStore(url: url)
        let tokens = StoredPlayerTokens(accessToken: "pha_a", refreshToken: "phr_r", expiresAt: Date(timeIntervalSince1970: 2_000_000_000),
                                        scope: "profile", sessionID: "s", playerID: "p", installationID: "install")
        try await store.save(tokens)
        #expect(try await store.load() == tokens)
        let permissions = try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int
        #expect(permissions == 0o600)
        try await store.clear()
        #expect(try await store.load() == nil)
    }

    @Test func tokensOfAnotherInstallationAreDiscarded() async throws {
        let store = MemoryTokenStore()
        await store.save(StoredPlayerTokens(accessToken: "pha_old", refreshToken: nil, expiresAt: .distantFuture, scope: "profile",
                                            sessionID: nil, playerID: "p", installationID: "an-earlier-install"))
        let sdk = client(MockTransport { _, _ in Fixtures.json(500, "{}") }, store: store)
        #expect(await sdk.auth.currentPlayer == nil)
        #expect(await store.load() == nil)
    }
}
