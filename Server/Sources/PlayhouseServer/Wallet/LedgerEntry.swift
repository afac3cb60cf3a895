import Fluent
import Foundation
import SQLKit

struct CreateLedgerEntry: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema("ledger_entries")
            .field("id", .int64, .identifier(auto: true))
            .field("transaction_id", .uuid, .required, .references("ledger_transactions", "id", onDelete: .cascade))
            .field("account_id", .uuid, .required, .references("ledger_accounts", "id", onDelete: .cascade))
            .field("amount", .int64, .required)
            .field("balance_after", .int64)
            .create()
        let sql = try database.sql()
        try await sql.create(index: "ledger_entries_account").on("ledger_entries").column("account_id").column("id").run()
        try await sql.create(index: "ledger_entries_transaction").on("ledger_entries").column("transaction_id").run()
    }

    func revert(on database: any Database) async throws {
        try await database.schema("ledger_entries").delete()
    }
}
