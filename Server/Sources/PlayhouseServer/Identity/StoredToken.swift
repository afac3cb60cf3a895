import Foundation
import PlayhouseAPI
import SQLKit

/// A token and the app it was issued to, read in one statement: the lookup every authenticated
/// request makes, so it skips the ORM's per-row reflection and query building.
struct StoredToken: Sendable {
    var id: UUID
    var kind: String
    var playerID: UUID?
    var sessionID: UUID?
    var scope: String
    var issuedAt: Date
    var expiresAt: Date
    var revokedAt: Date?
    var app: AppRecord

    /// The token whose value hashes to `hash`, with its app.
    static func find(hash: String, on database: some SQLDatabase) async throws -> StoredToken? {
        let query: SQLQueryString = """
            SELECT t.id, t.kind, t.player_id, t.session_id, t.scope, t.issued_at, t.expires_at, t.revoked_at, \
            a.id AS app_id, a.name, a.client_id, a.environment, a.scopes, a.redirect_uris, a.created_at \
            FROM oauth_tokens t JOIN apps a ON a.id = t.app_id WHERE t.token_hash = \(bind: hash)
            """
        guard let row = try await database.raw(query).first() else { return nil }
        let app = AppRecord(
            id: try row.decode(column: "app_id", as: UUID.self),
            name: try row.decode(column: "name", as: String.self),
            clientID: try row.decode(column: "client_id", as: String.self),
            environment: AppEnvironment(rawValue: try row.decode(column: "environment", as: String.self)) ?? .sandbox,
            scopes: try row.decode(column: "scopes", as: [String].self),
            redirectURIs: try row.decode(column: "redirect_uris", as: [String].self),
            createdAt: try row.decode(column: "created_at", as: Date?.self) ?? Date(timeIntervalSince1970: 0))
        return StoredToken(
            id: try row.decode(column: "id", as: UUID.self),
            kind: try row.decode(column: "kind", as: String.self),
            playerID: try row.decode(column: "player_id", as: UUID?.self),
            sessionID: try row.decode(column: "session_id", as: UUID?.self),
            scope: try row.decode(column: "scope", as: String.self),
            issuedAt: try row.decode(column: "issued_at", as: Date.self),
            expiresAt: try row.decode(column: "expires_at", as: Date.self),
            revokedAt: try row.decode(column: "revoked_at", as: Date?.self),
            app: app)
    }
}
