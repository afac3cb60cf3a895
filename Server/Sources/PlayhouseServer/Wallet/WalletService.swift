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
        let cached = Dictionary(accounts.map { ("\($0.owner) \($0.currency) \($0.economy)", $0.balance) }) { first, _ in first }
        func balance(_ key: LedgerAccountKey) -> Int64 { cached["\(key.owner) \(key.currency) \(key.economy.rawValue)"] ?? 0 }
        for currency in currencies {
            let used = accounts.filter { $0.currency == currency.code }.compactMap { Economy(rawValue: $0.economy) }
            for economy in ([defaultEconomy] + used).uniqued() {
                balances.append(Balance(available: currency.money(balance(.wallet(playerID, currency.code, economy))),
                                        pendingWithdrawals: currency.money(balance(.held(playerID, currency.code, economy))),
                                        economy: economy, kind: currency.kind))
            }
        }
        return Wallet(balances: balances, pendingWithdrawals: pendingWithdrawals)
    }

    /// The player's account, as Betable's account call answered it. Its currency is the one the
    /// player chose while the app still has it, else the app's first real-money currency (or first).
    func account(app: AppRecord, player: Player) async throws -> WalletAccount {
        let profile = try player.profile()
        let currencies = try await CurrencyService(database: database).list(appID: app.id)
        let currency = currencies.first { $0.code == player.currency } ?? currencies.first { $0.kind == .real } ?? currencies.first
        return WalletAccount(id: profile.id, ern: profile.ern, displayName: profile.displayName, firstName: profile.firstName,
                             email: profile.email, currency: currency?.code, environment: app.environment,
                             economy: CurrencyService.defaultEconomy(app))
    }

    /// Sets the currency the player sees first; it must be one of the app's.
    func update(_ player: Player, with changes: AccountUpdate, app: AppRecord) async throws -> WalletAccount {
        if let code = changes.currency {
            guard try await CurrencyService(database: database).find(appID: app.id, code: code) != nil else {
                throw PlayhouseProblem(.unprocessableEntity, .unknownCurrency, parameters: ["currency": String(code.prefix(20))])
            }
            player.currency = code
            try await player.save(on: database)
        }
        return try await account(app: app, player: player)
    }

    /// A wallet entry with its transaction and account: what one line of the history shows.
    private static let entryLines: SQLQueryString = """
        SELECT e.id AS entry_id, e.amount, e.balance_after, t.id AS transaction_id, t.kind, t.reference, t.created_at,
               a.currency, a.economy
        FROM ledger_entries e
        JOIN ledger_accounts a ON a.id = e.account_id
        JOIN ledger_transactions t ON t.id = e.transaction_id
        """

    /// A filter on the history.
    struct HistoryFilter: Sendable {
        var currency: String?
        var kind: String?
        var economy: Economy?
    }

    /// One page of the player's history, newest first. The cursor is the last entry id seen.
    func history(app: AppRecord, playerID: UUID, filter: HistoryFilter, limit: Int, before cursor: Int64?) async throws -> PlayhouseAPI.Page<WalletTransaction> {
        let currencies = try await CurrencyService(database: database).list(appID: app.id)
        // A filter no transaction can match (odd characters included) matches nothing, and never
        // reaches the database (PostgreSQL refuses text with NUL bytes).
        if let currency = filter.currency, currency.range(of: "^[A-Za-z0-9]{1,10}$", options: .regularExpression) == nil {
            return PlayhouseAPI.Page(data: [], nextCursor: nil)
        }
        if let kind = filter.kind, kind.range(of: "^[a-z_]{1,40}$", options: .regularExpression) == nil {
            return PlayhouseAPI.Page(data: [], nextCursor: nil)
        }
        var query = Self.entryLines + """
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
        let row = try await database.sql().raw(Self.entryLines + """
             WHERE t.id = \(bind: id) AND a.app_id = \(bind: app.id) AND a.owner = \(bind: LedgerAccountKey.walletOwner(playerID))
            ORDER BY e.id LIMIT 1
            """).first()
        return try row.map { try Self.transaction($0, currencies: currencies) }
    }

    private static func transaction(_ row: any SQLRow, currencies: [CurrencyInfo]) throws -> WalletTransaction {
        let code = try row.decode(column: "currency", as: String.self)
        let currency = currencies.info(for: code)
        let id = try row.decode(column: "transaction_id", as: UUID.self).uuidString.lowercased()
        return WalletTransaction(id: id, ern: ERN.make("transaction", id), kind: TransactionKind(rawValue: try row.decode(column: "kind", as: String.self)),
                                 amount: currency.money(try row.decode(column: "amount", as: Int64.self)),
                                 balanceAfter: currency.money(try row.decode(column: "balance_after", as: Int64?.self) ?? 0),
                                 economy: Economy(rawValue: try row.decode(column: "economy", as: String.self)) ?? .sandbox,
                                 reference: try row.decode(column: "reference", as: String?.self),
                                 createdAt: try row.decode(column: "created_at", as: Date.self))
    }
}
