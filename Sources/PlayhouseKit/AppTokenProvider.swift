import Foundation
import PlayhouseAPI

/// Holds the app's access token (client credentials grant) and renews it before it expires. Any
/// number of concurrent callers share one in-flight token request.
actor AppTokenProvider {
    private struct Token {
        var value: String
        var expiresAt: Date
    }

    private let configuration: PlayhouseClient.Configuration
    private let pipeline: Pipeline
    private var token: Token?
    private var refresh: Task<Token, any Error>?

    init(configuration: PlayhouseClient.Configuration, pipeline: Pipeline) {
        self.configuration = configuration
        self.pipeline = pipeline
    }

    /// A live access token, fetching a new one when there is none or it is about to expire.
    func accessToken() async throws -> String {
        if let token, token.expiresAt.timeIntervalSince(configuration.now()) > configuration.tokenRenewalMargin {
            return token.value
        }
        if let refresh { return try await refresh.value.value }
        let task = Task { try await self.fetch() }
        refresh = task
        defer { refresh = nil }
        let fresh = try await task.value
        token = fresh
        return fresh.value
    }

    /// Forgets `value` if it is the current token (the server said it is no longer valid).
    func invalidate(_ value: String) {
        if token?.value == value { token = nil }
    }

    private func fetch() async throws -> Token {
        guard configuration.clientSecret != nil else {
            throw PlayhouseError(code: .notConfigured, message: "App tokens need the client secret in the configuration.")
        }
        let form = ClientForm(configuration: configuration)
        let requestedAt = configuration.now()
        let answer: TokenResponse = try await form.send(
            form.request(APIPath.token, [("grant_type", GrantType.clientCredentials)], isRetryable: true), through: pipeline)
        return Token(value: answer.accessToken, expiresAt: requestedAt.addingTimeInterval(TimeInterval(answer.expiresIn)))
    }
}
