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
        guard let secret = configuration.clientSecret else {
            throw PlayhouseError(code: .notConfigured, message: "App tokens need the client secret in the configuration.")
        }
        let credentials = Data("\(Self.formEncode(configuration.clientID)):\(Self.formEncode(secret))".utf8).base64EncodedString()
        let request = HTTPRequest(
            method: "POST", url: configuration.baseURL.appendingPathComponent(APIPath.token),
            headers: ["Authorization": "Basic \(credentials)", "Content-Type": "application/x-www-form-urlencoded",
                      "Accept": "application/json", "Accept-Language": configuration.acceptLanguage],
            body: Data("grant_type=\(GrantType.clientCredentials)".utf8),
            isRetryable: true)
        let requestedAt = configuration.now()
        let response = try await pipeline.send(request)
        guard (200..<300).contains(response.status) else { throw PlayhouseError(response: response) }
        guard let answer = try? PlayhouseJSON.makeDecoder().decode(TokenResponse.self, from: response.body) else {
            throw PlayhouseError(code: .badResponse, status: response.status, message: "The token response could not be read.")
        }
        return Token(value: answer.accessToken, expiresAt: requestedAt.addingTimeInterval(TimeInterval(answer.expiresIn)))
    }

    /// Form-url-encoding of a Basic credential part (RFC 6749 §2.3.1).
    static func formEncode(_ text: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }
}
