import Fluent
import Foundation

struct CreateAuthorizationCode: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema("authorization_codes")
            .id()
            .field("code_hash", .string, .required)
            .field("app_id", .uuid, .required, .references("apps", "id", onDelete: .cascade))
            .field("player_id", .uuid, .required, .references("players", "id", onDelete: .cascade))
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
        try await database.schema("authorization_codes").delete()
    }
}
