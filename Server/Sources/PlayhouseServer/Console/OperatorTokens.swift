import Foundation
import PlayhouseAPI
import SQLKit


/// Operators' API tokens: what scripts and the command line send (`Authorization: Bearer pho_…`)
/// to call the admin API as an operator, with the operator's role, without the console's cookie
/// (and so without its CSRF token: nothing sends a bearer token on its own, as a browser sends a
/// cookie). What secures an operator's access is done from a console session only (making a token,
/// setting up a second factor, inviting an operator: ``OperatorService/Session/requireConsole()``),
/// so a leaked token cannot make more tokens or operators; a token stops working when it expires,
/// is revoked, or its operator is disabled. Stored as a hash.
public struct OperatorTokens: Sendable {
    let store: Store
    let now: Date

    static let prefix = "pho_"
    static let longestLifeInDays = 365
    static let defaultLifeInDays = 90

    /// Makes a token for `person`, for `days` (90 when not said); its secret is in this answer only.
    public func make(for person: Operator, name rawName: String, days: Int?, by actor: AuditActor) async throws -> (token: OperatorToken, secret: String) {
        let name = rawName.trimmingCharacters(in: .whitespacesAndNewlines)
        var fields: [PlayhouseProblem.Field] = []
        if name.isEmpty { fields.append(.init(name: "name", code: "blank")) }
        if name.count > 100 { fields.append(.init(name: "name", code: "too_long", parameters: ["max": "100"])) }
        let days = days ?? Self.defaultLifeInDays
        if !(1...Self.longestLifeInDays).contains(days) {
            fields.append(.init(name: "expires_in_days", code: "out_of_range", parameters: ["min": "1", "max": String(Self.longestLifeInDays)]))
        }
        guard fields.isEmpty else { throw PlayhouseProblem.validation(fields) }
        let id = UUID.random(), secret = SecretToken.generate(prefix: Self.prefix), now = self.now
        let token = OperatorToken(id: id.uuidString.lowercased(), name: name, operatorEmail: person.email, createdAt: now,
                                  expiresAt: now.addingTimeInterval(Double(days) * 86_400), revokedAt: nil)
        try await store.transaction { sql in
            try await sql.raw("""
                INSERT INTO operator_tokens (id, operator_id, name, token_hash, created_at, expires_at)
                VALUES (\(bind: id), \(bind: person.id), \(bind: name), \(bind: SecretToken.hash(secret)), \(bind: now), \(bind: token.expiresAt))
                """).run()
            try await sql.raw(AuditLog.entry(by: actor, "API token created", target: Self.ern(id), after: token, at: now)).run()
        }
        return (token, secret)
    }

    /// The operator a live token is of; nil for any other text.
    func session(token: String) async throws -> OperatorService.Session? {
        guard token.hasPrefix(Self.prefix), token.utf8.count <= 100 else { return nil }
        let now = self.now
        guard let row = try await store.read({ sql in
            try await sql.raw("""
                SELECT \(Operator.columns) FROM operator_tokens t JOIN operators o ON o.id = t.operator_id
                WHERE t.token_hash = \(bind: SecretToken.hash(token)) AND t.revoked_at IS NULL AND t.expires_at > \(bind: now)
                  AND o.disabled_at IS NULL
                """).first()
        }) else { return nil }
        return OperatorService.Session(person: try Operator(row: row), via: .apiToken)
    }

    /// The tokens of `person`, or of every operator; newest first.
    public func list(of person: Operator?) async throws -> [OperatorToken] {
        let filter: SQLQueryString = person.map { "WHERE t.operator_id = \(bind: $0.id)" } ?? ""
        return try await store.read { sql in
            try await sql.raw("\(Self.listed) \(filter) ORDER BY t.created_at DESC, t.id").all().map(Self.token(row:))
        }
    }

    /// Revokes a token of `person` (any operator's, when nil); nil when there is no such live token.
    public func revoke(_ id: UUID, of person: Operator?, by actor: AuditActor) async throws -> OperatorToken? {
        let now = self.now
        let owner: SQLQueryString = person.map { " AND operator_id = \(bind: $0.id)" } ?? ""
        return try await store.transaction { sql in
            guard try await sql.claimed("""
                UPDATE operator_tokens SET revoked_at = \(bind: now) WHERE id = \(bind: id) AND revoked_at IS NULL\(owner) RETURNING id
                """) else { return nil }
            let token = try await sql.raw("\(Self.listed) WHERE t.id = \(bind: id)").first().map(Self.token(row:))
            try await sql.raw(AuditLog.entry(by: actor, "API token revoked", target: Self.ern(id), after: token, at: now)).run()
            return token
        }
    }

    /// A token as ``token(row:)`` reads it, with its operator.
    private static let listed: SQLQueryString = "SELECT t.id, t.name, o.email, t.created_at, t.expires_at, t.revoked_at FROM operator_tokens t JOIN operators o ON o.id = t.operator_id"

    static func ern(_ id: UUID) -> String { ERN.make("operator-token", id.uuidString.lowercased()) }

    private static func token(row: any SQLRow) throws -> OperatorToken {
        OperatorToken(id: try row.decode(column: "id", as: UUID.self).uuidString.lowercased(), name: try row.decode(column: "name", as: String.self),
                      operatorEmail: try row.decode(column: "email", as: String.self), createdAt: try row.decode(column: "created_at", as: Date.self),
                      expiresAt: try row.decode(column: "expires_at", as: Date.self), revokedAt: try row.decode(column: "revoked_at", as: Date?.self))
    }
}
