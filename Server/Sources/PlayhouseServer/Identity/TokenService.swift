import Fluent
import SQLKit
import Foundation
import PlayhouseAPI

/// Issues, validates, introspects and revokes opaque tokens. Token values are random, returned
/// once, and stored only as digests, so a database leak reveals no usable token.
struct TokenService: Sendable {
    let database: any Database
    let now: Date

    /// An access token for the app itself (client credentials grant).
    func issueAppToken(for app: AppRecord, scopes: [String], lifetime: TimeInterval) async throws -> TokenResponse {
        let value = SecretToken.generate(prefix: "pha_")
        let scope = scopes.joined(separator: " ")
        let token = OAuthToken(tokenHash: SecretToken.hash(value), kind: .access, appID: app.id, scope: scope,
                               issuedAt: now, expiresAt: now.addingTimeInterval(lifetime))
        try await token.create(on: database)
        return TokenResponse(accessToken: value, expiresIn: Int(lifetime), scope: scope)
    }

    /// The principal behind a live access token, or nil when the token is unknown, expired or revoked.
    func authenticate(bearer value: String) async throws -> Principal? {
        guard value.utf8.count <= 512, let token = try await lookup(value),
              token.kind == OAuthToken.Kind.access.rawValue, isLive(token)
        else { return nil }
        return Principal(tokenID: token.id, app: token.app, scopes: Self.scopes(token.scope), playerID: token.playerID,
                         sessionID: token.sessionID, expiresAt: token.expiresAt)
    }

    /// RFC 7662: what `app` may learn about a token. Tokens of other apps are reported inactive.
    func introspect(_ value: String, by app: AppRecord, issuer: String) async throws -> IntrospectionResponse {
        guard value.utf8.count <= 512, let token = try await lookup(value),
              token.app.id == app.id, isLive(token)
        else { return IntrospectionResponse(active: false) }
        return IntrospectionResponse(
            active: true, scope: token.scope, clientID: app.clientID,
            tokenType: token.kind == OAuthToken.Kind.refresh.rawValue ? "refresh_token" : "Bearer",
            exp: Int(token.expiresAt.timeIntervalSince1970), iat: Int(token.issuedAt.timeIntervalSince1970),
            sub: token.playerID.map { $0.uuidString.lowercased() } ?? app.clientID,
            aud: app.clientID, iss: issuer)
    }

    /// RFC 7009: revokes the token if `app` owns it; unknown tokens are silently ignored.
    func revoke(_ value: String, by app: AppRecord) async throws {
        guard value.utf8.count <= 512, let token = try await lookup(value), token.app.id == app.id,
              token.revokedAt == nil
        else { return }
        try await OAuthToken.query(on: database)
            .filter(\.$id == token.id)
            .filter(\.$revokedAt == nil)
            .set(\.$revokedAt, to: now)
            .update()
    }

    private func lookup(_ value: String) async throws -> StoredToken? {
        guard let sql = database as? any SQLDatabase else {
            throw PlayhouseProblem(.internalServerError, .internalError)
        }
        return try await StoredToken.find(hash: SecretToken.hash(value), on: sql)
    }

    private func isLive(_ token: StoredToken) -> Bool {
        token.revokedAt == nil && token.expiresAt > now
    }

    static func scopes(_ scope: String) -> [String] {
        scope.split(separator: " ").map(String.init)
    }
}
