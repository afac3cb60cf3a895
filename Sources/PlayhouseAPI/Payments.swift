import Foundation

/// `POST /v1/wallet/deposits` and `POST /v1/wallet/withdrawals`.
public struct PaymentRequest: Codable, Sendable, Equatable {
    public var amount: Money
    /// `real` or `sandbox`; the app's default economy when omitted (always `sandbox` for a sandbox app).
    public var economy: Economy?
    /// How the payment provider should pay. The sandbox provider knows `sandbox` (completes),
    /// `sandbox_delayed` (pending for a while, then completes) and `sandbox_declined` (declined).
    public var paymentMethod: String?

    public init(amount: Money, economy: Economy? = nil, paymentMethod: String? = nil) {
        self.amount = amount
        self.economy = economy
        self.paymentMethod = paymentMethod
    }

    enum CodingKeys: String, CodingKey {
        case amount, economy
        case paymentMethod = "payment_method"
    }
}

/// Where a deposit or withdrawal stands.
public enum PaymentStatus: String, Codable, Sendable, CaseIterable {
    /// Waiting for the payment provider. A pending withdrawal holds its money.
    case pending
    /// Done: a deposit is in the balance, a withdrawal has been paid out.
    case completed
    /// The provider refused it; no money moved.
    case declined
    /// A withdrawal the player cancelled while pending; its hold is released.
    case cancelled
}

/// A deposit into, or a withdrawal from, the player's wallet.
public struct Payment: Codable, Sendable, Equatable {
    public var id: String
    /// `ern:deposit:<id>` or `ern:withdrawal:<id>`.
    public var ern: String
    public var status: PaymentStatus
    public var amount: Money
    public var economy: Economy
    public var paymentMethod: String
    /// Why the provider declined, when it did.
    public var declineReason: String?
    public var createdAt: Date
    /// When it completed, was declined or was cancelled.
    public var finishedAt: Date?

    public init(id: String, ern: String, status: PaymentStatus, amount: Money, economy: Economy, paymentMethod: String,
                declineReason: String?, createdAt: Date, finishedAt: Date?) {
        self.id = id
        self.ern = ern
        self.status = status
        self.amount = amount
        self.economy = economy
        self.paymentMethod = paymentMethod
        self.declineReason = declineReason
        self.createdAt = createdAt
        self.finishedAt = finishedAt
    }

    enum CodingKeys: String, CodingKey {
        case amount, createdAt = "created_at", declineReason = "decline_reason", economy, ern, finishedAt = "finished_at", id,
            paymentMethod = "payment_method", status
    }
}

/// A deposit: money paid into the wallet.
public typealias Deposit = Payment
/// A withdrawal: money paid out of the wallet, held while pending.
public typealias Withdrawal = Payment

/// `POST /v1/promotions/redeem`: a promotion's code, or the URL the app or a web page shared.
public struct RedeemRequest: Codable, Sendable, Equatable {
    public var code: String?
    /// A promotion URL such as `https://play.example.com/promotions/WELCOME`.
    public var url: String?

    public init(code: String? = nil, url: String? = nil) {
        self.code = code
        self.url = url
    }
}

/// A redeemed promotion: the bonus now in the wallet.
public struct Redemption: Codable, Sendable, Equatable {
    public var code: String
    public var name: String
    public var amount: Money
    public var economy: Economy
    /// The ledger transaction that credited the bonus.
    public var transactionID: String
    public var redeemedAt: Date

    public init(code: String, name: String, amount: Money, economy: Economy, transactionID: String, redeemedAt: Date) {
        self.code = code
        self.name = name
        self.amount = amount
        self.economy = economy
        self.transactionID = transactionID
        self.redeemedAt = redeemedAt
    }

    enum CodingKeys: String, CodingKey {
        case amount, code, economy, name, redeemedAt = "redeemed_at", transactionID = "transaction_id"
    }
}
