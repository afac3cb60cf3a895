import Fluent
import Foundation
import PlayhouseAPI

/// A deposit or withdrawal and where it stands with the payment provider.
final class PaymentRecord: Model, @unchecked Sendable {
    static let schema = "payments"

    @ID(key: .id) var id: UUID?
    @Parent(key: "app_id") var app: DeveloperApp
    @Parent(key: "player_id") var player: Player
    /// `deposit` or `withdrawal`.
    @Field(key: "direction") var direction: String
    @Field(key: "status") var status: String
    @Field(key: "currency") var currency: String
    @Field(key: "economy") var economy: String
    @Field(key: "amount") var amount: Int64
    @Field(key: "payment_method") var paymentMethod: String
    @OptionalField(key: "decline_reason") var declineReason: String?
    /// When a pending payment settles (the provider's answer arrives).
    @OptionalField(key: "settle_after") var settleAfter: Date?
    @Field(key: "created_at") var createdAt: Date
    @OptionalField(key: "finished_at") var finishedAt: Date?

    init() {}
}

struct CreatePaymentRecord: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(PaymentRecord.schema)
            .id()
            .field("app_id", .uuid, .required, .references(DeveloperApp.schema, "id", onDelete: .cascade))
            .field("player_id", .uuid, .required, .references(Player.schema, "id", onDelete: .cascade))
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
        try await sql.create(index: "payments_player").on(PaymentRecord.schema).column("player_id").column("status").run()
        try await sql.create(index: "payments_pending").on(PaymentRecord.schema).column("status").column("settle_after").run()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(PaymentRecord.schema).delete()
    }
}

/// A player's payments by time, for the deposit limits' windows.
struct AddPaymentTimeIndex: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.sql().create(index: "payments_player_time").on(PaymentRecord.schema).column("player_id").column("created_at").run()
    }

    func revert(on database: any Database) async throws {
        try await database.sql().drop(index: "payments_player_time").run()
    }
}
