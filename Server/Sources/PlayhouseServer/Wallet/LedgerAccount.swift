import Fluent
import Foundation

/// An account of the ledger: one currency in one economy, owned by a player (their wallet, or
/// the money held for their pending withdrawals) or by the app itself (deposits, payouts,
/// promotions, the house).
///
/// Player accounts may never go below zero and cache their balance, updated in the same database
/// transaction as their entries. The app's own accounts may go negative (deposits is minus every
/// deposit ever made) and keep no cached balance: their balance is the sum of their entries, so
/// they are never a hot row that every movement must lock.
final class LedgerAccount: Model, @unchecked Sendable {
    static let schema = "ledger_accounts"

    @ID(key: .id) var id: UUID?
    @Parent(key: "app_id") var app: DeveloperApp
    /// `wallet:<player id>`, `held:<player id>` or `app:<name>`.
    @Field(key: "owner") var owner: String
    @OptionalField(key: "player_id") var playerID: UUID?
    @Field(key: "currency") var currency: String
    @Field(key: "economy") var economy: String
    /// The cached balance in minor units; always 0 for accounts that may go negative.
    @Field(key: "balance") var balance: Int64
    @Field(key: "allows_negative") var allowsNegative: Bool
    @Field(key: "created_at") var createdAt: Date

    init() {}
}

struct CreateLedgerAccount: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(LedgerAccount.schema)
            .id()
            .field("app_id", .uuid, .required, .references(DeveloperApp.schema, "id", onDelete: .cascade))
            .field("owner", .string, .required)
            .field("player_id", .uuid, .references(Player.schema, "id", onDelete: .cascade))
            .field("currency", .string, .required)
            .field("economy", .string, .required)
            .field("balance", .int64, .required)
            .field("allows_negative", .bool, .required)
            .field("created_at", .datetime, .required)
            .unique(on: "app_id", "owner", "currency", "economy")
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(LedgerAccount.schema).delete()
    }
}
