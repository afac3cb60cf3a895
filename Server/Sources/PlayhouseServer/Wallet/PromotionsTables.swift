import Fluent
import Foundation

/// Promotions, and `promotion_redemptions`: that a player redeemed one (at most once each).
struct CreatePromotion: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema("promotions")
            .id()
            .field("app_id", .uuid, .required, .references("apps", "id", onDelete: .cascade))
            .field("code", .string, .required)
            .field("name", .string, .required)
            .field("currency", .string, .required)
            .field("economy", .string, .required)
            .field("amount", .int64, .required)
            .field("max_redemptions", .int)
            .field("redemptions", .int, .required)
            .field("starts_at", .datetime)
            .field("expires_at", .datetime)
            .field("created_at", .datetime, .required)
            .unique(on: "app_id", "code")
            .create()
        try await database.schema("promotion_redemptions")
            .id()
            .field("promotion_id", .uuid, .required, .references("promotions", "id", onDelete: .cascade))
            .field("player_id", .uuid, .required, .references("players", "id", onDelete: .cascade))
            .field("transaction_id", .uuid, .required)
            .field("created_at", .datetime, .required)
            .unique(on: "promotion_id", "player_id")
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema("promotion_redemptions").delete()
        try await database.schema("promotions").delete()
    }
}
