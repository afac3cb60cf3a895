import Fluent
import Foundation
import JWTKit
import NIOConcurrencyHelpers
import SQLKit

/// The server's own keys for signing OpenID Connect id_tokens (ES256), kept in the database, so
/// that every instance signs with the same key and publishes the same set (`GET /oauth/jwks`).
///
/// The newest key signs. ``rotate()`` makes a new one the signer; the one it replaces stays
/// published for ``overlap``, longer than any id_token lives and than clients keep a JWK Set, so
/// tokens signed before a rotation still verify after it.
public struct SigningKeys: Sendable {
    let store: Store
    let now: Date

    /// How long a replaced key stays published.
    static let overlap: TimeInterval = 24 * 3600

    public struct Key: Sendable {
        public var kid: String
        var privateKey: ES256PrivateKey
        public var createdAt: Date

        /// The public half as a JWK.
        var jwk: [String: String] {
            let parameters = privateKey.publicKey.parameters
            return ["kty": "EC", "crv": "P-256", "alg": "ES256", "use": "sig", "kid": kid, "x": parameters?.x ?? "", "y": parameters?.y ?? ""]
        }
    }

    /// The key id_tokens are signed with now: the newest, made on first use (when the database is
    /// migrated: ``PlayhouseApplication/migrate(_:)``).
    func current() async throws -> Key {
        if let key = try await newest() { return key }
        return try await add()
    }

    /// The keys a verifier may meet: the signer, and those replaced less than ``overlap`` ago.
    public func published() async throws -> [Key] {
        let since = now.addingTimeInterval(-Self.overlap)
        return try await store.read { sql in
            try await sql.raw("""
                SELECT kid, private_pem, created_at FROM signing_keys WHERE retired_at IS NULL OR retired_at > \(bind: since)
                ORDER BY (retired_at IS NULL) DESC, created_at DESC
                """).all()
        }.map(Self.key)
    }

    /// Makes a new key the signer; the keys it replaces stay published for ``overlap``.
    @discardableResult
    public func rotate() async throws -> Key {
        let now = self.now
        try await store.write { sql in
            try await sql.raw("UPDATE signing_keys SET retired_at = \(bind: now) WHERE retired_at IS NULL").run()
        }
        return try await add()
    }

    private func newest() async throws -> Key? {
        try await store.read { sql in
            try await sql.raw("SELECT kid, private_pem, created_at FROM signing_keys WHERE retired_at IS NULL ORDER BY created_at DESC LIMIT 1").first()
        }.map(Self.key)
    }

    /// A new key, stored. (Two instances making their first key at once make two; both are
    /// published, and the newer signs.)
    private func add() async throws -> Key {
        let key = Key(kid: SecretToken.generate(prefix: "", bytes: 12), privateKey: ES256PrivateKey(), createdAt: now)
        try await store.write { sql in
            try await sql.raw("""
                INSERT INTO signing_keys (kid, algorithm, private_pem, created_at)
                VALUES (\(bind: key.kid), 'ES256', \(bind: key.privateKey.pemRepresentation), \(bind: key.createdAt))
                """).run()
        }
        Self.parsed.withLockedValue { $0[key.kid] = key.privateKey }
        return key
    }

    /// Keys already read from their PEM, by kid: a kid's key never changes.
    private static let parsed = NIOLockedValueBox<[String: ES256PrivateKey]>([:])

    private static func key(_ row: any SQLRow) throws -> Key {
        let kid = try row.decode(column: "kid", as: String.self)
        let privateKey = try parsed.withLockedValue { $0[kid] } ?? {
            let key = try ES256PrivateKey(pem: try row.decode(column: "private_pem", as: String.self))
            parsed.withLockedValue { $0[kid] = key }
            return key
        }()
        return Key(kid: kid, privateKey: privateKey, createdAt: try row.decode(column: "created_at", as: Date.self))
    }
}

/// OpenID Connect: the server's signing keys, and what a sign-in request asked for and when the
/// player signed in, carried from the authorization request to its code.
struct AddOpenIDConnect: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema("signing_keys")
            .field("kid", .string, .identifier(auto: false))
            .field("algorithm", .string, .required)
            .field("private_pem", .string, .required)
            .field("created_at", .datetime, .required)
            .field("retired_at", .datetime)
            .create()
        try await database.schema("authorization_requests").field("nonce", .string).update()
        try await database.schema("authorization_codes").field("nonce", .string).update()
        try await database.schema("authorization_codes").field("auth_time", .datetime).update()
    }

    func revert(on database: any Database) async throws {
        try await database.schema("authorization_codes").deleteField("auth_time").update()
        try await database.schema("authorization_codes").deleteField("nonce").update()
        try await database.schema("authorization_requests").deleteField("nonce").update()
        try await database.schema("signing_keys").delete()
    }
}
