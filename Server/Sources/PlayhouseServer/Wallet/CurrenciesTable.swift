import Fluent
import Foundation
import PlayhouseAPI

struct CreateCurrency: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema("currencies")
            .id()
            .field("app_id", .uuid, .required, .references("apps", "id", onDelete: .cascade))
            .field("code", .string, .required)
            .field("kind", .string, .required)
            .field("minor_units", .int, .required)
            .field("name", .string, .required)
            .field("game", .string)
            .field("created_at", .datetime)
            .unique(on: "app_id", "code")
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema("currencies").delete()
    }
}
