import Foundation
import PlayhouseAPI
import SQLKit

/// What an app's ledger holds, added up per currency and economy and per kind of account: the
/// players' wallets, the money held for their withdrawals, and each of the app's own accounts
/// (deposits, payouts, promotions, rewards, the house). Double entry: a currency's lines sum to zero.
struct LedgerTotals: Sendable {
    let store: Store

    /// Each kind of account's total (``PlayhouseAPI/LedgerTotal``) in each currency and economy.
    func totals(appID: UUID) async throws -> [LedgerTotal] {
        let currencies = try await CurrencyService(store: store).list(appID: appID)
        let rows = try await store.read { sql in
            try await sql.raw("""
                SELECT a.currency, a.economy,
                       CASE WHEN a.owner LIKE 'wallet:%' THEN 'wallets' WHEN a.owner LIKE 'held:%' THEN 'held' ELSE a.owner END AS account_kind,
                       CAST(SUM(e.amount) AS BIGINT) AS total
                FROM ledger_accounts a JOIN ledger_entries e ON e.account_id = a.id
                WHERE a.app_id = \(bind: appID)
                GROUP BY a.currency, a.economy, account_kind ORDER BY a.currency, a.economy, account_kind
                """).all()
        }
        return try rows.map { row in
            let code = try row.decode(column: "currency", as: String.self)
            return LedgerTotal(currency: code, economy: Economy(rawValue: try row.decode(column: "economy", as: String.self)) ?? .sandbox,
                        account: try row.decode(column: "account_kind", as: String.self),
                        total: currencies.info(for: code).money(try row.decode(column: "total", as: Int64.self)))
        }
    }
}
