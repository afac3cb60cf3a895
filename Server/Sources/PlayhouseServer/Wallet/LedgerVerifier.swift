import Foundation
import PlayhouseAPI
import SQLKit

/// Checks every invariant of the ledger: each transaction balances per currency and economy, each
/// cached balance equals the sum of its entries, each entry's balance after it is its account's
/// running sum, no account that may not go negative ever did, every completed deposit and every
/// redemption has its transaction, and each player's held money is what their open withdrawals hold.
public struct LedgerVerifier: Sendable {
    let store: Store

    /// What was checked, and every violation found (empty when the ledger is sound), with one
    /// line saying so, as the CLI prints it, the console shows it and the admin API answers it.
    public func verify() async throws -> LedgerVerification {
        try await store.read { sql in try await Self.verify(on: sql) }
    }

    private static func verify(on sql: any SQLDatabase) async throws -> LedgerVerification {
        var violations: [String] = []
        func count(_ query: SQLQueryString) async throws -> Int {
            try await sql.raw(query).first()?.decode(column: "n", as: Int.self) ?? 0
        }

        for row in try await sql.raw("""
            SELECT e.transaction_id, a.currency, a.economy, CAST(SUM(e.amount) AS BIGINT) AS total FROM ledger_entries e
            JOIN ledger_accounts a ON a.id = e.account_id
            GROUP BY e.transaction_id, a.currency, a.economy HAVING SUM(e.amount) <> 0
            """).all() {
            violations.append("transaction \(try row.decode(column: "transaction_id", as: UUID.self)) does not balance in "
                              + "\(try row.decode(column: "currency", as: String.self)) \(try row.decode(column: "economy", as: String.self)): "
                              + "its entries sum to \(try row.decode(column: "total", as: Int64.self))")
        }
        for row in try await sql.raw("""
            SELECT t.id FROM ledger_transactions t LEFT JOIN ledger_entries e ON e.transaction_id = t.id
            GROUP BY t.id HAVING COUNT(e.id) < 2
            """).all() {
            violations.append("transaction \(try row.decode(column: "id", as: UUID.self)) has fewer than two entries")
        }
        for row in try await sql.raw("""
            SELECT e.transaction_id FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id
            JOIN ledger_transactions t ON t.id = e.transaction_id WHERE a.app_id <> t.app_id
            """).all() {
            violations.append("transaction \(try row.decode(column: "transaction_id", as: UUID.self)) moves money between apps")
        }
        for row in try await sql.raw("""
            SELECT a.id, a.owner, a.currency, a.economy, a.balance, CAST(COALESCE(SUM(e.amount), 0) AS BIGINT) AS total
            FROM ledger_accounts a LEFT JOIN ledger_entries e ON e.account_id = a.id
            WHERE a.allows_negative = \(bind: false)
            GROUP BY a.id, a.owner, a.currency, a.economy, a.balance
            HAVING a.balance <> COALESCE(SUM(e.amount), 0)
            """).all() {
            violations.append("account \(try row.decode(column: "owner", as: String.self)) \(try row.decode(column: "currency", as: String.self)) "
                              + "\(try row.decode(column: "economy", as: String.self)) stores balance \(try row.decode(column: "balance", as: Int64.self)) "
                              + "but its entries sum to \(try row.decode(column: "total", as: Int64.self))")
        }
        let negative = try await count("""
            SELECT COUNT(*) AS n FROM ledger_accounts WHERE allows_negative = \(bind: false) AND balance < 0
            """)
        if negative > 0 { violations.append("\(negative) account(s) that may not go negative have a negative balance") }
        let negativeAfter = try await count("""
            SELECT COUNT(*) AS n FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id
            WHERE a.allows_negative = \(bind: false) AND (e.balance_after IS NULL OR e.balance_after < 0)
            """)
        if negativeAfter > 0 { violations.append("\(negativeAfter) entry(ies) left an account that may not go negative below zero") }
        let wrongAfter = try await count("""
            SELECT COUNT(*) AS n FROM (
                SELECT e.balance_after, SUM(e.amount) OVER (PARTITION BY e.account_id ORDER BY e.id) AS running
                FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id WHERE a.allows_negative = \(bind: false)
            ) chain WHERE chain.balance_after <> chain.running
            """)
        if wrongAfter > 0 { violations.append("\(wrongAfter) entry(ies) record a balance after them that is not the account's running sum") }
        let cachedOnAppAccounts = try await count("""
            SELECT COUNT(*) AS n FROM ledger_accounts WHERE allows_negative = \(bind: true) AND balance <> 0
            """)
        if cachedOnAppAccounts > 0 { violations.append("\(cachedOnAppAccounts) app account(s) carry a cached balance") }
        var depositBookings: [String: Int] = [:]
        for row in try await sql.raw("SELECT reference FROM ledger_transactions WHERE kind = 'deposit'").all() {
            depositBookings[try row.decode(column: "reference", as: String?.self) ?? "", default: 0] += 1
        }
        var unbookedDeposits = 0
        for row in try await sql.raw("SELECT id FROM payments WHERE direction = 'deposit' AND status = 'completed'").all() {
            let reference = "ern:deposit:" + (try row.decode(column: "id", as: UUID.self)).uuidString.lowercased()
            if depositBookings.removeValue(forKey: reference) != 1 { unbookedDeposits += 1 }
        }
        if unbookedDeposits > 0 { violations.append("\(unbookedDeposits) completed deposit(s) are not in the ledger exactly once") }
        if !depositBookings.isEmpty { violations.append("\(depositBookings.count) deposit transaction(s) have no completed deposit") }
        let wronglyHeld = try await count("""
            SELECT COUNT(*) AS n FROM ledger_accounts a
            WHERE a.owner LIKE 'held:%' AND a.balance <> (
                SELECT COALESCE(SUM(p.amount), 0) FROM payments p
                WHERE p.app_id = a.app_id AND p.player_id = a.player_id AND p.currency = a.currency AND p.economy = a.economy
                  AND p.direction = 'withdrawal' AND p.status IN ('pending', \(bind: PaymentService.processing)))
            """)
        if wronglyHeld > 0 { violations.append("\(wronglyHeld) player(s) have held money that is not what their open withdrawals hold") }
        let unbookedRedemptions = try await count("""
            SELECT COUNT(*) AS n FROM promotion_redemptions r
            WHERE NOT EXISTS (SELECT 1 FROM ledger_transactions t WHERE t.id = r.transaction_id)
            """)
        if unbookedRedemptions > 0 { violations.append("\(unbookedRedemptions) redemption(s) have no ledger transaction") }

        let (transactions, entries, accounts) = (try await count("SELECT COUNT(*) AS n FROM ledger_transactions"),
                                                 try await count("SELECT COUNT(*) AS n FROM ledger_entries"),
                                                 try await count("SELECT COUNT(*) AS n FROM ledger_accounts"))
        return LedgerVerification(transactions: transactions, entries: entries, accounts: accounts, violations: violations,
                                  summary: "Checked \(transactions) transactions, \(entries) entries, \(accounts) accounts: "
                                      + (violations.isEmpty ? "the ledger is sound." : "\(violations.count) violation(s)."))
    }
}
