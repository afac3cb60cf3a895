import Fluent
import Foundation
import PlayhouseAPI

struct CreatePlayerLimit: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema("player_limits")
            .id()
            .field("player_id", .uuid, .required, .references("players", "id", onDelete: .cascade))
            .field("name", .string, .required)
            .field("value", .int64)
            .field("pending_value", .int64)
            .field("pending_at", .datetime)
            .unique(on: "player_id", "name")
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema("player_limits").delete()
    }
}
