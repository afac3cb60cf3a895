import Fluent
import Foundation
import SQLKit

/// The rows of money movements carry no foreign keys on PostgreSQL.
///
/// PostgreSQL checks a foreign key with a query of its own for every row it writes. A deposit
/// writes rows that held eight of these checks and a bet rows that held fourteen. In a profile of
/// the deposit job (issue 23), the checks took a quarter of the database's CPU. Dropping them cut
/// the database's CPU per deposit from 597 to 387 µs and per bet from 721 to 522 µs
/// (`scripts/bench-jobs`, two runs minutes apart; the account read, which these tables do not
/// touch, moved 71 → 57 µs between them).
///
/// The references still hold. One statement writes a movement's transaction, its entries and its
/// bet (``Ledger``). The accounts, players, sessions and seeds they name are never deleted, except
/// with their app. ``deleteRows(ofApp:on:)`` now deletes the money rows that used to go with the
/// app by cascade, and ``BetRecord/deleteRows(ofApp:on:)`` the bets and their figures. SQLite
/// keeps its foreign keys: it checks them in-process, at the cost of an index lookup, and dropping
/// one there means rebuilding the table.
struct DropMoneyForeignKeys: AsyncMigration {
    /// The dropped constraints: table, PostgreSQL's name for the constraint, and its definition.
    static let constraints: [(table: String, name: String, definition: String)] = [
        ("ledger_transactions", "ledger_transactions_app_id_fkey", "FOREIGN KEY (app_id) REFERENCES apps(id) ON DELETE CASCADE"),
        ("ledger_entries", "ledger_entries_transaction_id_fkey",
         "FOREIGN KEY (transaction_id) REFERENCES ledger_transactions(id) ON DELETE CASCADE"),
        ("ledger_entries", "ledger_entries_account_id_fkey", "FOREIGN KEY (account_id) REFERENCES ledger_accounts(id) ON DELETE CASCADE"),
        ("idempotency_keys", "idempotency_keys_app_id_fkey", "FOREIGN KEY (app_id) REFERENCES apps(id) ON DELETE CASCADE"),
        ("payments", "payments_app_id_fkey", "FOREIGN KEY (app_id) REFERENCES apps(id) ON DELETE CASCADE"),
        ("payments", "payments_player_id_fkey", "FOREIGN KEY (player_id) REFERENCES players(id) ON DELETE CASCADE"),
        ("bets", "bets_app_id_fkey", "FOREIGN KEY (app_id) REFERENCES apps(id) ON DELETE CASCADE"),
        ("bets", "bets_player_id_fkey", "FOREIGN KEY (player_id) REFERENCES players(id) ON DELETE CASCADE"),
        ("bets", "bets_fairness_seed_id_fkey", "FOREIGN KEY (fairness_seed_id) REFERENCES fairness_seeds(id) ON DELETE CASCADE"),
        ("session_bet_totals", "session_bet_totals_session_id_fkey",
         "FOREIGN KEY (session_id) REFERENCES play_sessions(id) ON DELETE CASCADE"),
        ("player_loss_hours", "player_loss_hours_player_id_fkey", "FOREIGN KEY (player_id) REFERENCES players(id) ON DELETE CASCADE"),
    ]

    func prepare(on database: any Database) async throws {
        let sql = try database.sql()
        guard sql.dialect.name == "postgresql" else { return }
        for constraint in Self.constraints {
            try await sql.raw("ALTER TABLE \(ident: constraint.table) DROP CONSTRAINT IF EXISTS \(ident: constraint.name)").run()
        }
    }

    func revert(on database: any Database) async throws {
        let sql = try database.sql()
        guard sql.dialect.name == "postgresql" else { return }
        for constraint in Self.constraints {
            try await sql.raw("""
                ALTER TABLE \(ident: constraint.table) ADD CONSTRAINT \(ident: constraint.name) \(unsafeRaw: constraint.definition)
                """).run()
        }
    }

    /// Deletes the app's money rows, which the dropped constraints used to delete with it, in the
    /// transaction that deletes the app (a bet's rows are the games' to delete:
    /// ``BetRecord/deleteRows(ofApp:on:)``).
    static func deleteRows(ofApp appID: UUID, on sql: any SQLDatabase) async throws {
        try await sql.raw("""
            DELETE FROM ledger_entries WHERE transaction_id IN (SELECT id FROM ledger_transactions WHERE app_id = \(bind: appID))
            """).run()
        try await sql.raw("DELETE FROM ledger_transactions WHERE app_id = \(bind: appID)").run()
        try await sql.raw("DELETE FROM payments WHERE app_id = \(bind: appID)").run()
        try await sql.raw("DELETE FROM idempotency_keys WHERE app_id = \(bind: appID)").run()
    }
}
