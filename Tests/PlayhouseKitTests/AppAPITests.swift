import Foundation
import Testing
@testable import PlayhouseKit

@Suite struct AppAPITests {
    @Test func fetchesATokenThenCallsWithIt() async throws {
        let transport = MockTransport { request, _ in
            request.url.path == "/oauth/token" ? Fixtures.token("pha_one") : Fixtures.app
        }
        let app = try await Fixtures.client(transport).app.current()
        #expect(app.name == "My Game")
        #expect(app.environment == .sandbox)
        let tokenRequest = try #require(transport.requests(to: "/oauth/token").first)
        #expect(tokenRequest.header("Authorization") == "Basic " + Data("ph_x:phs_secret".utf8).base64EncodedString())
        #expect(String(decoding: tokenRequest.body ?? Data(), as: UTF8.self) == "grant_type=client_credentials")
        #expect(transport.requests(to: "/v1/app").first?.header("Authorization") == "Bearer pha_one")
    }

    @Test func concurrentCallersShareOneTokenRequest() async throws {
        let transport = MockTransport { request, _ in
            if request.url.path == "/oauth/token" {
                try await Task.sleep(for: .milliseconds(50))
                return Fixtures.token()
            }
            return Fixtures.app
        }
        let client = Fixtures.client(transport)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<20 { group.addTask { _ = try await client.app.current() } }
            try await group.waitForAll()
        }
        #expect(transport.requests(to: "/oauth/token").count == 1)
        #expect(transport.requests(to: "/v1/app").count == 20)
    }

    @Test func renewsTheTokenBeforeItExpires() async throws {
        let clock = TestClock()
        let transport = MockTransport { request, index in
            request.url.path == "/oauth/token" ? Fixtures.token("pha_\(index)", expiresIn: 300) : Fixtures.app
        }
        let client = Fixtures.client(transport, now: { clock.now })
        _ = try await client.app.current()
        _ = try await client.app.current()
        #expect(transport.requests(to: "/oauth/token").count == 1)
        clock.advance(by: 250) // within the 60 s renewal margin of expiry
        _ = try await client.app.current()
        #expect(transport.requests(to: "/oauth/token").count == 2)
    }

    @Test func aRevokedTokenIsReplacedOnce() async throws {
        let transport = MockTransport { request, index in
            if request.url.path == "/oauth/token" { return Fixtures.token("pha_\(index)") }
            return request.header("Authorization") == "Bearer pha_0" ? Fixtures.problem(401, code: "invalid_token") : Fixtures.app
        }
        let app = try await Fixtures.client(transport).app.current()
        #expect(app.name == "My Game")
        #expect(transport.requests(to: "/oauth/token").count == 2)
    }

    @Test func wrongSecretIsAnInvalidClientError() async throws {
        let transport = MockTransport { _, _ in Fixtures.problem(401, code: "invalid_client", detail: "The client id or client secret is wrong.") }
        let error = await #expect(throws: PlayhouseError.self) { try await Fixtures.client(transport).app.current() }
        #expect(error?.code == .invalidClient)
        #expect(error?.status == 401)
        #expect(error?.message == "The client id or client secret is wrong.")
        #expect(error?.requestID == "req-1")
        #expect(transport.requests.count == 1) // a 401 is not retried
    }

    @Test func sendsTheConfiguredLanguage() async throws {
        let transport = MockTransport { request, _ in request.url.path == "/oauth/token" ? Fixtures.token() : Fixtures.app }
        _ = try await Fixtures.client(transport, locale: Locale(identifier: "da_DK")).app.current()
        #expect(transport.requests(to: "/v1/app").first?.header("Accept-Language") == "da-DK, da;q=0.9, en;q=0.5")
    }

    /// A public client (no secret) with nobody signed in names itself with its client id, and
    /// asks for no app token it could not get.
    @Test func aSignedOutPublicClientSendsItsClientIDInsteadOfAToken() async throws {
        let transport = MockTransport { _, _ in Fixtures.app }
        let client = PlayhouseClient(configuration: .init(baseURL: Fixtures.baseURL, clientID: "ph_x", transport: transport,
                                                          tokenStore: MemoryTokenStore(), installationID: "install-0123456789abcdef",
                                                          appLifecycle: nil))
        #expect(try await client.app.current().name == "My Game")
        let request = try #require(transport.requests(to: "/v1/app").first)
        #expect(request.header("Playhouse-Client-ID") == "ph_x")
        #expect(request.header("Authorization") == nil)
        #expect(transport.requests(to: "/oauth/token").isEmpty)
    }

    @MainActor @Test func completionHandlerDeliversOnTheMainQueue() async throws {
        let transport = MockTransport { request, _ in request.url.path == "/oauth/token" ? Fixtures.token() : Fixtures.app }
        let client = Fixtures.client(transport)
        let name: String = try await withCheckedThrowingContinuation { continuation in
            client.app.current { result in
                MainActor.assertIsolated()
                continuation.resume(with: result.map(\.name).mapError { $0 as any Error })
            }
        }
        #expect(name == "My Game")
    }
}

final class TestClock: @unchecked Sendable {
    private let lock = NSLock()
    private var current = Date(timeIntervalSince1970: 1_800_000_000)
    var now: Date { lock.withLock { current } }
    func advance(by seconds: TimeInterval) { lock.withLock { current += seconds } }
}
