import Foundation
import PlayhouseAPI
import SQLKit

/// A token and the app it was issued to, read in one statement: the lookup every authenticated
/// request makes.
struct StoredToken: Sendable {
    var id: UUID
    var kind: TokenKind
    var playerID: UUID?
    var sessionID: UUID?
    var familyID: UUID?
    var clientUserID: String?
    var scope: String
    var issuedAt: Date
    var expiresAt: Date
    var revokedAt: Date?
    /// When the player of its family authenticated, where that is known (``PlayerGrant/authTime``).
    var authTime: Date?
    var app: AppRecord

    /// The token whose value hashes to `hash`, with its app.
    static func find(hash: String, on database: some SQLDatabase) async throws -> StoredToken? {
        let query: SQLQueryString = """
            SELECT t.id, t.kind, t.player_id, t.session_id, t.family_id, t.client_user_id, t.scope, t.issued_at, t.expires_at, t.revoked_at, t.auth_time, \
            \(unsafeRaw: AppRecord.selectList("a")) \
            FROM oauth_tokens t JOIN \(ident: AppRecord.table) a ON a.id = t.app_id \
            WHERE t.token_hash = \(bind: hash)
            """
        guard let row = try await database.raw(query).first() else { return nil }
        return StoredToken(
            id: try row.decode(column: "id", as: UUID.self),
            kind: TokenKind(rawValue: try row.decode(column: "kind", as: String.self)) ?? .access,
            playerID: try row.decode(column: "player_id", as: UUID?.self),
            sessionID: try row.decode(column: "session_id", as: UUID?.self),
            familyID: try row.decode(column: "family_id", as: UUID?.self),
            clientUserID: try row.decode(column: "client_user_id", as: String?.self),
            scope: try row.decode(column: "scope", as: String.self),
            issuedAt: try row.decode(column: "issued_at", as: Date.self),
            expiresAt: try row.decode(column: "expires_at", as: Date.self),
            revokedAt: try row.decode(column: "revoked_at", as: Date?.self),
            authTime: try row.decode(column: "auth_time", as: Date?.self),
            app: try AppRecord(row: row))
    }
}
