import Foundation

/// The signed-in player's account, as `GET /v1/account` answers it (Betable's account call).
public struct WalletAccount: Codable, Sendable, Equatable {
    public var id: String
    /// `ern:player:<id>`.
    public var ern: String
    public var displayName: String?
    public var firstName: String?
    public var email: String?
    /// The currency to show the player first: the one they chose (``AccountUpdate``) while the app
    /// still has it, else the app's first real-money currency (or its first currency); nil while
    /// the app has none.
    public var currency: String?
    /// The app's environment; a sandbox app's players only have sandbox money.
    public var environment: AppEnvironment
    /// The economy money moves in when a request names none.
    public var economy: Economy

    public init(id: String, ern: String, displayName: String?, firstName: String?, email: String?, currency: String?,
                environment: AppEnvironment, economy: Economy) {
        self.id = id
        self.ern = ern
        self.displayName = displayName
        self.firstName = firstName
        self.email = email
        self.currency = currency
        self.environment = environment
        self.economy = economy
    }

    enum CodingKeys: String, CodingKey {
        case currency, displayName = "display_name", economy, email, environment, ern, firstName = "first_name", id
    }
}

/// The body of `PATCH /v1/account`: fields left out (or null) stay as they are.
public struct AccountUpdate: Codable, Sendable, Equatable {
    /// The player's currency preference: one of the app's currency codes.
    public var currency: String?

    public init(currency: String? = nil) {
        self.currency = currency
    }
}

/// One balance of a wallet: a currency in an economy.
public struct Balance: Codable, Sendable, Equatable {
    /// What the player can spend or withdraw now.
    public var available: Money
    /// Held for withdrawals that have not settled yet.
    public var pendingWithdrawals: Money
    public var economy: Economy
    public var kind: CurrencyKind

    public init(available: Money, pendingWithdrawals: Money, economy: Economy, kind: CurrencyKind) {
        self.available = available
        self.pendingWithdrawals = pendingWithdrawals
        self.economy = economy
        self.kind = kind
    }

    enum CodingKeys: String, CodingKey {
        case available, economy, kind
        case pendingWithdrawals = "pending_withdrawals"
    }
}

/// The player's wallet, as `GET /v1/wallet` answers it: a balance per currency and economy (every
/// currency of the app appears, at zero until used) and the withdrawals still pending.
public struct Wallet: Codable, Sendable, Equatable {
    public var balances: [Balance]
    public var pendingWithdrawals: [Withdrawal]

    public init(balances: [Balance], pendingWithdrawals: [Withdrawal]) {
        self.balances = balances
        self.pendingWithdrawals = pendingWithdrawals
    }

    /// The balance of `currency` in `economy`, if the wallet has one.
    public func balance(_ currency: String, economy: Economy) -> Balance? {
        balances.first { $0.available.currency == currency && $0.economy == economy }
    }

    enum CodingKeys: String, CodingKey {
        case balances
        case pendingWithdrawals = "pending_withdrawals"
    }
}

/// What a ledger transaction was. The set is open (later features add kinds such as bets), so an
/// unknown kind still decodes.
public struct TransactionKind: RawRepresentable, Hashable, Codable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    public let rawValue: String

    public init(rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { self.rawValue = value }

    public init(from decoder: any Decoder) throws {
        self.rawValue = try decoder.singleValueContainer().decode(String.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    public var description: String { rawValue }

    public static let deposit: TransactionKind = "deposit"
    /// Money held for a withdrawal (it leaves the balance when requested).
    public static let withdrawal: TransactionKind = "withdrawal"
    /// A pending withdrawal cancelled: the held money comes back.
    public static let withdrawalReleased: TransactionKind = "withdrawal_released"
    /// Held money paid out; it touches only the held money, so it is not in the wallet's history.
    public static let withdrawalSettled: TransactionKind = "withdrawal_settled"
    public static let promotion: TransactionKind = "promotion"
    /// A bet: the stake out of the wallet and the payout, if any, back in.
    public static let bet: TransactionKind = "bet"
    /// A content reward's receipt claimed: its amount of a virtual currency into the wallet.
    public static let reward: TransactionKind = "reward"
    /// An owner's correction, with a reason: money into or out of the wallet, or an earlier
    /// correction reversed.
    public static let adjustment: TransactionKind = "adjustment"
    /// A deleted player's sandbox or virtual balance, written off to the house.
    public static let writeOff: TransactionKind = "write_off"
}

/// One line of the player's wallet history: a ledger transaction as it touched one of their
/// balances, once, however many movements of that balance it made (a bet's stake and payout).
public struct WalletTransaction: Codable, Sendable, Equatable {
    /// The ledger transaction's id.
    public var id: String
    /// `ern:transaction:<id>`.
    public var ern: String
    public var kind: TransactionKind
    /// What the transaction did to the balance in all: positive when money came in, negative when
    /// it went out (a bet's payout less its stake).
    public var amount: Money
    /// The balance right after the whole transaction.
    public var balanceAfter: Money
    /// Each movement of the balance, in the order the transaction made them: a bet's stake, then
    /// its payout if it paid.
    public var legs: [WalletTransactionLeg]
    public var economy: Economy
    /// What the transaction belongs to: `ern:deposit:…`, `ern:withdrawal:…`, `ern:promotion:…`.
    public var reference: String?
    public var createdAt: Date

    public init(id: String, ern: String, kind: TransactionKind, amount: Money, balanceAfter: Money, legs: [WalletTransactionLeg] = [],
                economy: Economy, reference: String?, createdAt: Date) {
        self.id = id
        self.ern = ern
        self.kind = kind
        self.amount = amount
        self.balanceAfter = balanceAfter
        self.legs = legs
        self.economy = economy
        self.reference = reference
        self.createdAt = createdAt
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        ern = try container.decode(String.self, forKey: .ern)
        kind = try container.decode(TransactionKind.self, forKey: .kind)
        amount = try container.decode(Money.self, forKey: .amount)
        balanceAfter = try container.decode(Money.self, forKey: .balanceAfter)
        // A server from before legs has none.
        legs = try container.decodeIfPresent([WalletTransactionLeg].self, forKey: .legs) ?? []
        economy = try container.decode(Economy.self, forKey: .economy)
        reference = try container.decodeIfPresent(String.self, forKey: .reference)
        createdAt = try container.decode(Date.self, forKey: .createdAt)
    }

    enum CodingKeys: String, CodingKey {
        case amount, balanceAfter = "balance_after", createdAt = "created_at", economy, ern, id, kind, legs, reference
    }
}

/// One movement of a balance within a ``WalletTransaction``.
public struct WalletTransactionLeg: Codable, Sendable, Equatable {
    /// Positive when money came in, negative when it went out.
    public var amount: Money
    /// The balance right after this movement.
    public var balanceAfter: Money

    public init(amount: Money, balanceAfter: Money) {
        self.amount = amount
        self.balanceAfter = balanceAfter
    }

    enum CodingKeys: String, CodingKey {
        case amount
        case balanceAfter = "balance_after"
    }
}
