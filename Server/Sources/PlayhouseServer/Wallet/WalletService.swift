import Foundation
import PlayhouseAPI
import SQLKit

/// What a player's wallet holds and what happened to it: balances per currency and economy, and the
/// history of every transaction that touched them.
struct WalletService: Sendable {
    let store: Store

    /// The player's balances: every currency of the app in the app's default economy (zero until
    /// used), plus any other economy the player has money in; and their pending withdrawals. One
    /// read of the app's currencies with the player's accounts, and a read of the withdrawals only
    /// when some money is held for them. It settles nothing: that is the settler's work, and a
    /// payment's own request's (``PaymentService``).
    func wallet(app: AppRecord, playerID: UUID) async throws -> Wallet {
        let walletOwner = LedgerAccountKey.walletOwner(playerID), heldOwner = LedgerAccountKey.heldOwner(playerID)
        let defaultEconomy = CurrencyService.defaultEconomy(app)
        return try await store.read { sql in
            let rows = try await sql.raw("""
                SELECT \(CurrencyService.currencyColumns), a.owner, a.economy, a.balance FROM currencies c
                LEFT JOIN ledger_accounts a ON a.app_id = c.app_id AND a.owner IN (\(bind: walletOwner), \(bind: heldOwner)) AND a.currency = c.code
                WHERE c.app_id = \(bind: app.id) ORDER BY c.created_at, c.code, a.economy
                """).all()
            var balances: [Balance] = [], held = false
            var currency: CurrencyInfo?, amounts: [(economy: Economy, available: Int64, held: Int64)] = []
            func close() {
                guard let currency else { return }
                if !amounts.contains(where: { $0.economy == defaultEconomy }) { amounts.insert((defaultEconomy, 0, 0), at: 0) }
                let ordered = amounts.filter { $0.economy == defaultEconomy } + amounts.filter { $0.economy != defaultEconomy }
                balances += ordered.map { Balance(available: currency.money($0.available), pendingWithdrawals: currency.money($0.held),
                                                  economy: $0.economy, kind: currency.kind) }
            }
            for row in rows {
                guard let next = try CurrencyService.currency(row) else { continue }
                if next.code != currency?.code {
                    close()
                    currency = next
                    amounts = []
                }
                guard let owner = try row.decode(column: "owner", as: String?.self),
                      let economy = Economy(rawValue: try row.decode(column: "economy", as: String.self)) else { continue }
                let balance = try row.decode(column: "balance", as: Int64.self)
                if !amounts.contains(where: { $0.economy == economy }) { amounts.append((economy, 0, 0)) }
                let index = amounts.firstIndex { $0.economy == economy } ?? 0
                if owner == walletOwner { amounts[index].available = balance } else { amounts[index].held = balance }
                if owner == heldOwner && balance > 0 { held = true }
            }
            close()
            let currencies = rows.compactMap { try? CurrencyService.currency($0) }
            let pending = held ? try await PaymentService.pendingWithdrawals(appID: app.id, playerID: playerID, currencies: currencies, on: sql) : []
            return Wallet(balances: balances, pendingWithdrawals: pending)
        }
    }

    /// The player's account, as Betable's account call answered it. Its currency is the one the
    /// player chose while the app still has it, else the app's first real-money currency (or first).
    func account(app: AppRecord, player: Player) async throws -> WalletAccount {
        let profile = player.profile()
        let currencies = try await CurrencyService(store: store).list(appID: app.id)
        let currency = currencies.first { $0.code == player.currency } ?? currencies.first { $0.kind == .real } ?? currencies.first
        return WalletAccount(id: profile.id, ern: profile.ern, displayName: profile.displayName, firstName: profile.firstName,
                             email: profile.email, currency: currency?.code, environment: app.environment,
                             economy: CurrencyService.defaultEconomy(app))
    }

    /// Sets the currency the player sees first; it must be one of the app's.
    func update(_ player: Player, with changes: AccountUpdate, app: AppRecord) async throws -> WalletAccount {
        var player = player
        if let code = changes.currency {
            guard try await CurrencyService(store: store).find(appID: app.id, code: code) != nil else {
                throw PlayhouseProblem(.unprocessableEntity, .unknownCurrency, parameters: ["currency": String(code.prefix(20))])
            }
            player.currency = code
            try await store.write { [player] sql in
                try await sql.raw("UPDATE players SET currency = \(bind: code), updated_at = \(bind: Date()) WHERE id = \(bind: player.id)").run()
            }
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
        let currencies = try await CurrencyService(store: store).list(appID: app.id)
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
        let rows = try await store.read { [query] sql in try await sql.raw(query).all() }
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
        let currencies = try await CurrencyService(store: store).list(appID: app.id)
        let row = try await store.read { sql in
            try await sql.raw(Self.entryLines + """
                 WHERE t.id = \(bind: id) AND a.app_id = \(bind: app.id) AND a.owner = \(bind: LedgerAccountKey.walletOwner(playerID))
                ORDER BY e.id LIMIT 1
                """).first()
        }
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
