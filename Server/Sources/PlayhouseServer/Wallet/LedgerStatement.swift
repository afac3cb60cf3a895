import Foundation
import PlayhouseAPI
import SQLKit
import Vapor

/// A player's accounts and latest ledger entries, for operators (`playhouse ledger show`).
public struct LedgerStatement: Sendable {
    public struct Account: Sendable {
        /// `wallet` (spendable) or `held` (pending withdrawals).
        public var purpose: String
        public var balance: Money
        public var economy: Economy
    }

    public struct Entry: Sendable {
        public var entryID: Int64
        public var transactionID: UUID
        public var kind: String
        public var reference: String?
        public var purpose: String
        public var amount: Money
        public var balanceAfter: Money?
        public var economy: Economy
        public var createdAt: Date
    }

    public var playerID: UUID
    public var appID: UUID
    public var accounts: [Account]
    /// Newest first.
    public var entries: [Entry]

    /// The statement of the player with this id; nil when the ledger has no account of theirs.
    static func load(playerID: UUID, limit: Int, store: Store) async throws -> LedgerStatement? {
        try await store.read { sql in try await load(playerID: playerID, limit: limit, on: sql) }
    }

    private static func load(playerID: UUID, limit: Int, on sql: any SQLDatabase) async throws -> LedgerStatement? {
        let owned = try await sql.raw("""
            SELECT app_id, owner, currency, economy, balance FROM ledger_accounts WHERE player_id = \(bind: playerID) ORDER BY currency, owner
            """).all()
        guard let appID = try owned.first?.decode(column: "app_id", as: UUID.self) else { return nil }
        let currencies = try await CurrencyService.list(appID: appID, on: sql)
        func money(_ minor: Int64, _ code: String) -> Money {
            currencies.info(for: code).money(minor)
        }
        func purpose(_ owner: String) -> String { String(owner.prefix { $0 != ":" }) }
        let accounts = try owned.map { row in
            Account(purpose: purpose(try row.decode(column: "owner", as: String.self)),
                    balance: money(try row.decode(column: "balance", as: Int64.self), try row.decode(column: "currency", as: String.self)),
                    economy: Economy(rawValue: try row.decode(column: "economy", as: String.self)) ?? .sandbox)
        }
        let rows = try await sql.raw("""
            SELECT e.id, e.amount, e.balance_after, t.id AS transaction_id, t.kind, t.reference, t.created_at, a.owner, a.currency, a.economy
            FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id JOIN ledger_transactions t ON t.id = e.transaction_id
            WHERE a.player_id = \(bind: playerID) ORDER BY e.id DESC LIMIT \(unsafeRaw: String(max(1, min(limit, 10_000))))
            """).all()
        let entries = try rows.map { row in
            let code = try row.decode(column: "currency", as: String.self)
            return Entry(entryID: try row.decode(column: "id", as: Int64.self),
                         transactionID: try row.decode(column: "transaction_id", as: UUID.self),
                         kind: try row.decode(column: "kind", as: String.self),
                         reference: try row.decode(column: "reference", as: String?.self),
                         purpose: purpose(try row.decode(column: "owner", as: String.self)),
                         amount: money(try row.decode(column: "amount", as: Int64.self), code),
                         balanceAfter: try row.decode(column: "balance_after", as: Int64?.self).map { money($0, code) },
                         economy: Economy(rawValue: try row.decode(column: "economy", as: String.self)) ?? .sandbox,
                         createdAt: try row.decode(column: "created_at", as: Date.self))
        }
        return LedgerStatement(playerID: playerID, appID: appID, accounts: accounts, entries: entries)
    }
}

extension Application {
    /// The ledger statement of a player (by id); nil when the ledger has no account of theirs.
    public func ledgerStatement(playerID: UUID, limit: Int = 50) async throws -> LedgerStatement? {
        try await LedgerStatement.load(playerID: playerID, limit: limit, store: store)
    }
}
