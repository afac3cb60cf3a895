import Foundation
import PlayhouseAPI

/// Refreshes player tokens (RFC 6749 §6). Refresh tokens rotate: each works once, and presenting
/// a used one again revokes its whole family, since it means the token was copied (RFC 9700 §4.14).
struct RefreshTokenGrant: Sendable {
    let store: Store
    let now: Date
    let configuration: PlayhouseConfiguration
    let tokenCache: TokenCache
    let idTokens: IDTokenIssuer

    func refresh(_ value: String, requestedScope: String?, app: AppRecord) async throws -> TokenResponse {
        let tokens = TokenService(store: store, now: now, cache: tokenCache)
        guard let token = try await tokens.lookup(value), token.app.id == app.id,
              token.kind == .refresh,
              let familyID = token.familyID, let playerID = token.playerID, let sessionID = token.sessionID
        else { throw PlayhouseProblem.invalidGrant("refresh_token_invalid") }
        if token.revokedAt != nil {
            try await tokens.revokeFamily(familyID)
            throw PlayhouseProblem.invalidGrant("refresh_token_reused")
        }
        guard token.expiresAt > now else { throw PlayhouseProblem.invalidGrant("refresh_token_invalid") }

        let granted = TokenService.scopes(token.scope)
        var scope = token.scope
        if let requestedScope = requestedScope.given {
            let requested = TokenService.scopes(requestedScope).uniqued()
            if let extra = requested.first(where: { !granted.contains($0) }) {
                throw PlayhouseProblem(.badRequest, .invalidScope,
                                       parameters: ["scope": String(extra.prefix(64)), "allowed": token.scope])
            }
            scope = requested.joined(separator: " ")
        }

        // A lost race means the token was used twice: revoke the family outside the transaction,
        // so the revocation is not rolled back with it.
        let issued: TokenResponse? = try await store.transaction { [scope] sql in
            let tokens = TokenService(store: Store(sql), now: now, cache: tokenCache)
            guard try await tokens.claim(token.id, kind: .refresh) else { return nil }
            let grant = PlayerGrant(appID: app.id, playerID: playerID, sessionID: sessionID, familyID: familyID, scope: scope,
                                    authTime: token.authTime)
            return try await tokens.issuePlayerTokens(grant, accessLifetime: configuration.playerTokenLifetime,
                                                      refreshLifetime: configuration.refreshTokenLifetime)
        }
        guard var issued else {
            try await tokens.revokeFamily(familyID)
            throw PlayhouseProblem.invalidGrant("refresh_token_reused")
        }
        if IDToken.isRequested(by: scope) {
            issued.idToken = try await idTokens.issue(for: playerID, app: app, scope: scope, authTime: token.authTime, nonce: nil)
        }
        return issued
    }
}
