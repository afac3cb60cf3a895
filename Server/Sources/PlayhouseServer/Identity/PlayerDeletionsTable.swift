import Fluent
import Foundation

/// A deleted player: the row stays, emptied of what identified the person, as the pseudonym the
/// ledger's records, payments and bets name (`players.deleted_at`); each deletion's receipt is
/// kept in `player_deletions`, with who asked for it and what was written off.
struct AddPlayerDeletion: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema("players").field("deleted_at", .datetime).update()
        try await database.schema("player_deletions")
            .id()
            .field("app_id", .uuid, .required, .references("apps", "id", onDelete: .cascade))
            .field("player_id", .uuid, .required)
            .field("actor", .string, .required)
            .field("written_off", .string, .required)
            .field("created_at", .datetime, .required)
            .unique(on: "player_id")
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema("player_deletions").delete()
        try await database.schema("players").deleteField("deleted_at").update()
    }
}
