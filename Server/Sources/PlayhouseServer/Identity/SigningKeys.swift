import Crypto
import Fluent
import Foundation
import JWTKit
import NIOConcurrencyHelpers
import PlayhouseAPI
import SQLKit

/// The server's own keys, kept in the database so that every instance signs with the same key and
/// publishes the same set, one set per ``Purpose``: OpenID Connect id_tokens (ES256, published at
/// `GET /oauth/jwks`), reward receipts (EdDSA with Ed25519, at `GET /.well-known/reward-keys`), and
/// content impressions (an HMAC secret, never published).
///
/// The newest key of a purpose signs. ``rotate(by:)`` makes a new one the signer; the one it replaces
/// stays published for ``overlap``, longer than any id_token lives and than clients keep a JWK Set,
/// so tokens signed before a rotation still verify after it.
public struct SigningKeys: Sendable {
    let store: Store
    let now: Date
    var purpose: Purpose = .idTokens

    /// What a set of keys signs; its raw value is the keys' algorithm.
    public enum Purpose: String, Sendable, CaseIterable {
        case idTokens = "ES256"
        case rewardReceipts = "EdDSA"
        case impressions = "HS256"
    }

    /// How long a replaced key stays published.
    static let overlap: TimeInterval = 24 * 3600

    public struct Key: Sendable {
        public var kid: String
        var material: Material
        public var createdAt: Date

        enum Material: Sendable {
            case es256(ES256PrivateKey)
            case eddsa(EdDSA.PrivateKey)
            case hmac(SymmetricKey)
        }

        /// The public half as a JWK; nil for a secret.
        var jwk: [String: String]? {
            switch material {
            case .es256(let key):
                let parameters = key.publicKey.parameters
                return ["kty": "EC", "crv": "P-256", "alg": "ES256", "use": "sig", "kid": kid, "x": parameters?.x ?? "", "y": parameters?.y ?? ""]
            case .eddsa(let key):
                return ["kty": "OKP", "crv": "Ed25519", "alg": "EdDSA", "use": "sig", "kid": kid,
                        "x": key.publicKey.rawRepresentation.base64URLEncodedString()]
            case .hmac:
                return nil
            }
        }

        /// Adds the key to `collection`, to sign with (or verify against) it by its kid.
        func add(to collection: JWTKeyCollection) async {
            switch material {
            case .es256(let key): await collection.add(ecdsa: key, kid: JWKIdentifier(string: kid))
            case .eddsa(let key): await collection.add(eddsa: key, kid: JWKIdentifier(string: kid))
            case .hmac(let key): await collection.add(hmac: HMACKey(key: key), digestAlgorithm: .sha256, kid: JWKIdentifier(string: kid))
            }
        }

        /// The HMAC secret, for an impression key.
        var secret: SymmetricKey? {
            if case .hmac(let key) = material { return key }
            return nil
        }
    }

    /// The key that signs now: the newest, made on first use (when the database is migrated:
    /// ``PlayhouseApplication/migrate(_:)``).
    func current() async throws -> Key {
        if let key = try await newest() { return key }
        return try await add()
    }

    /// `payload` as a compact JWS signed with the current key, its `kid` in the header.
    func sign(_ payload: some JWTPayload) async throws -> String {
        let key = try await current()
        let collection = JWTKeyCollection()
        await key.add(to: collection)
        return try await collection.sign(payload, kid: JWKIdentifier(string: key.kid))
    }

    /// The keys a verifier may meet: the signer, and those replaced less than ``overlap`` ago.
    public func published() async throws -> [Key] {
        let since = now.addingTimeInterval(-Self.overlap), algorithm = purpose.rawValue
        return try await store.read { sql in
            try await sql.raw("""
                SELECT kid, private_pem, created_at FROM signing_keys
                WHERE algorithm = \(bind: algorithm) AND (retired_at IS NULL OR retired_at > \(bind: since))
                ORDER BY (retired_at IS NULL) DESC, created_at DESC
                """).all()
        }.map(key)
    }

    /// Makes a new key the signer; the keys it replaces stay published for ``overlap``. The
    /// retirement, the new key and the audit log's entry (as `actor`'s; its kid, never its secret)
    /// are written all or none.
    @discardableResult
    public func rotate(by actor: AuditActor) async throws -> Key {
        let now = self.now, algorithm = purpose.rawValue
        return try await add { key in
            ["UPDATE signing_keys SET retired_at = \(bind: now) WHERE algorithm = \(bind: algorithm) AND retired_at IS NULL",
             AuditLog.entry(by: actor, "signing key rotated", target: ERN.make("signing-key", "\(algorithm)/\(key.kid)"),
                            after: ["kid": key.kid, "purpose": algorithm], at: now)]
        }
    }

    private func newest() async throws -> Key? {
        let algorithm = purpose.rawValue
        return try await store.read { sql in
            try await sql.raw("""
                SELECT kid, private_pem, created_at FROM signing_keys WHERE algorithm = \(bind: algorithm) AND retired_at IS NULL
                ORDER BY created_at DESC LIMIT 1
                """).first()
        }.map(key)
    }

    /// A new key, stored, all or none with the statements `along` gives for it (which see the
    /// table as it was before the key). (Two instances making their first key at once make two;
    /// both are published, and the newer signs.)
    private func add(along: (Key) -> [SQLQueryString] = { _ in [] }) async throws -> Key {
        let material: Key.Material, stored: String
        switch purpose {
        case .idTokens:
            let key = ES256PrivateKey()
            (material, stored) = (.es256(key), key.pemRepresentation)
        case .rewardReceipts:
            let key = try EdDSA.PrivateKey(curve: .ed25519)
            (material, stored) = (.eddsa(key), key.pemRepresentation)
        case .impressions:
            let key = SymmetricKey(size: .bits256)
            (material, stored) = (.hmac(key), key.withUnsafeBytes { Data($0) }.base64EncodedString())
        }
        let key = Key(kid: SecretToken.generate(prefix: "", bytes: 12), material: material, createdAt: now)
        let algorithm = purpose.rawValue
        try await store.write(along(key) + ["""
            INSERT INTO signing_keys (kid, algorithm, private_pem, created_at)
            VALUES (\(bind: key.kid), \(bind: algorithm), \(bind: stored), \(bind: key.createdAt))
            """])
        Self.parsed.withLockedValue { $0[key.kid] = material }
        return key
    }

    /// Keys already read from their stored form, by kid: a kid's key never changes.
    private static let parsed = NIOLockedValueBox<[String: Key.Material]>([:])

    private func key(_ row: any SQLRow) throws -> Key {
        let kid = try row.decode(column: "kid", as: String.self)
        if let material = Self.parsed.withLockedValue({ $0[kid] }) {
            return Key(kid: kid, material: material, createdAt: try row.decode(column: "created_at", as: Date.self))
        }
        let stored = try row.decode(column: "private_pem", as: String.self)
        let material: Key.Material = switch purpose {
        case .idTokens: .es256(try ES256PrivateKey(pem: stored))
        case .rewardReceipts: .eddsa(try EdDSA.PrivateKey(pem: stored))
        case .impressions: .hmac(SymmetricKey(data: Data(base64Encoded: stored) ?? Data()))
        }
        Self.parsed.withLockedValue { $0[kid] = material }
        return Key(kid: kid, material: material, createdAt: try row.decode(column: "created_at", as: Date.self))
    }
}
