import Fluent
import SQLKit

/// Game data: each import of one game's data for a region and namespace is a version holding all
/// of its documents; `game_data_current` says which version readers get, so that an import (or a
/// rollback, a copy of the version it restores) switches every reader at once, on every instance,
/// by changing one row.
struct CreateGameData: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema("game_data_versions")
            .field("id", .uuid, .identifier(auto: false))
            .field("app_id", .uuid, .required, .references("apps", "id", onDelete: .cascade))
            .field("game", .string, .required)
            .field("region", .string, .required)
            .field("namespace", .string, .required)
            .field("number", .int, .required)
            .field("default_locale", .string, .required)
            .field("restores", .int)
            .field("documents", .int, .required)
            .field("added", .int, .required)
            .field("changed", .int, .required)
            .field("removed", .int, .required)
            .field("created_at", .datetime, .required)
            .unique(on: "app_id", "game", "region", "namespace", "number")
            .create()
        try await database.schema("game_data_documents")
            .field("version_id", .uuid, .required, .references("game_data_versions", "id", onDelete: .cascade))
            .field("collection", .string, .required)
            .field("document_id", .string, .required)
            .field("body", .string, .required)
            .field("digest", .string, .required)
            .create()
        // Documents are read in id order, which is byte order: on PostgreSQL the index says so.
        let sql = try database.sql()
        try await sql.raw("""
            CREATE UNIQUE INDEX game_data_documents_id ON game_data_documents
            (version_id, collection, \(SQLQueryString.inByteOrder("document_id", dialect: sql.dialect.name)))
            """).run()
        // What each version changed, as its answer names it: the first 1000 documents of each kind.
        try await database.schema("game_data_changes")
            .field("version_id", .uuid, .required, .references("game_data_versions", "id", onDelete: .cascade))
            .field("collection", .string, .required)
            .field("document_id", .string, .required)
            .field("change", .string, .required)
            .unique(on: "version_id", "change", "collection", "document_id")
            .create()
        try await database.schema("game_data_current")
            .field("app_id", .uuid, .required, .references("apps", "id", onDelete: .cascade))
            .field("game", .string, .required)
            .field("region", .string, .required)
            .field("namespace", .string, .required)
            .field("version_id", .uuid, .required, .references("game_data_versions", "id", onDelete: .cascade))
            .field("updated_at", .datetime, .required)
            .unique(on: "app_id", "game", "region", "namespace")
            .create()
    }

    func revert(on database: any Database) async throws {
        for table in ["game_data_current", "game_data_changes", "game_data_documents", "game_data_versions"] {
            try await database.schema(table).delete()
        }
    }
}
