import Foundation
import PlayhouseKit
@testable import PlayhouseServer
import Testing
import Vapor

/// The SDK against a real server listening on 127.0.0.1 on a random port.
@Suite struct SDKIntegrationTests {
    func client(_ url: URL, _ credentials: AppCredentials, secret: String? = nil, locale: String = "en_US") -> PlayhouseClient {
        PlayhouseClient(configuration: .init(baseURL: url, clientID: credentials.app.clientID,
                                             clientSecret: secret ?? credentials.clientSecret, locale: Locale(identifier: locale),
                                             retryPolicy: RetryPolicy(maxAttempts: 2, baseDelay: .milliseconds(10))))
    }

    @Test(arguments: Engine.available)
    func theSDKFetchesItsTokenAndReadsTheApp(_ engine: Engine) async throws {
        try await withRunningServer(engine) { app, url in
            let credentials = try await app.createApp(name: "Space Slots")
            let sdk = client(url, credentials)
            let info = try await sdk.app.current()
            #expect(info.name == "Space Slots")
            #expect(info.environment == .sandbox)

            // Twenty concurrent calls share the one token the SDK already holds.
            try await withThrowingTaskGroup(of: String.self) { group in
                for _ in 0..<20 { group.addTask { try await sdk.app.current().name } }
                for try await name in group { #expect(name == "Space Slots") }
            }
            #expect(try await app.count("oauth_tokens") == 1)
        }
    }

    /// Requests cancelled at every moment of their exchange, many of them as their answer arrives:
    /// each ends with its answer or as cancelled, and the app goes on. (Cancelling the URLSession
    /// task itself as it completes crashed the process on Linux; the transport no longer does.)
    @Test func requestsCancelledAsTheirAnswersArriveEndCleanly() async throws {
        try await withRunningServer(.sqlite) { _, url in
            let transport = URLSessionTransport()
            let request = HTTPRequest(method: "GET", url: url.appendingPathComponent("healthz"))
            var answered = 0, cancelled = 0
            for round in 0..<300 {
                let call = Task { try await transport.send(request) }
                for _ in 0..<(round % 60) { await Task.yield() }
                call.cancel()
                switch await call.result {
                case .success(let response):
                    #expect(response.status == 200)
                    answered += 1
                case .failure(let error):
                    #expect(error is CancellationError, "\(error)")
                    cancelled += 1
                }
            }
            #expect(cancelled > 0, "some requests were cancelled (\(answered) answered)")
            let afterwards = try await transport.send(request)
            #expect(afterwards.status == 200, "the transport still works")
        }
    }

    @Test func concurrentFirstCallsShareOneTokenRequest() async throws {
        try await withRunningServer(.sqlite) { app, url in
            let credentials = try await app.createApp()
            let sdk = client(url, credentials)
            try await withThrowingTaskGroup(of: Void.self) { group in
                for _ in 0..<16 { group.addTask { _ = try await sdk.app.current() } }
                try await group.waitForAll()
            }
            #expect(try await app.count("oauth_tokens") == 1)
        }
    }

    @Test func aTokenRevokedOnTheServerIsReplacedByItself() async throws {
        try await withRunningServer(.sqlite) { app, url in
            let credentials = try await app.createApp()
            let sdk = client(url, credentials)
            _ = try await sdk.app.current()
            try await app.sql().raw("UPDATE oauth_tokens SET revoked_at = \(bind: Date())").run()
            // Revoked behind the server's back: it notices once its cached read is a lifetime old.
            app.playhouseClock.advance(by: app.playhouse.configuration.tokenCacheLifetime)
            #expect(try await sdk.app.current().name == "My Game")
            #expect(try await app.count("oauth_tokens") == 2)
        }
    }

    @Test func failuresArriveAsLocalisedPlayhouseErrors() async throws {
        try await withRunningServer(.sqlite) { app, url in
            let credentials = try await app.createApp()
            let error = await #expect(throws: PlayhouseError.self) {
                try await client(url, credentials, secret: "phs_wrong", locale: "de_DE").app.current()
            }
            #expect(error?.code == .invalidClient)
            #expect(error?.status == 401)
            #expect(error?.message == "Client-ID oder Client-Geheimnis ist falsch.")
            #expect(error?.requestID?.isEmpty == false)
        }
    }

    @Test func anUnreachableServerIsOffline() async throws {
        let sdk = PlayhouseClient(configuration: .init(baseURL: URL(string: "http://127.0.0.1:9")!, clientID: "ph_x", clientSecret: "phs_x",
                                                       retryPolicy: RetryPolicy(maxAttempts: 2, baseDelay: .milliseconds(1))))
        let error = await #expect(throws: PlayhouseError.self) { try await sdk.app.current() }
        #expect(error?.code == .offline)
    }

    @Test func completionHandlersWorkAgainstTheRealServer() async throws {
        try await withRunningServer(.sqlite) { app, url in
            let credentials = try await app.createApp(name: "Callback Game")
            let sdk = client(url, credentials)
            let name: String = try await withCheckedThrowingContinuation { continuation in
                sdk.app.current { result in continuation.resume(with: result.map(\.name).mapError { $0 as any Error }) }
            }
            #expect(name == "Callback Game")
        }
    }
}
