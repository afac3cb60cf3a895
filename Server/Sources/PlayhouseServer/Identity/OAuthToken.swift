import Fluent
import Foundation

/// An issued token, stored only as the SHA-256 digest of its value. App tokens have no player;
/// player, session and refresh-family columns are there for the player flows.
final class OAuthToken: Model, @unchecked Sendable {
    static let schema = "oauth_tokens"

    enum Kind: String, Sendable {
        case access
        case refresh
    }

    @ID(key: .id) var id: UUID?
    @Field(key: "token_hash") var tokenHash: String
    @Field(key: "kind") var kind: String
    @Parent(key: "app_id") var app: DeveloperApp
    @OptionalField(key: "player_id") var playerID: UUID?
    @OptionalField(key: "session_id") var sessionID: UUID?
    @OptionalField(key: "family_id") var familyID: UUID?
    @OptionalField(key: "client_user_id") var clientUserID: String?
    @Field(key: "scope") var scope: String
    @Field(key: "issued_at") var issuedAt: Date
    @Field(key: "expires_at") var expiresAt: Date
    @OptionalField(key: "revoked_at") var revokedAt: Date?

    init() {}

    init(tokenHash: String, kind: Kind, appID: UUID, scope: String, issuedAt: Date, expiresAt: Date) {
        self.tokenHash = tokenHash
        self.kind = kind.rawValue
        self.$app.id = appID
        self.scope = scope
        self.issuedAt = issuedAt
        self.expiresAt = expiresAt
    }
}

struct CreateOAuthToken: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(OAuthToken.schema)
            .id()
            .field("token_hash", .string, .required)
            .field("kind", .string, .required)
            .field("app_id", .uuid, .required, .references(DeveloperApp.schema, "id", onDelete: .cascade))
            .field("player_id", .uuid)
            .field("session_id", .uuid)
            .field("family_id", .uuid)
            .field("client_user_id", .string)
            .field("scope", .string, .required)
            .field("issued_at", .datetime, .required)
            .field("expires_at", .datetime, .required)
            .field("revoked_at", .datetime)
            .unique(on: "token_hash")
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(OAuthToken.schema).delete()
    }
}
