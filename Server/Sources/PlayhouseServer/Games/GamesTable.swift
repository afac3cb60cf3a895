import Fluent
import Foundation
import SQLKit

struct CreateGameRecord: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema("games")
            .id()
            .field("app_id", .uuid, .required, .references("apps", "id", onDelete: .cascade))
            .field("slug", .string, .required)
            .field("name", .string, .required)
            .field("type", .string, .required)
            .field("status", .string, .required)
            .field("version", .int, .required)
            .field("definition", .string, .required)
            .field("rtp", .double, .required)
            .field("hit_frequency", .double, .required)
            .field("created_at", .datetime, .required)
            .field("updated_at", .datetime, .required)
            .unique(on: "app_id", "slug")
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema("games").delete()
    }
}
