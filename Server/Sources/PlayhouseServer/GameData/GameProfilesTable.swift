import Fluent
import SQLKit

/// Players' per-game profiles: documents the app's own server writes for a player in a game
/// (characters, achievements, statistics), a row each, read by the player with that game's consent.
struct CreateGameProfiles: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema("game_profiles")
            .field("app_id", .uuid, .required, .references("apps", "id", onDelete: .cascade))
            .field("player_id", .uuid, .required, .references("players", "id", onDelete: .cascade))
            .field("game", .string, .required)
            .field("collection", .string, .required)
            .field("document_id", .string, .required)
            .field("body", .string, .required)
            .field("digest", .string, .required)
            .field("updated_at", .datetime, .required)
            .create()
        // A player's documents are read in id order, which is byte order: on PostgreSQL the index says so.
        let sql = try database.sql()
        try await sql.raw("""
            CREATE UNIQUE INDEX game_profiles_id ON game_profiles
            (player_id, game, collection, \(SQLQueryString.inByteOrder("document_id", dialect: sql.dialect.name)))
            """).run()
    }

    func revert(on database: any Database) async throws {
        try await database.schema("game_profiles").delete()
    }
}
