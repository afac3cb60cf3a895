import Fluent
import Foundation
import SQLKit

struct CreateLedgerTransaction: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema("ledger_transactions")
            .id()
            .field("app_id", .uuid, .required, .references("apps", "id", onDelete: .cascade))
            .field("player_id", .uuid)
            .field("kind", .string, .required)
            .field("reference", .string)
            .field("created_at", .datetime, .required)
            .create()
        try await database.sql().create(index: "ledger_transactions_player").on("ledger_transactions")
            .column("app_id").column("player_id").run()
    }

    func revert(on database: any Database) async throws {
        try await database.schema("ledger_transactions").delete()
    }
}
