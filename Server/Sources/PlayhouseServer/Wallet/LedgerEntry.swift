import Fluent
import Foundation
import SQLKit

/// One side of a ledger transaction: an amount into (positive) or out of (negative) one account.
/// Append-only. Entry ids grow, so a wallet's history pages by id.
final class LedgerEntry: Model, @unchecked Sendable {
    static let schema = "ledger_entries"

    @ID(custom: "id", generatedBy: .database) var id: Int64?
    @Parent(key: "transaction_id") var transaction: LedgerTransaction
    @Parent(key: "account_id") var account: LedgerAccount
    @Field(key: "amount") var amount: Int64
    /// The account's balance right after this entry, for accounts that cache one.
    @OptionalField(key: "balance_after") var balanceAfter: Int64?

    init() {}
}

struct CreateLedgerEntry: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(LedgerEntry.schema)
            .field("id", .int64, .identifier(auto: true))
            .field("transaction_id", .uuid, .required, .references(LedgerTransaction.schema, "id", onDelete: .cascade))
            .field("account_id", .uuid, .required, .references(LedgerAccount.schema, "id", onDelete: .cascade))
            .field("amount", .int64, .required)
            .field("balance_after", .int64)
            .create()
        let sql = try database.sql()
        try await sql.create(index: "ledger_entries_account").on(LedgerEntry.schema).column("account_id").column("id").run()
        try await sql.create(index: "ledger_entries_transaction").on(LedgerEntry.schema).column("transaction_id").run()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(LedgerEntry.schema).delete()
    }
}
