import Foundation
import NIOConcurrencyHelpers
import PlayhouseAPI
import PostgresKit
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

    /// The owner name of a player's held money.
    static func heldOwner(_ playerID: UUID) -> String { "held:" + playerID.uuidString.lowercased() }

    /// A player's money held for pending withdrawals.
    static func held(_ playerID: UUID, _ currency: String, _ economy: Economy) -> Self {
        Self(owner: heldOwner(playerID), playerID: playerID, currency: currency, economy: economy, allowsNegative: false)
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
    /// Where content rewards come from.
    case rewards
    /// The other side of bets and payouts.
    case house
    /// The other side of owners' corrections.
    case adjustments
}

/// Posts money movements to the double-entry ledger, inside the caller's money transaction
/// (``Store/transaction(_:)``) or as one statement that is its own (``Store/write(_:)``).
///
/// A movement is one transaction of two or more entries that sum to zero per currency. Each player
/// balance is changed by one conditional update (the balance covers each of its legs in turn), in
/// account-id order so that concurrent movements on PostgreSQL lock rows in the same order. A
/// movement that would overdraw a balance throws `insufficient_funds`, and the surrounding
/// transaction rolls back, so it changes nothing. On PostgreSQL a movement's writes are one
/// statement (one round trip), with the writes that go with it (a bet's record and its idempotency
/// key); on SQLite, where a statement costs none, they are several.
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
        /// Whether the movement's `claim` returned its row (true without one).
        var claimed = true
    }

    /// A row the movement writes with its own: `INSERT INTO table (columns)`, its `values`, and what
    /// follows them (`onConflict`). A row written along (a bet's record), or a claim, written
    /// unless another request wrote it first (an idempotency key, with the answer), whose
    /// `ON CONFLICT … DO NOTHING RETURNING …` returns a row only when it writes.
    struct Insert: Sendable {
        var insert: SQLQueryString
        var values: SQLQueryString
        var onConflict: SQLQueryString = ""

        var unconditional: SQLQueryString { "\(insert) VALUES (\(values)) \(onConflict)" }
        /// Written only if the statement's `condition` returned a row (PostgreSQL; see ``Record/conditional``).
        var conditional: SQLQueryString { "\(insert) SELECT \(values) WHERE \(Ledger.conditionHeld) \(onConflict)" }
    }

    /// In a conditional movement's statement: that its condition returned a row.
    static let conditionHeld: SQLQueryString = "EXISTS (SELECT 1 FROM condition)"

    /// Posts the movement `legs`, and with it the rows `along` and `claim` (``Posted/claimed``).
    /// The caller's transaction rolls a claim that failed back with the rest.
    func post(id transactionID: UUID = UUID.random(), kind: String, playerID: UUID?, reference: String?, legs: [(account: LedgerAccountKey, amount: Int64)],
              along: [Insert] = [], claim: Insert? = nil) async throws -> Posted {
        guard let posted = try await post(id: transactionID, kind: kind, playerID: playerID, reference: reference, legs: legs, onlyIf: nil,
                                          along: along, claim: claim) else {
            throw PlayhouseProblem(.internalServerError, .internalError)
        }
        return posted
    }

    /// Posts the movement `legs`, its rows `along` and its `claim`, only if `condition` holds: a
    /// statement that returns a row when it does, such as the update that concludes what the
    /// movement is for (a payment). Answers nil, having written nothing, when it returns none. On
    /// PostgreSQL the condition is part of the movement's one statement; a movement whose player
    /// accounts nothing else can change meanwhile (it only credits them, or its condition locked
    /// them) is then a transaction by itself (``Store/write(_:)``).
    func post(id transactionID: UUID = UUID.random(), kind: String, playerID: UUID?, reference: String?, legs: [(account: LedgerAccountKey, amount: Int64)],
              onlyIf condition: SQLQueryString?, along: [Insert] = [], claim: Insert? = nil) async throws -> Posted? {
        var sums: [String: Int64] = [:]
        for leg in legs { sums["\(leg.account.currency)/\(leg.account.economy.rawValue)", default: 0] += leg.amount }
        precondition(legs.count >= 2 && sums.values.allSatisfy { $0 == 0 } && legs.allSatisfy { $0.amount != 0 },
                     "a ledger transaction must have two or more non-zero entries that sum to zero per currency")

        var ids: [LedgerAccountKey: UUID] = [:]
        for leg in legs where ids[leg.account] == nil { ids[leg.account] = try await accountID(leg.account) }

        // Account-id order (a fixed lock order); an account's own legs keep their order, so a debit
        // is checked against the balance before a credit back (a bet posted whole). A bet posted as
        // its net is not seen here to cover its stake: ``BetService`` checks that first.
        let ordered = legs.enumerated().sorted { a, b in
            let (left, right) = (ids[a.element.account]!.uuidString, ids[b.element.account]!.uuidString)
            return left == right ? a.offset < b.offset : left < right
        }.map { Leg(accountID: ids[$0.element.account]!, account: $0.element.account, amount: $0.element.amount) }

        // One conditional update per player account for all its legs: the balance must cover each
        // leg in turn, that is its lowest running sum.
        var moves: [Move] = []
        for leg in ordered where !leg.account.allowsNegative {
            if moves.last?.accountID != leg.accountID { moves.append(Move(accountID: leg.accountID, account: leg.account)) }
            moves[moves.count - 1].total += leg.amount
            moves[moves.count - 1].lowest = min(moves[moves.count - 1].lowest, moves[moves.count - 1].total)
        }
        // Each entry of a player account records the balance just after it: the balance after the
        // whole movement, less what the account's later legs change.
        var entries: [Entry] = []
        var remaining = Dictionary(uniqueKeysWithValues: moves.map { ($0.accountID, $0.total) })
        for leg in ordered {
            var fromFinal: Int64?
            if let rest = remaining[leg.accountID] { // this leg and the account's later ones
                remaining[leg.accountID] = rest - leg.amount
                fromFinal = leg.amount - rest
            }
            entries.append(Entry(accountID: leg.accountID, amount: leg.amount, fromFinal: fromFinal))
        }

        let record = Record(values: "\(bind: transactionID), \(bind: appID), \(bind: playerID), \(bind: kind), \(bind: reference), \(bind: now)")
        let after: [UUID: Int64]
        var claimed = true
        if sql.dialect.name == "postgresql" && !moves.isEmpty {
            guard let written = try await writeInOneStatement(record, transactionID: transactionID, moves: moves, entries: entries, onlyIf: condition,
                                                              along: along, claim: claim)
            else { return nil }
            // Another request stored the key first: the statement wrote nothing.
            guard written.claimed else { return Posted(transactionID: transactionID, balances: [:], claimed: false) }
            (after, claimed) = (written.after, written.claimed)
        } else {
            if let condition, try await sql.raw(condition).first() == nil { return nil }
            after = try await writeStatementByStatement(record, transactionID: transactionID, moves: moves, entries: entries)
        }
        var balances: [LedgerAccountKey: Int64] = [:]
        for move in moves {
            guard let balance = after[move.accountID] else { throw Self.insufficientFunds(move.account) }
            balances[move.account] = balance
        }
        if sql.dialect.name != "postgresql" || moves.isEmpty {
            for row in along { try await sql.raw(row.unconditional).run() }
            if let claim { claimed = try await sql.claimed(claim.unconditional) }
        }
        return Posted(transactionID: transactionID, balances: balances, claimed: claimed)
    }

    /// The movement's row in `ledger_transactions`.
    private struct Record {
        var values: SQLQueryString
        private static let insert: SQLQueryString = "INSERT INTO ledger_transactions (id, app_id, player_id, kind, reference, created_at)"

        var unconditional: SQLQueryString { "\(Self.insert) VALUES (\(values))" }
        /// Written only if the statement's `condition` returned a row (PostgreSQL). Its values take
        /// their types from their binds, where `VALUES` takes them from the columns: a movement with
        /// a condition has a player.
        var conditional: SQLQueryString { "\(Self.insert) SELECT \(values) WHERE EXISTS (SELECT 1 FROM condition)" }
    }

    /// What a movement that `account`'s balance does not cover is refused with.
    static func insufficientFunds(_ account: LedgerAccountKey) -> PlayhouseProblem {
        PlayhouseProblem(.unprocessableEntity, .insufficientFunds, parameters: ["currency": account.currency, "economy": account.economy.rawValue])
    }

    /// One leg of a movement, with its account's id.
    private struct Leg {
        var accountID: UUID
        var account: LedgerAccountKey
        var amount: Int64
    }

    /// What a movement does to one player account's cached balance: adds `total`, provided the
    /// balance covers `lowest` (the lowest running sum of the account's legs, at most 0).
    private struct Move {
        var accountID: UUID
        var account: LedgerAccountKey
        var total: Int64 = 0
        var lowest: Int64 = 0
    }

    /// An entry to write; `fromFinal` is its balance after, relative to the account's balance after
    /// the whole movement (nil for accounts that keep no balance).
    private struct Entry {
        var accountID: UUID
        var amount: Int64
        var fromFinal: Int64?
    }

    /// SQLite, whose statements cost no round trip (and any movement of the app's accounts alone):
    /// the transaction, one update per player account (stopping at the first that the balance does
    /// not cover), then the entries. Returns the balances after the movement of the accounts that
    /// could move.
    private func writeStatementByStatement(_ record: Record, transactionID: UUID, moves: [Move], entries: [Entry]) async throws -> [UUID: Int64] {
        try await sql.raw(record.unconditional).run()
        var after: [UUID: Int64] = [:]
        for move in moves {
            guard let row = try await sql.raw("""
                UPDATE ledger_accounts SET balance = balance + \(bind: move.total)
                WHERE id = \(bind: move.accountID) AND balance + \(bind: move.lowest) >= 0 RETURNING balance
                """).first() else { return after }
            after[move.accountID] = try row.decode(column: "balance", as: Int64.self)
        }
        let values: [SQLQueryString] = entries.map { entry in
            "(\(bind: transactionID), \(bind: entry.accountID), \(bind: entry.amount), \(bind: entry.fromFinal.map { after[entry.accountID]! + $0 }))"
        }
        try await sql.raw("""
            INSERT INTO ledger_entries (transaction_id, account_id, amount, balance_after)
            VALUES \(values.joined(separator: ", "))
            """).run()
        return after
    }

    /// PostgreSQL, for a movement of one or more player accounts: the transaction, the balance
    /// updates, the entries and the writes `along` in one statement, so one round trip. An account
    /// whose balance does not cover its legs is not updated and returns no row; the caller's error
    /// then rolls the statement back with its transaction. A movement that is its own transaction
    /// must therefore be one no balance can refuse: it only credits player accounts, or its
    /// condition locked them at balances that cover it (a bet placed at once). The database
    /// locks the rows in the order it visits the few moves, as listed (account-id order); should
    /// it choose another, a deadlock between two movements is retried (``Store/transaction(_:)``).
    private func writeInOneStatement(_ record: Record, transactionID: UUID, moves: [Move], entries: [Entry], onlyIf condition: SQLQueryString?,
                                     along: [Insert], claim: Insert?) async throws -> (after: [UUID: Int64], claimed: Bool)? {
        let rows: [SQLQueryString] = entries.enumerated().map { position, entry in
            "(\(bind: position), \(bind: entry.accountID), \(bind: entry.amount), \(bind: entry.fromFinal ?? 0))"
        }
        let changes: [SQLQueryString] = moves.map { "(\(bind: $0.accountID), \(bind: $0.total), \(bind: $0.lowest))" }
        // With a condition, every write waits for it to return its row.
        let held: SQLQueryString = condition == nil ? "TRUE" : Self.conditionHeld
        let writes: [SQLQueryString] = along.enumerated().map { position, row in
            ", along\(unsafeRaw: String(position)) AS (\(condition == nil ? row.unconditional : row.conditional))"
        } + (claim.map { [", claim AS (\(condition == nil ? $0.unconditional : $0.conditional))" as SQLQueryString] } ?? [])
        let moved: [any SQLRow]
        do {
            moved = try await sql.raw("""
                WITH \(condition.map { "condition AS (\($0))," as SQLQueryString } ?? "")
                recorded AS (\(condition == nil ? record.unconditional : record.conditional)),
                moved AS (
                    UPDATE ledger_accounts AS a SET balance = a.balance + m.total
                    FROM (VALUES \(changes.joined(separator: ", "))) AS m (id, total, lowest)
                    WHERE a.id = m.id AND a.balance + m.lowest >= 0 AND \(held) RETURNING a.id, a.balance),
                entered AS (
                    INSERT INTO ledger_entries (transaction_id, account_id, amount, balance_after)
                    SELECT \(bind: transactionID), e.account_id, e.amount, moved.balance + e.from_final
                    FROM (VALUES \(rows.joined(separator: ", "))) AS e (position, account_id, amount, from_final)
                    LEFT JOIN moved ON moved.id = e.account_id WHERE \(held) ORDER BY e.position)\(writes.joined(separator: ""))
                SELECT id, balance FROM moved\(condition == nil ? "" : " UNION ALL SELECT NULL, 0 FROM condition" as SQLQueryString)\(
                    claim == nil ? "" : " UNION ALL SELECT NULL, 1 FROM claim" as SQLQueryString)\(claim == nil ? "" : Self.claimOrNothing(held: condition != nil))
                """).all()
        } catch let error as PSQLError where error.serverInfo?[.sqlState] == Self.claimLost {
            return ([:], false)
        }
        // A row without an id says that the condition (0) or the claim (1) returned its row.
        var after: [UUID: Int64] = [:], conditionHeld = condition == nil, claimed = claim == nil
        for row in moved {
            let balance = try row.decode(column: "balance", as: Int64.self)
            guard let id = try row.decode(column: "id", as: UUID?.self) else {
                if balance == 0 { conditionHeld = true } else { claimed = true }
                continue
            }
            after[id] = balance
        }
        return conditionHeld ? (after, claimed) : nil
    }

    /// The end of a movement's statement with a claim: should the claim return no row (another
    /// request stored the key first) where the movement is written (its condition, if `held`,
    /// returned its row), it divides by zero, and the whole statement, which is its own transaction
    /// when the movement is written at once, writes nothing. Without it, a movement whose key had
    /// been answered meanwhile (a refusal, stored by another send while this statement ran) would
    /// move money while its answer is that refusal.
    private static func claimOrNothing(held: Bool) -> SQLQueryString {
        " UNION ALL SELECT NULL, 1 / (SELECT COUNT(*) FROM claim) FROM \(unsafeRaw: held ? "condition" : "(SELECT 1) AS movement")"
    }

    /// The SQLSTATE of ``claimOrNothing(held:)``'s division: division by zero.
    private static let claimLost = "22012"

    /// A statement that locks the player account `accountID` for the rest of the transaction and
    /// reads its `balance`, which no one else can then change before the transaction ends: a bet
    /// knows its balance after before it is posted. (SQLite's transaction holds its only writer lock.)
    func balanceLock(_ accountID: UUID) -> SQLQueryString {
        "SELECT balance FROM ledger_accounts WHERE id = \(bind: accountID)\(unsafeRaw: sql.dialect.name == "postgresql" ? " FOR UPDATE" : "")"
    }

    /// What a read of `app` (a column) reads along to find the account `key`'s id and cached
    /// balance (``balance(_:appID:of:)``).
    static func balanceAlong(app: String, _ key: LedgerAccountKey) -> ReadAlong {
        ReadAlong(columns: "\(SQLAlias.wallet).id AS wallet_id, \(SQLAlias.wallet).balance AS wallet_balance", join: """
            LEFT JOIN ledger_accounts \(SQLAlias.wallet) ON \(SQLAlias.wallet).app_id = \(unsafeRaw: app) AND \(SQLAlias.wallet).owner = \(bind: key.owner)
                AND \(SQLAlias.wallet).currency = \(bind: key.currency) AND \(SQLAlias.wallet).economy = \(bind: key.economy.rawValue)
            """)
    }

    /// The id and cached balance of the account `key` in a row read with ``balanceAlong(app:_:)``;
    /// nil before the account's first movement. The id, from a committed row, is remembered.
    static func balance(_ row: any SQLRow, appID: UUID, of key: LedgerAccountKey) throws -> (id: UUID, balance: Int64)? {
        guard let id = try row.decode(column: "wallet_id", as: UUID?.self) else { return nil }
        knownAccounts.remember(id, appID: appID, key)
        return (id, try row.decode(column: "wallet_balance", as: Int64.self))
    }

    /// The accounts' ids, in order, creating any on first use: for a statement written outside a
    /// ledger of a connection (``CompletedDeposit``).
    static func accountIDs(_ keys: [LedgerAccountKey], appID: UUID, now: Date, store: Store) async throws -> [UUID] {
        var ids: [UUID] = []
        for key in keys {
            if let id = knownAccounts.id(appID: appID, key) {
                ids.append(id)
            } else {
                ids.append(try await store.write { sql in try await Ledger(sql: sql, appID: appID, now: now).accountID(key) })
            }
        }
        return ids
    }

    /// The account's id, creating the account on first use.
    func accountID(_ key: LedgerAccountKey) async throws -> UUID {
        if let id = Self.knownAccounts.id(appID: appID, key) { return id }
        if let id = try await findAccount(key) {
            // Found before this transaction wrote anything: a committed row, safe to remember.
            Self.knownAccounts.remember(id, appID: appID, key)
            return id
        }
        try await sql.raw("""
            INSERT INTO ledger_accounts (id, app_id, owner, player_id, currency, economy, balance, allows_negative, created_at)
            VALUES (\(bind: UUID.random()), \(bind: appID), \(bind: key.owner), \(bind: key.playerID), \(bind: key.currency),
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
