import Fluent
import Foundation
import PlayhouseAPI
import SQLKit

/// Exchanges an authorization code for player tokens (RFC 6749 §4.1.3 with RFC 7636 PKCE). A code
/// works once; presenting it again revokes every token it was exchanged for.
struct AuthorizationCodeGrant: Sendable {
    let database: any Database
    let now: Date
    let configuration: PlayhouseConfiguration
    let tokenCache: TokenCache

    func exchange(code value: String, redirectURI: String?, verifier: String?, app: AppRecord) async throws -> TokenResponse {
        guard let verifier else { throw PlayhouseProblem.invalidRequest("missing_parameter", ["name": "code_verifier"]) }
        guard value.utf8.count <= 512,
              let code = try await AuthorizationCode.query(on: database)
                  .filter(\.$codeHash == SecretToken.hash(value)).first(),
              code.$app.id == app.id
        else { throw PlayhouseProblem.invalidGrant("code_invalid") }
        let tokens = TokenService(database: database, now: now, cache: tokenCache)
        if code.usedAt != nil {
            try await tokens.revokeFamily(code.familyID)
            throw PlayhouseProblem.invalidGrant("code_reused")
        }
        guard code.expiresAt > now else { throw PlayhouseProblem.invalidGrant("code_invalid") }
        if let redirectURI, redirectURI != code.redirectURI { throw PlayhouseProblem.invalidGrant("redirect_uri_mismatch") }
        if redirectURI == nil && code.redirectURISent { throw PlayhouseProblem.invalidGrant("redirect_uri_mismatch") }
        guard PKCE.verify(verifier, challenge: code.codeChallenge) else { throw PlayhouseProblem.invalidGrant("code_verifier_mismatch") }

        let codeID = try code.requireID()
        // Of two racing exchanges only one claims the code; the other revokes what it issued,
        // outside the transaction so that the revocation is not rolled back.
        let issued: TokenResponse? = try await database.transaction { transaction in
            let claimed = try await transaction.sql().claimed("""
                UPDATE \(ident: AuthorizationCode.schema) SET used_at = \(bind: now) \
                WHERE id = \(bind: codeID) AND used_at IS NULL RETURNING id
                """)
            guard claimed else { return nil }
            let sessionID = try await SessionService(database: transaction, now: now, tokenCache: tokenCache)
                .start(appID: app.id, playerID: code.$player.id)
            let grant = PlayerGrant(appID: app.id, playerID: code.$player.id, sessionID: sessionID,
                                    familyID: code.familyID, scope: code.scope)
            return try await TokenService(database: transaction, now: now, cache: tokenCache)
                .issuePlayerTokens(grant, accessLifetime: configuration.playerTokenLifetime,
                                   refreshLifetime: configuration.refreshTokenLifetime)
        }
        guard let issued else {
            try await tokens.revokeFamily(code.familyID)
            throw PlayhouseProblem.invalidGrant("code_reused")
        }
        return issued
    }
}
