import Foundation
import SQLKit
import Vapor

/// Authenticates an OAuth client by HTTP Basic or by `client_id`/`client_secret` form fields
/// (RFC 6749 §2.3.1), or a public client by `client_id` alone where the endpoint allows it, and
/// rate-limits addresses that keep getting it wrong.
struct ClientAuthenticator: Sendable {
    let request: Request

    func authenticate(form: OAuthForm, allowPublic: Bool = false) async throws -> AppRecord {
        try await authenticate(form: form, allowPublic: allowPublic, along: []).app
    }

    /// As ``authenticate(form:allowPublic:)``, reading `along` in the same statement as the client
    /// (the app's id is ``AppService/clientAppID`` there): a grant's own lookups. Answers with the app and that row.
    func authenticate(form: OAuthForm, allowPublic: Bool = false, along: [ReadAlong]) async throws -> (app: AppRecord, row: any SQLRow) {
        let limiter = request.clientAuthLimiter
        let key = "client_auth:" + (request.remoteAddress?.ipAddress ?? "unknown")
        let basic = try basicCredentials()
        let formID = try form.value("client_id"), formSecret = try form.value("client_secret")
        if basic != nil && (formID != nil || formSecret != nil) {
            throw PlayhouseProblem(.badRequest, .invalidRequest, message: "multiple_client_authentication")
        }
        let credentials: (id: String, secret: String?)? = basic.map { ($0.0, $0.1) } ?? formID.map { ($0, formSecret) }
        // The client and the address's failures, in one read.
        let client = try await request.apps.client(credentials?.id ?? "", along: [WindowRateLimiter.along(key)] + along)
        if let seconds = try limiter.retryAfter(client.row) {
            throw PlayhouseProblem(.tooManyRequests, .rateLimited, parameters: ["seconds": String(seconds)],
                                   headers: ["Retry-After": String(seconds)])
        }
        var app: AppRecord?
        if let secret = credentials?.secret {
            app = client.authenticate(secret: secret)
        } else if allowPublic {
            app = client.publicApp
        }
        guard let app else {
            try await limiter.record(key)
            if let clientID = credentials?.id {
                request.logger.notice("client authentication failed", metadata: ["client_id": .string(String(clientID.prefix(64)))])
            }
            throw PlayhouseProblem.invalidClient
        }
        return (app, client.row)
    }

    /// Client id and secret from an `Authorization: Basic` header, each form-url-decoded.
    private func basicCredentials() throws -> (String, String)? {
        guard let header = request.headers.first(name: .authorization) else { return nil }
        let parts = header.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, ASCIIShape.equalsIgnoringCase(parts[0].utf8, "basic".utf8) else { throw PlayhouseProblem.invalidClient }
        guard let data = Data(base64Encoded: ASCIIShape.trimmingWhitespace(String(parts[1]))),
              let decoded = String(data: data, encoding: .utf8),
              let colon = decoded.firstIndex(of: ":")
        else { throw PlayhouseProblem.invalidClient }
        func formDecode(_ text: Substring) -> String { OAuthForm.decodeComponent(text.utf8) ?? String(text) }
        return (formDecode(decoded[..<colon]), formDecode(decoded[decoded.index(after: colon)...]))
    }
}
