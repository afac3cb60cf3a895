import Foundation
import Testing
@testable import PlayhouseKit

@Suite struct RetryTests {
    @Test func retriesTransientStatusesWithGrowingJitteredBackoff() async throws {
        let sleeps = SleepRecorder()
        // request 0 fetches the token; requests 1 and 2 fail; request 3 succeeds
        let transport = MockTransport { request, index in
            if request.url.path == "/oauth/token" { return Fixtures.token() }
            return index < 3 ? Fixtures.problem(503, code: "service_unavailable") : Fixtures.app
        }
        let app = try await Fixtures.client(transport, sleeps: sleeps, maxAttempts: 4).app.current()
        #expect(app.name == "My Game")
        #expect(transport.requests(to: "/v1/app").count == 3)
        // random() = 0.5 of a cap that doubles from 200 ms
        #expect(sleeps.waits == [.milliseconds(100), .milliseconds(200)])
    }

    @Test func givesUpAfterMaxAttempts() async throws {
        let transport = MockTransport { request, _ in
            request.url.path == "/oauth/token" ? Fixtures.token() : Fixtures.problem(503, code: "service_unavailable")
        }
        let error = await #expect(throws: PlayhouseError.self) { try await Fixtures.client(transport, maxAttempts: 3).app.current() }
        #expect(error?.code == .serviceUnavailable)
        #expect(transport.requests(to: "/v1/app").count == 3)
    }

    @Test func honoursRetryAfter() async throws {
        let sleeps = SleepRecorder()
        let transport = MockTransport { request, index in
            if request.url.path == "/oauth/token" { return Fixtures.token() }
            return index == 1 ? Fixtures.problem(429, code: "rate_limited", headers: ["Retry-After": "2"]) : Fixtures.app
        }
        _ = try await Fixtures.client(transport, sleeps: sleeps).app.current()
        #expect(sleeps.waits == [.seconds(2)])
    }

    @Test func doesNotRetryClientErrors() async throws {
        let transport = MockTransport { request, _ in
            request.url.path == "/oauth/token" ? Fixtures.token() : Fixtures.problem(400, code: "invalid_request")
        }
        let error = await #expect(throws: PlayhouseError.self) { try await Fixtures.client(transport).app.current() }
        #expect(error?.code == .invalidRequest)
        #expect(transport.requests(to: "/v1/app").count == 1)
    }

    @Test func retriesWhenOfflineAndMapsTheFinalFailure() async throws {
        let transport = MockTransport { _, _ in throw URLError(.cannotConnectToHost) }
        let error = await #expect(throws: PlayhouseError.self) { try await Fixtures.client(transport, maxAttempts: 3).app.current() }
        #expect(error?.code == .offline)
        #expect(transport.requests.count == 3)
    }

    @Test func timeoutsAreTimeoutErrors() async throws {
        let transport = MockTransport { _, _ in throw URLError(.timedOut) }
        let error = await #expect(throws: PlayhouseError.self) { try await Fixtures.client(transport, maxAttempts: 1).app.current() }
        #expect(error?.code == .timeout)
    }

    @Test func postsWithoutIdempotencyKeyAreNotRetried() async throws {
        let transport = MockTransport { _, _ in Fixtures.problem(503, code: "service_unavailable") }
        let pipeline = Pipeline(interceptors: [RetryInterceptor(policy: RetryPolicy(sleep: { _ in }))], transport: transport)
        let post = HTTPRequest(method: "POST", url: Fixtures.baseURL.appendingPathComponent("/v1/thing"))
        _ = try await pipeline.send(post)
        #expect(transport.requests.count == 1)
        let keyed = HTTPRequest(method: "POST", url: Fixtures.baseURL.appendingPathComponent("/v1/thing"), headers: ["Idempotency-Key": "k1"])
        _ = try await pipeline.send(keyed)
        #expect(transport.requests.count == 4)
    }

    @Test func backoffStaysUnderItsCap() {
        let policy = RetryPolicy(baseDelay: .milliseconds(100), maxDelay: .seconds(1), random: { 0.999 })
        #expect(policy.backoff(retry: 1) < .milliseconds(100))
        #expect(policy.backoff(retry: 3) < .milliseconds(400))
        #expect(policy.backoff(retry: 30) < .seconds(1))
        #expect(policy.backoff(retry: 30) > .milliseconds(990))
    }
}

