import Fluent
import Foundation

struct CreateLedgerAccount: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema("ledger_accounts")
            .id()
            .field("app_id", .uuid, .required, .references("apps", "id", onDelete: .cascade))
            .field("owner", .string, .required)
            .field("player_id", .uuid, .references("players", "id", onDelete: .cascade))
            .field("currency", .string, .required)
            .field("economy", .string, .required)
            .field("balance", .int64, .required)
            .field("allows_negative", .bool, .required)
            .field("created_at", .datetime, .required)
            .unique(on: "app_id", "owner", "currency", "economy")
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema("ledger_accounts").delete()
    }
}
