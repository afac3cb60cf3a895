import Fluent
import Foundation
import PlayhouseAPI

struct CreatePaymentRecord: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema("payments")
            .id()
            .field("app_id", .uuid, .required, .references("apps", "id", onDelete: .cascade))
            .field("player_id", .uuid, .required, .references("players", "id", onDelete: .cascade))
            .field("direction", .string, .required)
            .field("status", .string, .required)
            .field("currency", .string, .required)
            .field("economy", .string, .required)
            .field("amount", .int64, .required)
            .field("payment_method", .string, .required)
            .field("decline_reason", .string)
            .field("settle_after", .datetime)
            .field("created_at", .datetime, .required)
            .field("finished_at", .datetime)
            .create()
        let sql = try database.sql()
        try await sql.create(index: "payments_player").on("payments").column("player_id").column("status").run()
        try await sql.create(index: "payments_pending").on("payments").column("status").column("settle_after").run()
    }

    func revert(on database: any Database) async throws {
        try await database.schema("payments").delete()
    }
}

/// A player's payments by time, for the deposit limits' windows.
struct AddPaymentTimeIndex: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.sql().create(index: "payments_player_time").on("payments").column("player_id").column("created_at").run()
    }

    func revert(on database: any Database) async throws {
        try await database.sql().drop(index: "payments_player_time").run()
    }
}
