import Foundation
import PlayhouseAPI

/// What a payment provider says about a deposit or withdrawal.
enum PaymentDecision: Sendable, Equatable {
    /// Paid now.
    case completed
    /// Accepted; the money moves (or the payout is made) at this time.
    case pending(until: Date)
    case declined(reason: String)
}

/// A deposit or withdrawal as the provider sees it.
struct PaymentOrder: Sendable {
    /// The payment's id, the same each time one request is sent (``IdempotentRequest/operationID``):
    /// a real provider must use it as its idempotency key, so that a repeat never pays twice.
    var id: UUID
    var amount: Int64
    var currency: String
    var economy: Economy
    var method: String
}

/// Takes deposits and makes payouts. Playhouse ships the sandbox provider; a real one (a card
/// acquirer, a bank) is plugged in by implementing this.
protocol PaymentProvider: Sendable {
    /// The payment methods it knows; others are refused before anything is recorded.
    var methods: Set<String> { get }
    /// Whether asking it can move money (a real provider). One that cannot (the sandbox) may be
    /// asked before a payment is recorded, so a deposit it completes is recorded already concluded
    /// (``PaymentService/make(_:appID:playerID:depositLimits:unanswered:claim:logger:)``).
    var movesMoney: Bool { get }
    /// Whether it answers from this process without waiting on anything (the sandbox): it is
    /// then asked without a deadline, which costs two tasks and a timer per payment.
    var answersAtOnce: Bool { get }
    func deposit(_ order: PaymentOrder, now: Date) async throws -> PaymentDecision
    func withdraw(_ order: PaymentOrder, now: Date) async throws -> PaymentDecision
}

extension PaymentProvider {
    var answersAtOnce: Bool { false }
}

/// The sandbox provider: it moves no real money, and its payment method says what happens, so every
/// path can be tested.
///
/// - `sandbox`: a deposit completes at once; a withdrawal is paid out after `payoutDelay`.
/// - `sandbox_delayed`: a deposit is pending for `delay`, then completes; a withdrawal likewise.
/// - `sandbox_declined`: declined.
struct SandboxPaymentProvider: PaymentProvider {
    var delay: TimeInterval = 60
    var payoutDelay: TimeInterval = 60

    static let defaultMethod = "sandbox"
    var methods: Set<String> { ["sandbox", "sandbox_delayed", "sandbox_declined"] }
    var movesMoney: Bool { false }
    var answersAtOnce: Bool { true }

    func deposit(_ order: PaymentOrder, now: Date) async throws -> PaymentDecision {
        switch order.method {
        case "sandbox_delayed": .pending(until: now.addingTimeInterval(delay))
        case "sandbox_declined": .declined(reason: "The sandbox declined this payment, as sandbox_declined asks.")
        default: .completed
        }
    }

    func withdraw(_ order: PaymentOrder, now: Date) async throws -> PaymentDecision {
        switch order.method {
        case "sandbox_delayed": .pending(until: now.addingTimeInterval(delay + payoutDelay))
        case "sandbox_declined": .declined(reason: "The sandbox declined this payout, as sandbox_declined asks.")
        default: .pending(until: now.addingTimeInterval(payoutDelay))
        }
    }
}
