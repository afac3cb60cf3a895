import Fluent
import Foundation
import SQLKit

struct CreateLedgerAccount: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema("ledger_accounts")
            .id()
            .field("app_id", .uuid, .required, .references("apps", "id", onDelete: .cascade))
            .field("owner", .string, .required)
            .field("player_id", .uuid, .references("players", "id", onDelete: .cascade))
            .field("currency", .string, .required)
            .field("economy", .string, .required)
            .field("balance", .int64, .required)
            .field("allows_negative", .bool, .required)
            .field("created_at", .datetime, .required)
            .unique(on: "app_id", "owner", "currency", "economy")
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema("ledger_accounts").delete()
    }
}

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

/// No query finds transactions by player (a wallet's history reads its entries by account), and
/// deleting an app, which reads them by app, is rare: the index only cost every movement a write.
struct DropLedgerTransactionPlayerIndex: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.sql().drop(index: "ledger_transactions_player").run()
    }

    func revert(on database: any Database) async throws {
        try await database.sql().create(index: "ledger_transactions_player").on("ledger_transactions")
            .column("app_id").column("player_id").run()
    }
}
