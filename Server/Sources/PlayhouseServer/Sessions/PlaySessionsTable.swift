import Fluent
import Foundation

struct CreatePlaySession: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema("play_sessions")
            .id()
            .field("app_id", .uuid, .required, .references("apps", "id", onDelete: .cascade))
            .field("player_id", .uuid, .required, .references("players", "id", onDelete: .cascade))
            .field("started_at", .datetime, .required)
            .field("ended_at", .datetime)
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema("play_sessions").delete()
    }
}

/// Activity and reality checks: when the player was last active, when the reality-check period began.
struct AddPlaySessionActivity: AsyncMigration {
    func prepare(on database: any Database) async throws {
        // One column per ALTER: SQLite adds them one at a time.
        try await database.schema("play_sessions").field("last_active_at", .datetime).update()
        try await database.schema("play_sessions").field("reality_check_started_at", .datetime).update()
    }

    func revert(on database: any Database) async throws {
        try await database.schema("play_sessions").deleteField("last_active_at").update()
        try await database.schema("play_sessions").deleteField("reality_check_started_at").update()
    }
}
