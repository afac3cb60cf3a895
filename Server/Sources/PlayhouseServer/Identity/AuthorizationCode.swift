import Fluent
import Foundation

/// An authorization code: lives 60 seconds, works once, stored only as a digest. The tokens it is
/// exchanged for share its `family_id`, so replaying the code revokes them.
final class AuthorizationCode: Model, @unchecked Sendable {
    static let schema = "authorization_codes"

    @ID(key: .id) var id: UUID?
    @Field(key: "code_hash") var codeHash: String
    @Parent(key: "app_id") var app: DeveloperApp
    @Parent(key: "player_id") var player: Player
    @Field(key: "redirect_uri") var redirectURI: String
    @Field(key: "redirect_uri_sent") var redirectURISent: Bool
    @Field(key: "scope") var scope: String
    @Field(key: "code_challenge") var codeChallenge: String
    @Field(key: "family_id") var familyID: UUID
    @Field(key: "expires_at") var expiresAt: Date
    @OptionalField(key: "used_at") var usedAt: Date?

    init() {}
}

struct CreateAuthorizationCode: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(AuthorizationCode.schema)
            .id()
            .field("code_hash", .string, .required)
            .field("app_id", .uuid, .required, .references(DeveloperApp.schema, "id", onDelete: .cascade))
            .field("player_id", .uuid, .required, .references(Player.schema, "id", onDelete: .cascade))
            .field("redirect_uri", .string, .required)
            .field("redirect_uri_sent", .bool, .required)
            .field("scope", .string, .required)
            .field("code_challenge", .string, .required)
            .field("family_id", .uuid, .required)
            .field("expires_at", .datetime, .required)
            .field("used_at", .datetime)
            .unique(on: "code_hash")
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(AuthorizationCode.schema).delete()
    }
}
