import Foundation
import NIOConcurrencyHelpers
import PlayhouseAPI
import SQLKit

/// Names a ledger account: whose it is, and the currency and economy it holds.
struct LedgerAccountKey: Hashable, Sendable {
    var owner: String
    var playerID: UUID?
    var currency: String
    var economy: Economy
    /// The app's own accounts may go negative (and keep no cached balance); players' never do.
    var allowsNegative: Bool

    /// The owner name of a player's wallet accounts.
    static func walletOwner(_ playerID: UUID) -> String { "wallet:" + playerID.uuidString.lowercased() }

    /// What a player can spend.
    static func wallet(_ playerID: UUID, _ currency: String, _ economy: Economy) -> Self {
        Self(owner: walletOwner(playerID), playerID: playerID, currency: currency, economy: economy, allowsNegative: false)
    }

    /// A player's money held for pending withdrawals.
    static func held(_ playerID: UUID, _ currency: String, _ economy: Economy) -> Self {
        Self(owner: "held:" + playerID.uuidString.lowercased(), playerID: playerID, currency: currency, economy: economy, allowsNegative: false)
    }

    /// One of the app's own accounts.
    static func app(_ account: AppAccount, _ currency: String, _ economy: Economy) -> Self {
        Self(owner: "app:" + account.rawValue, playerID: nil, currency: currency, economy: economy, allowsNegative: true)
    }
}

/// The app's own accounts, the other side of players' money.
enum AppAccount: String, Sendable {
    /// Where deposited money comes from: minus every completed deposit.
    case deposits
    /// Where withdrawn money goes: every settled withdrawal.
    case payouts
    /// Where promotion bonuses come from.
    case promotions
    /// The other side of bets and payouts.
    case house
}

/// Posts money movements to the double-entry ledger, inside a transaction of ``MoneyWriter``.
///
/// A movement is one transaction of two or more entries that sum to zero per currency. Each player
/// balance is changed by one conditional update (the balance covers each of its legs in turn), in
/// account-id order so that concurrent movements on PostgreSQL lock rows in the same order and cannot
/// deadlock. A movement that would overdraw a balance throws `insufficient_funds`, and the
/// surrounding transaction rolls back, so it changes nothing.
struct Ledger {
    /// Account ids seen in the database, so that a movement need not look them up again.
    static let knownAccounts = LedgerAccountDirectory()

    let sql: any SQLDatabase
    let appID: UUID
    let now: Date

    struct Posted: Sendable {
        var transactionID: UUID
        /// The cached balances after the movement, for the player accounts it touched.
        var balances: [LedgerAccountKey: Int64]
    }

    func post(id transactionID: UUID = UUID(), kind: String, playerID: UUID?, reference: String?, legs: [(account: LedgerAccountKey, amount: Int64)]) async throws -> Posted {
        var sums: [String: Int64] = [:]
        for leg in legs { sums["\(leg.account.currency)/\(leg.account.economy.rawValue)", default: 0] += leg.amount }
        precondition(legs.count >= 2 && sums.values.allSatisfy { $0 == 0 } && legs.allSatisfy { $0.amount != 0 },
                     "a ledger transaction must have two or more non-zero entries that sum to zero per currency")

        var ids: [LedgerAccountKey: UUID] = [:]
        for leg in legs where ids[leg.account] == nil { ids[leg.account] = try await accountID(leg.account) }

        try await sql.raw("""
            INSERT INTO ledger_transactions (id, app_id, player_id, kind, reference, created_at)
            VALUES (\(bind: transactionID), \(bind: appID), \(bind: playerID), \(bind: kind), \(bind: reference), \(bind: now))
            """).run()

        // Account-id order (a fixed lock order); an account's own legs keep their order, so a bet's
        // stake leaves the wallet (and is checked against the balance) before its payout comes back.
        let ordered = legs.enumerated().sorted { a, b in
            let (left, right) = (ids[a.element.account]!.uuidString, ids[b.element.account]!.uuidString)
            return left == right ? a.offset < b.offset : left < right
        }.map(\.element)

        // One conditional update per player account for all its legs: the balance must cover each
        // leg in turn, that is its lowest running sum.
        var running: [UUID: (total: Int64, lowest: Int64)] = [:]
        for leg in ordered where !leg.account.allowsNegative {
            var sum = running[ids[leg.account]!] ?? (0, 0)
            sum.total += leg.amount
            sum.lowest = min(sum.lowest, sum.total)
            running[ids[leg.account]!] = sum
        }
        var balances: [LedgerAccountKey: Int64] = [:]
        var before: [UUID: Int64] = [:]
        for leg in ordered where !leg.account.allowsNegative && before[ids[leg.account]!] == nil {
            let accountID = ids[leg.account]!, sum = running[accountID]!
            let row = try await sql.raw("""
                UPDATE ledger_accounts SET balance = balance + \(bind: sum.total)
                WHERE id = \(bind: accountID) AND balance + \(bind: sum.lowest) >= 0 RETURNING balance
                """).first()
            guard let row else {
                throw PlayhouseProblem(.unprocessableEntity, .insufficientFunds,
                                       parameters: ["currency": leg.account.currency, "economy": leg.account.economy.rawValue])
            }
            let after = try row.decode(column: "balance", as: Int64.self)
            balances[leg.account] = after
            before[accountID] = after - sum.total
        }

        // Each entry of a player account records the balance just after it.
        var entries: [SQLQueryString] = []
        for leg in ordered {
            let accountID = ids[leg.account]!
            var balanceAfter: Int64?
            if let balance = before[accountID] {
                balanceAfter = balance + leg.amount
                before[accountID] = balanceAfter
            }
            entries.append("(\(bind: transactionID), \(bind: accountID), \(bind: leg.amount), \(bind: balanceAfter))")
        }
        try await sql.raw("""
            INSERT INTO ledger_entries (transaction_id, account_id, amount, balance_after)
            VALUES \(entries.joined(separator: ", "))
            """).run()
        return Posted(transactionID: transactionID, balances: balances)
    }

    /// The account's id, creating the account on first use.
    private func accountID(_ key: LedgerAccountKey) async throws -> UUID {
        if let id = Self.knownAccounts.id(appID: appID, key) { return id }
        if let id = try await findAccount(key) {
            // Found before this transaction wrote anything: a committed row, safe to remember.
            Self.knownAccounts.remember(id, appID: appID, key)
            return id
        }
        try await sql.raw("""
            INSERT INTO ledger_accounts (id, app_id, owner, player_id, currency, economy, balance, allows_negative, created_at)
            VALUES (\(bind: UUID()), \(bind: appID), \(bind: key.owner), \(bind: key.playerID), \(bind: key.currency),
                    \(bind: key.economy.rawValue), \(bind: Int64(0)), \(bind: key.allowsNegative), \(bind: now))
            ON CONFLICT (app_id, owner, currency, economy) DO NOTHING
            """).run()
        guard let id = try await findAccount(key) else { throw PlayhouseProblem(.internalServerError, .internalError) }
        return id
    }

    private func findAccount(_ key: LedgerAccountKey) async throws -> UUID? {
        try await sql.raw("""
            SELECT id FROM ledger_accounts WHERE app_id = \(bind: appID) AND owner = \(bind: key.owner)
            AND currency = \(bind: key.currency) AND economy = \(bind: key.economy.rawValue)
            """).first()?.decode(column: "id", as: UUID.self)
    }
}

/// Ledger account ids by app and key, learned from committed rows. An account keeps its id and is
/// only deleted with its app, so an id once seen stays right; an id is never learned from a row
/// the current transaction wrote, which could still roll back.
final class LedgerAccountDirectory: Sendable {
    private struct Entry: Hashable {
        var appID: UUID
        var key: LedgerAccountKey
    }

    /// Past this many, the directory starts over rather than grow without bound.
    private static let capacity = 200_000
    private let ids = NIOLockedValueBox<[Entry: UUID]>([:])

    func id(appID: UUID, _ key: LedgerAccountKey) -> UUID? {
        ids.withLockedValue { $0[Entry(appID: appID, key: key)] }
    }

    func remember(_ id: UUID, appID: UUID, _ key: LedgerAccountKey) {
        ids.withLockedValue { ids in
            if ids.count >= Self.capacity { ids.removeAll(keepingCapacity: true) }
            ids[Entry(appID: appID, key: key)] = id
        }
    }
}
