import Fluent
import Foundation
import SQLKit

struct CreatePageSession: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema("page_sessions")
            .id()
            .field("app_id", .uuid, .required, .references("apps", "id", onDelete: .cascade))
            .field("player_id", .uuid, .required, .references("players", "id", onDelete: .cascade))
            .field("ticket_hash", .string)
            .field("cookie_hash", .string)
            .field("csrf", .string, .required)
            .field("page", .string, .required)
            .field("expires_at", .datetime, .required)
            .unique(on: "ticket_hash")
            .unique(on: "cookie_hash")
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema("page_sessions").delete()
    }
}

/// The play session a visit acts on (the reality-check page).
struct AddPageSessionPlaySession: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema("page_sessions").field("play_session_id", .uuid).update()
    }

    func revert(on database: any Database) async throws {
        try await database.schema("page_sessions").deleteField("play_session_id").update()
    }
}
