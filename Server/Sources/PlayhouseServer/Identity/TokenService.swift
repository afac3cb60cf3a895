import Foundation
import PlayhouseAPI
import SQLKit
import Vapor

/// Issues, validates, introspects and revokes opaque tokens. Token values are random, returned
/// once, and stored only as digests, so a database leak reveals no usable token.
struct TokenService: Sendable {
    let store: Store
    let now: Date
    /// This instance's recently read access tokens: read by ``authenticate(bearer:)``, told of every
    /// revocation. Nil only where tokens are issued, never revoked.
    let cache: TokenCache?

    /// An access token for the app itself (client credentials grant). With `clientUserID`, the token
    /// acts for that game-side user and is limited to unbacked play.
    func issueAppToken(for app: AppRecord, scopes: [String], lifetime: TimeInterval, clientUserID: String? = nil) async throws -> TokenResponse {
        let value = SecretToken.generate(prefix: "pha_")
        let scope = scopes.joined(separator: " ")
        let hash = SecretToken.hash(value), now = self.now
        try await store.write { sql in
            try await sql.raw("""
                INSERT INTO oauth_tokens (id, token_hash, kind, app_id, client_user_id, scope, issued_at, expires_at)
                VALUES (\(bind: UUID.random()), \(bind: hash), \(bind: TokenKind.access.rawValue), \(bind: app.id), \(bind: clientUserID),
                        \(bind: scope), \(bind: now), \(bind: now.addingTimeInterval(lifetime)))
                """).run()
        }
        return TokenResponse(accessToken: value, expiresIn: Int(lifetime), scope: scope)
    }

    /// What a player sign-in issues: an access token and a refresh token, both in `grant`'s session
    /// and family, written in one statement.
    func issuePlayerTokens(_ grant: PlayerGrant, accessLifetime: TimeInterval, refreshLifetime: TimeInterval) async throws -> TokenResponse {
        let (response, statement) = playerTokens(grant, accessLifetime: accessLifetime, refreshLifetime: refreshLifetime)
        try await store.write { sql in try await sql.raw(statement).run() }
        return response
    }

    /// A player's new access and refresh tokens, and the statement that stores them, for a caller
    /// that writes it with others (a sign-in, with its session).
    func playerTokens(_ grant: PlayerGrant, accessLifetime: TimeInterval, refreshLifetime: TimeInterval) -> (TokenResponse, SQLQueryString) {
        let access = SecretToken.generate(prefix: "pha_"), refresh = SecretToken.generate(prefix: "phr_")
        return (TokenResponse(accessToken: access, expiresIn: Int(accessLifetime), scope: grant.scope, refreshToken: refresh,
                              sessionID: grant.sessionID.uuidString.lowercased()),
                issue(grant, access: access, accessLifetime: accessLifetime, refresh: refresh, refreshLifetime: refreshLifetime))
    }

    /// The statement that stores a player's access and refresh tokens.
    private func issue(_ grant: PlayerGrant, access: String, accessLifetime: TimeInterval,
                       refresh: String, refreshLifetime: TimeInterval) -> SQLQueryString {
        func row(_ value: String, _ kind: TokenKind, _ lifetime: TimeInterval) -> SQLQueryString {
            """
            (\(bind: UUID.random()), \(bind: SecretToken.hash(value)), \(bind: kind.rawValue), \(bind: grant.appID), \(bind: grant.playerID),
             \(bind: grant.sessionID), \(bind: grant.familyID), \(bind: grant.scope), \(bind: now), \(bind: now.addingTimeInterval(lifetime)),
             \(bind: grant.authTime))
            """
        }
        return """
            INSERT INTO oauth_tokens (id, token_hash, kind, app_id, player_id, session_id, family_id, scope, issued_at, expires_at, auth_time)
            VALUES \(row(access, .access, accessLifetime)), \(row(refresh, .refresh, refreshLifetime))
            """
    }

    /// The principal behind a live access token, or nil when the token is unknown, expired or revoked.
    func authenticate(bearer value: String) async throws -> Principal? {
        guard value.utf8.count <= 512 else { return nil }
        let hash = SecretToken.hash(value)
        var token = cache?.token(hash: hash, now: now)
        if token == nil {
            let generation = cache?.readBegins(logger: store.logger, on: store.eventLoop)
            if let read = try await store.read({ try await StoredToken.find(hash: hash, on: $0) }) {
                token = read
                if let generation, read.kind == .access && isLive(read) { cache?.remember(read, hash: hash, readAt: now, generation: generation) }
            }
        }
        guard let token, token.kind == .access, isLive(token) else { return nil }
        return Principal(tokenID: token.id, app: token.app, scopes: Self.scopes(token.scope), playerID: token.playerID,
                         sessionID: token.sessionID, clientUserID: token.clientUserID, expiresAt: token.expiresAt, authTime: token.authTime)
    }

    /// RFC 7662: what `app` may learn about a token. Tokens of other apps are reported inactive.
    func introspect(_ value: String, by app: AppRecord, issuer: String) async throws -> IntrospectionResponse {
        guard value.utf8.count <= 512, let token = try await lookup(value),
              token.app.id == app.id, isLive(token)
        else { return IntrospectionResponse(active: false) }
        return IntrospectionResponse(
            active: true, scope: token.scope, clientID: app.clientID,
            tokenType: token.kind == .refresh ? "refresh_token" : "Bearer",
            exp: Int(token.expiresAt.timeIntervalSince1970), iat: Int(token.issuedAt.timeIntervalSince1970),
            sub: token.playerID.map { $0.uuidString.lowercased() } ?? app.clientID,
            aud: app.clientID, iss: issuer)
    }

    /// RFC 7009: revokes the token if `app` owns it; unknown tokens are silently ignored. Revoking a
    /// refresh token also revokes every token of its family (RFC 7009 §2.1). Revoking a player's
    /// token also signs the player out of every browser (``BrowserSignIns``).
    func revoke(_ value: String, by app: AppRecord) async throws {
        guard value.utf8.count <= 512, let token = try await lookup(value), token.app.id == app.id else { return }
        if token.kind == .refresh, let family = token.familyID {
            try await revokeFamily(family)
        } else if token.revokedAt == nil {
            _ = try await claim(token.id, kind: token.kind)
        }
        if let playerID = token.playerID { try await BrowserSignIns(store: store, now: now).end(playerID: playerID) }
    }

    /// Revokes every live token issued from one authorization.
    func revokeFamily(_ familyID: UUID) async throws {
        let now = self.now
        try await TokenCache.revoking(.family(familyID), cache: cache, in: store) { sql in
            try await sql.raw("UPDATE oauth_tokens SET revoked_at = \(bind: now) WHERE family_id = \(bind: familyID) AND revoked_at IS NULL").run()
        }
    }

    /// Revokes every live token of a play session.
    func revokeSession(_ sessionID: UUID) async throws {
        let now = self.now
        try await TokenCache.revoking(.session(sessionID), cache: cache, in: store) { sql in
            try await sql.raw("UPDATE oauth_tokens SET revoked_at = \(bind: now) WHERE session_id = \(bind: sessionID) AND revoked_at IS NULL").run()
        }
    }

    /// Revokes every live token of a player, in the caller's transaction (a deleted account's,
    /// ``DeleteAccount``): every instance forgets them when it commits.
    func revokeAll(playerID: UUID) async throws {
        let now = self.now
        try await TokenCache.revoking(.player(playerID), cache: cache, in: store) { sql in
            try await sql.raw("UPDATE oauth_tokens SET revoked_at = \(bind: now) WHERE player_id = \(bind: playerID) AND revoked_at IS NULL").run()
        }
    }

    /// Revokes one token of `kind` if it is still live; true when this call was the one that
    /// revoked it, so that of two racing uses of a refresh token only one wins. No cache keeps a
    /// refresh token, so claiming one (every refresh) tells none.
    func claim(_ tokenID: UUID, kind: TokenKind) async throws -> Bool {
        let now = self.now
        let update: @Sendable (any SQLDatabase) async throws -> Bool = { sql in
            try await sql.claimed("UPDATE oauth_tokens SET revoked_at = \(bind: now) WHERE id = \(bind: tokenID) AND revoked_at IS NULL RETURNING id")
        }
        guard kind == .access else { return try await store.write(update) }
        return try await TokenCache.revoking(.token(tokenID), cache: cache, in: store, update)
    }

    func lookup(_ value: String) async throws -> StoredToken? {
        guard value.utf8.count <= 512 else { return nil }
        let hash = SecretToken.hash(value)
        return try await store.read { sql in try await StoredToken.find(hash: hash, on: sql) }
    }

    func isLive(_ token: StoredToken) -> Bool {
        token.revokedAt == nil && token.expiresAt > now
    }

    /// Deletes every token issued to the app, in the caller's transaction (the app's deletion).
    static func deleteTokens(ofApp appID: UUID, on sql: any SQLDatabase) async throws {
        try await sql.raw("DELETE FROM oauth_tokens WHERE app_id = \(bind: appID)").run()
    }

    static func scopes(_ scope: String) -> [String] {
        scope.split(separator: " ").map(String.init)
    }
}

/// Who a set of player tokens is for, and which session and authorization they belong to.
struct PlayerGrant: Sendable {
    var appID: UUID
    var playerID: UUID
    var sessionID: UUID
    var familyID: UUID
    var scope: String
    /// When the player authenticated, where the sign-in knows it (the browser sign-in behind an
    /// authorization code, a phone PIN, a provider's token, a guest's installation id; not a device
    /// code, approved at some earlier moment): the family's id_tokens carry it as `auth_time`.
    var authTime: Date? = nil
}
