import Fluent
import Foundation

/// A bonus an app offers: a code (and its URL) that credits an amount once per player, within
/// the app's limits and dates.
final class Promotion: Model, @unchecked Sendable {
    static let schema = "promotions"

    @ID(key: .id) var id: UUID?
    @Parent(key: "app_id") var app: DeveloperApp
    /// Upper case; players may type it in any case.
    @Field(key: "code") var code: String
    @Field(key: "name") var name: String
    @Field(key: "currency") var currency: String
    @Field(key: "economy") var economy: String
    @Field(key: "amount") var amount: Int64
    /// How many players may redeem it in all; nil for no limit.
    @OptionalField(key: "max_redemptions") var maxRedemptions: Int?
    @Field(key: "redemptions") var redemptions: Int
    @OptionalField(key: "starts_at") var startsAt: Date?
    @OptionalField(key: "expires_at") var expiresAt: Date?
    @Field(key: "created_at") var createdAt: Date

    init() {}
}

/// Promotions, and `promotion_redemptions`: that a player redeemed one (at most once each).
struct CreatePromotion: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(Promotion.schema)
            .id()
            .field("app_id", .uuid, .required, .references(DeveloperApp.schema, "id", onDelete: .cascade))
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
            .field("promotion_id", .uuid, .required, .references(Promotion.schema, "id", onDelete: .cascade))
            .field("player_id", .uuid, .required, .references(Player.schema, "id", onDelete: .cascade))
            .field("transaction_id", .uuid, .required)
            .field("created_at", .datetime, .required)
            .unique(on: "promotion_id", "player_id")
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema("promotion_redemptions").delete()
        try await database.schema(Promotion.schema).delete()
    }
}
