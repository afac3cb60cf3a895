import Fluent
import Foundation
import PlayhouseAPI
import SQLKit

/// What a player's wallet holds and what happened to it: balances per currency and economy, and the
/// history of every transaction that touched them.
struct WalletService: Sendable {
    let database: any Database

    /// The player's balances: every currency of the app in the app's default economy (zero until
    /// used), plus any other economy the player has money in.
    func wallet(app: AppRecord, playerID: UUID, pendingWithdrawals: [Payment]) async throws -> Wallet {
        let currencies = try await CurrencyService(database: database).list(appID: app.id)
        let accounts = try await LedgerAccount.query(on: database).filter(\.$app.$id == app.id).filter(\.$playerID == playerID).all()
        let defaultEconomy = CurrencyService.defaultEconomy(app)
        var balances: [Balance] = []
        for currency in currencies {
            var economies = [defaultEconomy]
            for account in accounts where account.currency == currency.code {
                if let economy = Economy(rawValue: account.economy), !economies.contains(economy) { economies.append(economy) }
            }
            for economy in economies {
                func balance(_ key: LedgerAccountKey) -> Int64 {
                    accounts.first { $0.owner == key.owner && $0.currency == key.currency && $0.economy == key.economy.rawValue }?.balance ?? 0
                }
                balances.append(Balance(available: currency.money(balance(.wallet(playerID, currency.code, economy))),
                                        pendingWithdrawals: currency.money(balance(.held(playerID, currency.code, economy))),
                                        economy: economy, kind: currency.kind))
            }
        }
        return Wallet(balances: balances, pendingWithdrawals: pendingWithdrawals)
    }

    /// The player's account, as Betable's account call answered it.
    func account(app: AppRecord, player: Player) async throws -> WalletAccount {
        let currencies = try await CurrencyService(database: database).list(appID: app.id)
        let id = try player.requireID().uuidString.lowercased()
        return WalletAccount(id: id, ern: ERN.make("player", id), displayName: player.displayName, firstName: player.firstName,
                             email: player.email, currency: (currencies.first { $0.kind == .real } ?? currencies.first)?.code,
                             environment: app.environment, economy: CurrencyService.defaultEconomy(app))
    }

    /// A filter on the history.
    struct HistoryFilter: Sendable {
        var currency: String?
        var kind: String?
        var economy: Economy?
    }

    /// One page of the player's history, newest first. The cursor is the last entry id seen.
    func history(app: AppRecord, playerID: UUID, filter: HistoryFilter, limit: Int, before cursor: Int64?) async throws -> PlayhouseAPI.Page<WalletTransaction> {
        let currencies = try await CurrencyService(database: database).list(appID: app.id)
        var query: SQLQueryString = """
            SELECT e.id AS entry_id, e.amount, e.balance_after, t.id AS transaction_id, t.kind, t.reference, t.created_at,
                   a.currency, a.economy
            FROM ledger_entries e
            JOIN ledger_accounts a ON a.id = e.account_id
            JOIN ledger_transactions t ON t.id = e.transaction_id
            WHERE a.app_id = \(bind: app.id) AND a.owner = \(bind: LedgerAccountKey.walletOwner(playerID))
            """
        if let currency = filter.currency { query = query + " AND a.currency = \(bind: currency)" }
        if let economy = filter.economy { query = query + " AND a.economy = \(bind: economy.rawValue)" }
        if let kind = filter.kind { query = query + " AND t.kind = \(bind: kind)" }
        if let cursor { query = query + " AND e.id < \(bind: cursor)" }
        query = query + " ORDER BY e.id DESC LIMIT \(unsafeRaw: String(limit + 1))"
        let rows = try await database.sql().raw(query).all()
        var items: [WalletTransaction] = []
        var lastEntry: Int64?
        for row in rows.prefix(limit) {
            items.append(try Self.transaction(row, currencies: currencies))
            lastEntry = try row.decode(column: "entry_id", as: Int64.self)
        }
        return PlayhouseAPI.Page(data: items, nextCursor: rows.count > limit ? lastEntry.map(String.init) : nil)
    }

    /// One transaction of the player's history; nil when it did not touch their wallet.
    func transaction(_ id: UUID, app: AppRecord, playerID: UUID) async throws -> WalletTransaction? {
        let currencies = try await CurrencyService(database: database).list(appID: app.id)
        let row = try await database.sql().raw("""
            SELECT e.id AS entry_id, e.amount, e.balance_after, t.id AS transaction_id, t.kind, t.reference, t.created_at,
                   a.currency, a.economy
            FROM ledger_entries e
            JOIN ledger_accounts a ON a.id = e.account_id
            JOIN ledger_transactions t ON t.id = e.transaction_id
            WHERE t.id = \(bind: id) AND a.app_id = \(bind: app.id) AND a.owner = \(bind: LedgerAccountKey.walletOwner(playerID))
            ORDER BY e.id LIMIT 1
            """).first()
        return try row.map { try Self.transaction($0, currencies: currencies) }
    }

    private static func transaction(_ row: any SQLRow, currencies: [CurrencyInfo]) throws -> WalletTransaction {
        let code = try row.decode(column: "currency", as: String.self)
        let currency = currencies.first { $0.code == code } ?? CurrencyInfo(code: code, kind: .virtual, minorUnits: 0, name: code)
        let id = try row.decode(column: "transaction_id", as: UUID.self).uuidString.lowercased()
        return WalletTransaction(id: id, ern: ERN.make("transaction", id), kind: TransactionKind(rawValue: try row.decode(column: "kind", as: String.self)),
                                 amount: currency.money(try row.decode(column: "amount", as: Int64.self)),
                                 balanceAfter: currency.money(try row.decode(column: "balance_after", as: Int64?.self) ?? 0),
                                 economy: Economy(rawValue: try row.decode(column: "economy", as: String.self)) ?? .sandbox,
                                 reference: try row.decode(column: "reference", as: String?.self),
                                 createdAt: try row.decode(column: "created_at", as: Date.self))
    }
}
