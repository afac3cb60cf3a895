import Foundation

// The admin API's money (`/admin/v1/apps/{app}/ledger`, `/payments`, `/adjustments`,
// `/admin/v1/ledger/verify`): what an operator's script reads and sends.

/// One account's balance in one currency and economy: the players' `wallets`, the money `held`
/// for withdrawals, or one of the app's own accounts (`app:house`, `app:deposits`, …).
public struct LedgerTotal: Codable, Sendable, Equatable {
    public var currency: String
    public var economy: Economy
    public var account: String
    public var total: Money

    public init(currency: String, economy: Economy, account: String, total: Money) {
        self.currency = currency
        self.economy = economy
        self.account = account
        self.total = total
    }
}

/// What a check of every app's ledger found (`GET /admin/v1/ledger/verify`), and a sentence saying it.
public struct LedgerVerification: Codable, Sendable, Equatable {
    public var transactions: Int
    public var entries: Int
    public var accounts: Int
    public var violations: [String]
    public var summary: String

    public init(transactions: Int, entries: Int, accounts: Int, violations: [String], summary: String) {
        self.transactions = transactions
        self.entries = entries
        self.accounts = accounts
        self.violations = violations
        self.summary = summary
    }
}

/// A payment with the player it is of (`GET /admin/v1/apps/{app}/payments`).
public struct PaymentLine: Codable, Sendable, Equatable {
    public var playerID: String
    public var payment: Payment

    public init(playerID: String, payment: Payment) {
        self.playerID = playerID
        self.payment = payment
    }

    enum CodingKeys: String, CodingKey {
        case payment, playerID = "player_id"
    }
}

/// An owner's correction of a player's money: money into (`credit`) or out of (`debit`) the
/// player's wallet, with a reason; a wrong one is undone by its reversal, made once.
public struct Adjustment: Codable, Sendable, Equatable {
    public enum Direction: String, Codable, Sendable {
        case credit, debit
    }

    public var id: String
    /// `ern:adjustment:<id>`.
    public var ern: String
    public var playerID: String
    public var direction: Direction
    /// Positive: the direction says which way it went.
    public var amount: Money
    public var economy: Economy
    public var reason: String
    /// Who made it (an operator's email, or the command line).
    public var by: String
    /// The adjustment this one reverses.
    public var reverses: String?
    /// The adjustment that reversed this one.
    public var reversedBy: String?
    public var transactionID: String
    public var createdAt: Date

    public init(id: String, ern: String, playerID: String, direction: Direction, amount: Money, economy: Economy, reason: String, by: String,
                reverses: String? = nil, reversedBy: String? = nil, transactionID: String, createdAt: Date) {
        self.id = id
        self.ern = ern
        self.playerID = playerID
        self.direction = direction
        self.amount = amount
        self.economy = economy
        self.reason = reason
        self.by = by
        self.reverses = reverses
        self.reversedBy = reversedBy
        self.transactionID = transactionID
        self.createdAt = createdAt
    }

    enum CodingKeys: String, CodingKey {
        case amount, by, createdAt = "created_at", direction, economy, ern, id, playerID = "player_id", reason,
            reversedBy = "reversed_by", reverses, transactionID = "transaction_id"
    }
}

/// An owner's correction as sent (`POST /admin/v1/apps/{app}/players/{player}/adjustments`).
public struct AdjustmentOrder: Codable, Sendable, Equatable {
    public var direction: Adjustment.Direction
    /// A positive decimal string, as every amount in the API.
    public var amount: String
    public var currency: String
    /// The app's own economy when left out.
    public var economy: Economy?
    public var reason: String

    public init(direction: Adjustment.Direction, amount: String, currency: String, economy: Economy? = nil, reason: String) {
        self.direction = direction
        self.amount = amount
        self.currency = currency
        self.economy = economy
        self.reason = reason
    }
}

/// An adjustment undone, with why (`POST /admin/v1/apps/{app}/adjustments/{adjustment}/reversal`).
public struct AdjustmentReversal: Codable, Sendable, Equatable {
    public var reason: String

    public init(reason: String) {
        self.reason = reason
    }
}
