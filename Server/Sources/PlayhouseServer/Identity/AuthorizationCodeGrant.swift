import Foundation
import PlayhouseAPI
import SQLKit

/// Exchanges an authorization code for player tokens (RFC 6749 §4.1.3 with RFC 7636 PKCE). A code
/// works once; presenting it again revokes every token it was exchanged for.
struct AuthorizationCodeGrant: Sendable {
    let store: Store
    let now: Date
    let configuration: PlayhouseConfiguration
    let tokenCache: TokenCache
    let idTokens: IDTokenIssuer

    func exchange(code value: String, redirectURI: String?, verifier: String?, app: AppRecord) async throws -> TokenResponse {
        guard let verifier else { throw PlayhouseProblem.invalidRequest("missing_parameter", ["name": "code_verifier"]) }
        guard value.utf8.count <= 512, let code = try await find(hash: SecretToken.hash(value)), code.appID == app.id
        else { throw PlayhouseProblem.invalidGrant("code_invalid") }
        let tokens = TokenService(store: store, now: now, cache: tokenCache)
        if code.usedAt != nil {
            try await tokens.revokeFamily(code.familyID)
            throw PlayhouseProblem.invalidGrant("code_reused")
        }
        guard code.expiresAt > now else { throw PlayhouseProblem.invalidGrant("code_invalid") }
        if let redirectURI, redirectURI != code.redirectURI { throw PlayhouseProblem.invalidGrant("redirect_uri_mismatch") }
        if redirectURI == nil && code.redirectURISent { throw PlayhouseProblem.invalidGrant("redirect_uri_mismatch") }
        guard PKCE.verify(verifier, challenge: code.codeChallenge) else { throw PlayhouseProblem.invalidGrant("code_verifier_mismatch") }

        // Of two racing exchanges only one claims the code; the other revokes what it issued,
        // outside the transaction so that the revocation is not rolled back.
        let now = self.now, tokenCache = self.tokenCache, configuration = self.configuration
        let issued: TokenResponse? = try await store.transaction { sql in
            let claimed = try await sql.claimed("""
                UPDATE authorization_codes SET used_at = \(bind: now) \
                WHERE id = \(bind: code.id) AND used_at IS NULL RETURNING id
                """)
            guard claimed else { return nil }
            let sessionID = try await SessionService(store: Store(sql), now: now, tokenCache: tokenCache)
                .start(appID: app.id, playerID: code.playerID)
            let grant = PlayerGrant(appID: app.id, playerID: code.playerID, sessionID: sessionID,
                                    familyID: code.familyID, scope: code.scope, authTime: code.authTime)
            return try await TokenService(store: Store(sql), now: now, cache: tokenCache)
                .issuePlayerTokens(grant, accessLifetime: configuration.playerTokenLifetime,
                                   refreshLifetime: configuration.refreshTokenLifetime)
        }
        guard var issued else {
            try await tokens.revokeFamily(code.familyID)
            throw PlayhouseProblem.invalidGrant("code_reused")
        }
        if IDToken.isRequested(by: code.scope) {
            issued.idToken = try await idTokens.issue(for: code.playerID, app: app, scope: code.scope, authTime: code.authTime, nonce: code.nonce)
        }
        return issued
    }

    /// An authorization code as the exchange reads it.
    private struct Code: Sendable {
        var id: UUID
        var appID: UUID
        var playerID: UUID
        var redirectURI: String
        var redirectURISent: Bool
        var scope: String
        var codeChallenge: String
        var familyID: UUID
        var expiresAt: Date
        var usedAt: Date?
        var nonce: String?
        var authTime: Date?
    }

    private func find(hash: String) async throws -> Code? {
        guard let row = try await store.read({ sql in
            try await sql.raw("""
                SELECT id, app_id, player_id, redirect_uri, redirect_uri_sent, scope, code_challenge, family_id, expires_at, used_at,
                       nonce, auth_time
                FROM authorization_codes WHERE code_hash = \(bind: hash)
                """).first()
        }) else { return nil }
        return Code(id: try row.decode(column: "id", as: UUID.self), appID: try row.decode(column: "app_id", as: UUID.self),
                    playerID: try row.decode(column: "player_id", as: UUID.self),
                    redirectURI: try row.decode(column: "redirect_uri", as: String.self),
                    redirectURISent: try row.decode(column: "redirect_uri_sent", as: Bool.self),
                    scope: try row.decode(column: "scope", as: String.self),
                    codeChallenge: try row.decode(column: "code_challenge", as: String.self),
                    familyID: try row.decode(column: "family_id", as: UUID.self),
                    expiresAt: try row.decode(column: "expires_at", as: Date.self),
                    usedAt: try row.decode(column: "used_at", as: Date?.self), nonce: try row.decode(column: "nonce", as: String?.self),
                    authTime: try row.decode(column: "auth_time", as: Date?.self))
    }
}
