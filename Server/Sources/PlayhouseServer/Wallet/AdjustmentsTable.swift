import Fluent
import SQLKit

/// Owners' corrections of players' money (``AdjustmentService``). Each is a ledger transaction
/// with its reason; `reverses` is unique, so an adjustment is reversed once at most.
struct CreateAdjustments: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema("adjustments")
            .id()
            .field("app_id", .uuid, .required, .references("apps", "id", onDelete: .cascade))
            .field("player_id", .uuid, .required, .references("players", "id", onDelete: .cascade))
            .field("transaction_id", .uuid, .required, .references("ledger_transactions", "id", onDelete: .cascade))
            .field("direction", .string, .required)
            .field("currency", .string, .required)
            .field("economy", .string, .required)
            .field("amount", .int64, .required)
            .field("reason", .string, .required)
            .field("operator_id", .uuid)
            .field("actor", .string, .required)
            .field("reverses", .uuid)
            .field("created_at", .datetime, .required)
            .unique(on: "reverses")
            .create()
        let sql = try database.sql()
        try await sql.create(index: "adjustments_app").on("adjustments").column("app_id").column("created_at").run()
        try await sql.create(index: "adjustments_player").on("adjustments").column("player_id").column("created_at").run()
    }

    func revert(on database: any Database) async throws {
        try await database.schema("adjustments").delete()
    }
}
