import Fluent
import Foundation
import SQLKit

/// One money movement: two or more entries that sum to zero per currency. Append-only.
final class LedgerTransaction: Model, @unchecked Sendable {
    static let schema = "ledger_transactions"

    @ID(key: .id) var id: UUID?
    @Parent(key: "app_id") var app: DeveloperApp
    /// The player it concerns, if any (history and `ledger show` look it up by player).
    @OptionalField(key: "player_id") var playerID: UUID?
    /// `deposit`, `withdrawal`, `withdrawal_settled`, `withdrawal_released`, `promotion`, …
    @Field(key: "kind") var kind: String
    /// What it belongs to: `ern:deposit:…`, `ern:withdrawal:…`, `ern:promotion:…`.
    @OptionalField(key: "reference") var reference: String?
    @Field(key: "created_at") var createdAt: Date

    init() {}
}

struct CreateLedgerTransaction: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(LedgerTransaction.schema)
            .id()
            .field("app_id", .uuid, .required, .references(DeveloperApp.schema, "id", onDelete: .cascade))
            .field("player_id", .uuid)
            .field("kind", .string, .required)
            .field("reference", .string)
            .field("created_at", .datetime, .required)
            .create()
        try await database.sql().create(index: "ledger_transactions_player").on(LedgerTransaction.schema)
            .column("app_id").column("player_id").run()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(LedgerTransaction.schema).delete()
    }
}
