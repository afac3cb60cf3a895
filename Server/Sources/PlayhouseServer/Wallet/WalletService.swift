import Foundation
import PlayhouseAPI
import SQLKit

/// What a player's wallet holds and what happened to it: balances per currency and economy, and the
/// history of every transaction that touched them.
struct WalletService: Sendable {
    let store: Store
    /// The account's currency is the player's own setting.
    let players: PlayerService
    /// A bet's stake and payout, which its line shows as legs.
    let betHistory: BetHistoryService

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
                SELECT \(CurrencyService.currencyColumns), a.owner, a.economy, a.balance FROM currencies \(SQLAlias.currency)
                LEFT JOIN ledger_accounts a ON a.app_id = \(SQLAlias.currency).app_id AND a.owner IN (\(bind: walletOwner), \(bind: heldOwner))
                    AND a.currency = \(SQLAlias.currency).code
                WHERE \(SQLAlias.currency).app_id = \(bind: app.id) ORDER BY \(SQLAlias.currency).created_at, \(SQLAlias.currency).code, a.economy
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
            try await players.setCurrency(code, of: player.id)
        }
        return try await account(app: app, player: player)
    }

    /// The transactions of the player's wallet that `condition` picks (on the table of entries `e`,
    /// accounts `a` and transactions `t`), newest first, up to `limit`: each is found by its last
    /// entry on the account (so that a transaction with several is one line, and a page is read
    /// along the account's entries, never the whole history), then read with all its entries on it.
    private static func lines(app: AppRecord, playerID: UUID, where condition: SQLQueryString, limit: Int) -> SQLQueryString {
        """
        SELECT p.entry_id, p.transaction_id, p.kind, p.reference, p.created_at, p.currency, p.economy,
               l.amount AS leg_amount, l.balance_after AS leg_balance_after
        FROM (
            SELECT e.id AS entry_id, e.account_id, t.id AS transaction_id, t.kind, t.reference, t.created_at, a.currency, a.economy
            FROM ledger_entries e
            JOIN ledger_accounts a ON a.id = e.account_id
            JOIN ledger_transactions t ON t.id = e.transaction_id
            WHERE a.app_id = \(bind: app.id) AND a.owner = \(bind: LedgerAccountKey.walletOwner(playerID)) AND \(condition)
              AND NOT EXISTS (SELECT 1 FROM ledger_entries later
                              WHERE later.transaction_id = e.transaction_id AND later.account_id = e.account_id AND later.id > e.id)
            ORDER BY e.id DESC LIMIT \(unsafeRaw: String(limit))
        ) p
        JOIN ledger_entries l ON l.transaction_id = p.transaction_id AND l.account_id = p.account_id
        ORDER BY p.entry_id DESC, l.id
        """
    }

    /// A filter on the history.
    struct HistoryFilter: Sendable {
        var currency: String?
        var kind: String?
        var economy: Economy?
    }

    /// One page of the player's history, newest first, a line per transaction. A page's position is
    /// the last entry id of its last transaction.
    func history(app: AppRecord, playerID: UUID, filter: HistoryFilter, page request: PageRequest) async throws -> PlayhouseAPI.Page<WalletTransaction> {
        let currencies = try await CurrencyService(store: store).list(appID: app.id)
        // A filter no transaction can match (odd characters included) matches nothing, and never
        // reaches the database (PostgreSQL refuses text with NUL bytes).
        if let currency = filter.currency, currency.range(of: "^[A-Za-z0-9]{1,10}$", options: .regularExpression) == nil {
            return PlayhouseAPI.Page(data: [], nextCursor: nil)
        }
        if let kind = filter.kind, kind.range(of: "^[a-z_]{1,40}$", options: .regularExpression) == nil {
            return PlayhouseAPI.Page(data: [], nextCursor: nil)
        }
        var condition: SQLQueryString = "1 = 1"
        if let currency = filter.currency { condition = condition + " AND a.currency = \(bind: currency)" }
        if let economy = filter.economy { condition = condition + " AND a.economy = \(bind: economy.rawValue)" }
        if let kind = filter.kind { condition = condition + " AND t.kind = \(bind: kind)" }
        if let position = request.position { condition = condition + " AND e.id < \(bind: position)" }
        let query = Self.lines(app: app, playerID: playerID, where: condition, limit: request.readLimit)
        let lines = try await transactions(try await store.read { sql in try await sql.raw(query).all() }, currencies: currencies)
        let page = lines.prefix(request.limit)
        return request.page(page.map(\.transaction), next: lines.count > request.limit ? page.last?.lastEntry : nil)
    }

    /// One transaction of the player's history, as the history lists it; nil when it did not touch their wallet.
    func transaction(_ id: UUID, app: AppRecord, playerID: UUID) async throws -> WalletTransaction? {
        let currencies = try await CurrencyService(store: store).list(appID: app.id)
        let query = Self.lines(app: app, playerID: playerID, where: "t.id = \(bind: id)", limit: 1)
        return try await transactions(try await store.read { sql in try await sql.raw(query).all() }, currencies: currencies).first?.transaction
    }

    /// The id of the bet whose transaction `row` is a line of; nil for another kind.
    private static func betID(_ row: any SQLRow) throws -> UUID? {
        guard try row.decode(column: "kind", as: String.self) == TransactionKind.bet.rawValue,
              let reference = try row.decode(column: "reference", as: String?.self) else { return nil }
        return ERN.id(reference, of: TransactionKind.bet.rawValue).flatMap(UUID.init(uuidString:))
    }

    /// The transactions of rows read by ``lines(app:playerID:where:limit:)``, in their order, each
    /// with the id of its last entry on the account. A bet's legs are its stake, with the balance
    /// after it, and its payout, with the balance after the bet, whether the ledger holds them so or
    /// as the bet's net (``BetRecord/movement``): the bet's own row says which.
    private func transactions(_ rows: [any SQLRow], currencies: [CurrencyInfo]) async throws -> [(transaction: WalletTransaction, lastEntry: Int64)] {
        let bets = try await betHistory.stakes(of: try rows.compactMap(Self.betID).uniqued())
        var lines: [(transaction: WalletTransaction, lastEntry: Int64)] = []
        var legs: [(amount: Int64, balanceAfter: Int64)] = []
        var first: (any SQLRow)?
        func close() throws {
            guard let row = first else { return }
            let currency = currencies.info(for: try row.decode(column: "currency", as: String.self))
            let id = try row.decode(column: "transaction_id", as: UUID.self).uuidString.lowercased()
            if legs.count == 1, let betID = try Self.betID(row), let bet = bets[betID] {
                let after = legs[0].balanceAfter
                legs = [(-bet.stake, after - bet.payout)] + (bet.payout > 0 ? [(bet.payout, after)] : [])
            }
            let transaction = WalletTransaction(
                id: id, ern: ERN.make("transaction", id), kind: TransactionKind(rawValue: try row.decode(column: "kind", as: String.self)),
                amount: currency.money(legs.reduce(0) { $0 + $1.amount }), balanceAfter: currency.money(legs.last?.balanceAfter ?? 0),
                legs: legs.map { WalletTransactionLeg(amount: currency.money($0.amount), balanceAfter: currency.money($0.balanceAfter)) },
                economy: Economy(rawValue: try row.decode(column: "economy", as: String.self)) ?? .sandbox,
                reference: try row.decode(column: "reference", as: String?.self), createdAt: try row.decode(column: "created_at", as: Date.self))
            lines.append((transaction, try row.decode(column: "entry_id", as: Int64.self)))
        }
        for row in rows {
            if try first?.decode(column: "entry_id", as: Int64.self) != row.decode(column: "entry_id", as: Int64.self) {
                try close()
                first = row
                legs = []
            }
            legs.append((try row.decode(column: "leg_amount", as: Int64.self), try row.decode(column: "leg_balance_after", as: Int64?.self) ?? 0))
        }
        try close()
        return lines
    }
}
