import Fluent
import Foundation
import SQLKit

struct CreateAuthorizationRequest: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema("authorization_requests")
            .id()
            .field("handle_hash", .string, .required)
            .field("browser_hash", .string, .required)
            .field("app_id", .uuid, .required, .references("apps", "id", onDelete: .cascade))
            .field("redirect_uri", .string, .required)
            .field("redirect_uri_sent", .bool, .required)
            .field("scope", .string, .required)
            .field("state", .string)
            .field("code_challenge", .string, .required)
            .field("player_id", .uuid, .references("players", "id", onDelete: .cascade))
            .field("expires_at", .datetime, .required)
            .field("completed_at", .datetime)
            .unique(on: "handle_hash")
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema("authorization_requests").delete()
    }
}
