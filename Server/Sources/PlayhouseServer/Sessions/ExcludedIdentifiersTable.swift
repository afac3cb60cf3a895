import Fluent
import Foundation
import SQLKit

/// A deleted player's cool-off or self-exclusion, kept without the player (``ExcludedIdentifiers``).
struct CreateExcludedIdentifiers: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema("excluded_identifiers")
            .id()
            .field("app_id", .uuid, .required, .references("apps", "id", onDelete: .cascade))
            .field("identifier_hash", .string, .required)
            .field("name", .string, .required)
            .field("excluded_until", .int64, .required)
            .create()
        try await database.sql().raw("""
            CREATE INDEX excluded_identifiers_hash ON excluded_identifiers (app_id, identifier_hash)
            """).run()
    }

    func revert(on database: any Database) async throws {
        try await database.schema("excluded_identifiers").delete()
    }
}
