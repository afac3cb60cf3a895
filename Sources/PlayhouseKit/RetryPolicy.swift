import Foundation

/// When and how the SDK repeats a request after a transient failure: exponential backoff with full
/// jitter, honouring `Retry-After`, only for requests that are safe to repeat.
public struct RetryPolicy: Sendable {
    /// Attempts in all, the first included. 1 disables retries.
    public var maxAttempts: Int
    /// The backoff cap of the first retry; doubles with each further one.
    public var baseDelay: Duration
    /// No wait is longer than this, `Retry-After` included; a longer `Retry-After` is not waited for.
    public var maxDelay: Duration
    /// HTTP statuses worth another try.
    public var retryableStatuses: Set<Int>
    /// How the SDK waits; tests inject a recorder so nothing really sleeps.
    public var sleep: @Sendable (Duration) async throws -> Void
    /// A random fraction in 0..<1 for the jitter; injectable for tests.
    public var random: @Sendable () -> Double

    public init(maxAttempts: Int = 3, baseDelay: Duration = .milliseconds(200), maxDelay: Duration = .seconds(10),
                retryableStatuses: Set<Int> = [408, 425, 429, 500, 502, 503, 504],
                sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) },
                random: @escaping @Sendable () -> Double = { Double.random(in: 0..<1) }) {
        self.maxAttempts = max(1, maxAttempts)
        self.baseDelay = baseDelay
        self.maxDelay = maxDelay
        self.retryableStatuses = retryableStatuses
        self.sleep = sleep
        self.random = random
    }

    /// No retries at all.
    public static let none = RetryPolicy(maxAttempts: 1)

    /// The wait before retry number `retry` (1-based): a random point below the exponential cap.
    func backoff(retry: Int) -> Duration {
        let cap = min(maxDelay, baseDelay * (1 << min(retry - 1, 20)))
        return cap * random()
    }
}

/// Repeats retryable requests that failed transiently, per the ``RetryPolicy``.
struct RetryInterceptor: Interceptor {
    let policy: RetryPolicy

    func intercept(_ request: HTTPRequest, next: @Sendable (HTTPRequest) async throws -> HTTPResponse) async throws -> HTTPResponse {
        var attempt = 1
        while true {
            let outcome: Result<HTTPResponse, PlayhouseError>
            do {
                outcome = .success(try await next(request))
            } catch let error as PlayhouseError {
                outcome = .failure(error)
            }
            guard request.isRetryable, attempt < policy.maxAttempts, let wait = delay(after: outcome, retry: attempt) else {
                return try outcome.get()
            }
            try Task.checkCancellation()
            try await policy.sleep(wait)
            attempt += 1
        }
    }

    /// How long to wait before retrying, or nil when the outcome is final.
    private func delay(after outcome: Result<HTTPResponse, PlayhouseError>, retry: Int) -> Duration? {
        switch outcome {
        case let .success(response):
            guard policy.retryableStatuses.contains(response.status) else { return nil }
            if let header = response.header("Retry-After"), let seconds = Int(header.trimmingCharacters(in: .whitespaces)) {
                let requested = Duration.seconds(max(0, seconds))
                return requested <= policy.maxDelay ? max(requested, policy.backoff(retry: retry)) : nil
            }
            return policy.backoff(retry: retry)
        case let .failure(error):
            return error.isTransient ? policy.backoff(retry: retry) : nil
        }
    }
}
