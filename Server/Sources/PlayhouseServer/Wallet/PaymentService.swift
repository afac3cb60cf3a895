import Fluent
import Foundation
import PlayhouseAPI
import SQLKit

/// Deposits and withdrawals: asks the payment provider, records the payment, and moves the money
/// in the ledger, all of a payment's money in one transaction.
///
/// - A deposit's money reaches the wallet when the provider completes it (at once, or when a
///   pending deposit settles).
/// - A withdrawal takes the money out of the wallet at once and holds it; settling pays the held
///   money out, cancelling gives it back. A declined payment moves no money.
public struct PaymentService: Sendable {
    enum Direction: String, Sendable {
        case deposit
        case withdrawal
    }

    /// A validated payment with the provider's decision, ready to record.
    struct Prepared: Sendable {
        var id: UUID
        var direction: Direction
        var currency: CurrencyInfo
        var amount: Int64
        var economy: Economy
        var method: String
        var decision: PaymentDecision
    }

    let database: any Database
    let writer: MoneyWriter
    let provider: any PaymentProvider
    let configuration: PlayhouseConfiguration
    let now: Date

    /// Checks the request, runs the caller's own `check` of the amount, and asks the provider;
    /// nothing is recorded yet.
    ///
    /// `id` becomes the payment's id, and the provider is asked under it: the same id for every
    /// send of one request (``IdempotentRequest/operationID``), so that a provider that keeps one
    /// outcome per order, as card acquirers do, takes the money once however often it is asked.
    func prepare(_ direction: Direction, _ request: PaymentRequest, app: AppRecord, id: UUID,
                 check: (CurrencyInfo, Int64) async throws -> Void = { _, _ in }) async throws -> Prepared {
        let (currency, amount) = try await CurrencyService(database: database).parse(request.amount, appID: app.id)
        guard currency.kind == .real else {
            throw PlayhouseProblem(.unprocessableEntity, .economyNotAllowed, message: "payments_real_money_only", parameters: ["currency": currency.code])
        }
        let economy = try CurrencyService.economy(request.economy, app: app, currency: currency.code)
        if economy == .real && !configuration.sandboxRealMoney {
            throw PlayhouseProblem(.unprocessableEntity, .realMoneyUnavailable)
        }
        let method = request.paymentMethod ?? SandboxPaymentProvider.defaultMethod
        guard provider.methods.contains(method) else {
            throw PlayhouseProblem(.unprocessableEntity, .unknownPaymentMethod, parameters: ["method": String(method.prefix(40))])
        }
        try await check(currency, amount)
        let order = PaymentOrder(id: id, amount: amount, currency: currency.code, economy: economy, method: method)
        let decision = switch direction {
        case .deposit: try await provider.deposit(order, now: now)
        case .withdrawal: try await provider.withdraw(order, now: now)
        }
        return Prepared(id: order.id, direction: direction, currency: currency, amount: amount, economy: economy,
                        method: method, decision: decision)
    }

    /// Records a prepared payment and moves its money; inside a ``MoneyWriter`` transaction.
    func record(_ payment: Prepared, appID: UUID, playerID: UUID, on sql: any SQLDatabase) async throws -> Payment {
        let status: PaymentStatus
        var settleAfter: Date?
        var reason: String?
        switch payment.decision {
        case .completed: status = .completed
        case .pending(let until): status = .pending; settleAfter = until
        case .declined(let why): status = .declined; reason = why
        }
        let finishedAt = status == .pending ? nil : now
        // Taken already: by a simultaneous send of this request (which has just committed, and whose
        // answer is replayed), or by a payment made with this key before it was forgotten.
        guard try await sql.claimed("""
            INSERT INTO payments (id, app_id, player_id, direction, status, currency, economy, amount, payment_method,
                                  decline_reason, settle_after, created_at, finished_at)
            VALUES (\(bind: payment.id), \(bind: appID), \(bind: playerID), \(bind: payment.direction.rawValue), \(bind: status.rawValue),
                    \(bind: payment.currency.code), \(bind: payment.economy.rawValue), \(bind: payment.amount), \(bind: payment.method),
                    \(bind: reason), \(bind: settleAfter), \(bind: now), \(bind: finishedAt))
            ON CONFLICT (id) DO NOTHING RETURNING id
            """) else { throw PlayhouseProblem(.conflict, .idempotencyKeyReused) }

        let reference = ERN.make(payment.direction.rawValue, payment.id.uuidString.lowercased())
        let booking: Booking? = switch (payment.direction, status) {
        case (.deposit, .completed): .deposited
        case (.withdrawal, .completed): .paidOutAtOnce
        case (.withdrawal, .pending): .held
        default: nil
        }
        if let booking {
            try await book(booking, reference: reference, appID: appID, playerID: playerID,
                           (payment.currency.code, payment.economy, payment.amount), on: sql)
        }
        return Payment(id: payment.id.uuidString.lowercased(), ern: reference, status: status, amount: payment.currency.money(payment.amount),
                       economy: payment.economy, paymentMethod: payment.method, declineReason: reason, createdAt: now, finishedAt: finishedAt)
    }

    /// What the player deposited (completed or still pending) in `currency` since `since`. On
    /// `sql`, so a money transaction reads its own snapshot.
    static func deposited(playerID: UUID, currency: String, since: Date, on sql: any SQLDatabase) async throws -> Int64 {
        try await sql.raw("""
            SELECT CAST(COALESCE(SUM(amount), 0) AS BIGINT) AS deposited FROM payments
            WHERE player_id = \(bind: playerID) AND currency = \(bind: currency) AND direction = \(bind: Direction.deposit.rawValue)
              AND status IN (\(bind: PaymentStatus.completed.rawValue), \(bind: PaymentStatus.pending.rawValue)) AND created_at > \(bind: since)
            """).first()?.decode(column: "deposited", as: Int64.self) ?? 0
    }

    /// The player's deposit or withdrawal with this id; nil when it is not theirs.
    func find(_ id: UUID, direction: Direction, appID: UUID, playerID: UUID) async throws -> Payment? {
        guard let record = try await PaymentRecord.query(on: database).filter(\.$id == id).filter(\.$app.$id == appID)
            .filter(\.$player.$id == playerID).filter(\.$direction == direction.rawValue).first() else { return nil }
        return try wire(record, currencies: try await CurrencyService(database: database).list(appID: appID))
    }

    /// The player's pending withdrawals, oldest first.
    func pendingWithdrawals(appID: UUID, playerID: UUID) async throws -> [Payment] {
        let records = try await PaymentRecord.query(on: database).filter(\.$app.$id == appID).filter(\.$player.$id == playerID)
            .filter(\.$direction == Direction.withdrawal.rawValue).filter(\.$status == PaymentStatus.pending.rawValue)
            .sort(\.$createdAt).limit(100).all()
        let currencies = try await CurrencyService(database: database).list(appID: appID)
        return try records.map { try wire($0, currencies: currencies) }
    }

    /// Cancels a pending withdrawal and gives the held money back; inside a ``MoneyWriter`` transaction.
    func cancel(_ withdrawal: Payment, appID: UUID, playerID: UUID, on sql: any SQLDatabase) async throws -> Payment {
        guard let id = UUID(uuidString: withdrawal.id) else { throw PlayhouseProblem.notFound(withdrawal.ern) }
        guard let claimed = try await Self.claim(id, status: .cancelled, now: now, sql: sql) else {
            let status = try await sql.raw("SELECT status FROM payments WHERE id = \(bind: id)").first()?.decode(column: "status", as: String.self)
            throw PlayhouseProblem(.conflict, .paymentNotPending, parameters: ["status": status ?? withdrawal.status.rawValue])
        }
        try await book(.released, reference: withdrawal.ern, appID: appID, playerID: playerID, claimed, on: sql)
        var cancelled = withdrawal
        cancelled.status = .cancelled
        cancelled.finishedAt = now
        return cancelled
    }

    /// Settles the pending payments whose time has come (of one player, or of every app); returns
    /// how many it settled. Each settles exactly once, however many servers try at the same time.
    @discardableResult
    public func settleDue(playerID: UUID? = nil, limit: Int = 200) async throws -> Int {
        var query = PaymentRecord.query(on: database).filter(\.$status == PaymentStatus.pending.rawValue)
            .filter(\.$settleAfter <= now)
        if let playerID { query = query.filter(\.$player.$id == playerID) }
        let due = try await query.sort(\.$settleAfter).limit(limit).all()
        var settled = 0
        let now = self.now
        for record in due {
            guard let id = record.id else { continue }
            let appID = record.$app.id, playerID = record.$player.id
            let direction = Direction(rawValue: record.direction) ?? .deposit
            let done = try await writer.transaction { sql -> Bool in
                guard let claimed = try await Self.claim(id, status: .completed, now: now, sql: sql) else { return false }
                try await book(direction == .deposit ? .deposited : .paidOut, reference: ERN.make(direction.rawValue, id.uuidString.lowercased()),
                               appID: appID, playerID: playerID, claimed, on: sql)
                return true
            }
            if done { settled += 1 }
        }
        return settled
    }

    /// Moves a pending payment to `status`; nil when it is no longer pending (someone else got it).
    private static func claim(_ id: UUID, status: PaymentStatus, now: Date, sql: any SQLDatabase) async throws
        -> (currency: String, economy: Economy, amount: Int64)? {
        guard let row = try await sql.raw("""
            UPDATE payments SET status = \(bind: status.rawValue), finished_at = \(bind: now)
            WHERE id = \(bind: id) AND status = \(bind: PaymentStatus.pending.rawValue)
            RETURNING currency, economy, amount
            """).first() else { return nil }
        let economy = Economy(rawValue: try row.decode(column: "economy", as: String.self)) ?? .sandbox
        return (try row.decode(column: "currency", as: String.self), economy, try row.decode(column: "amount", as: Int64.self))
    }

    private func wire(_ record: PaymentRecord, currencies: [CurrencyInfo]) throws -> Payment {
        let id = try record.requireID().uuidString.lowercased()
        return Payment(id: id, ern: ERN.make(record.direction, id), status: PaymentStatus(rawValue: record.status) ?? .pending,
                       amount: currencies.info(for: record.currency).money(record.amount), economy: Economy(rawValue: record.economy) ?? .sandbox,
                       paymentMethod: record.paymentMethod, declineReason: record.declineReason,
                       createdAt: record.createdAt, finishedAt: record.finishedAt)
    }

    /// The ledger transaction each step of a payment books.
    enum Booking {
        /// A deposit completed: from the app's deposits into the wallet.
        case deposited
        /// A withdrawal the provider paid out at once: from the wallet to the app's payouts.
        case paidOutAtOnce
        /// A withdrawal requested: from the wallet to the player's held money.
        case held
        /// A held withdrawal paid out.
        case paidOut
        /// A held withdrawal cancelled: back into the wallet.
        case released

        var kind: TransactionKind {
            switch self {
            case .deposited: .deposit
            case .paidOutAtOnce, .held: .withdrawal
            case .paidOut: .withdrawalSettled
            case .released: .withdrawalReleased
            }
        }

        func legs(_ playerID: UUID, _ currency: String, _ economy: Economy) -> (from: LedgerAccountKey, to: LedgerAccountKey) {
            switch self {
            case .deposited: (.app(.deposits, currency, economy), .wallet(playerID, currency, economy))
            case .paidOutAtOnce: (.wallet(playerID, currency, economy), .app(.payouts, currency, economy))
            case .held: (.wallet(playerID, currency, economy), .held(playerID, currency, economy))
            case .paidOut: (.held(playerID, currency, economy), .app(.payouts, currency, economy))
            case .released: (.held(playerID, currency, economy), .wallet(playerID, currency, economy))
            }
        }
    }

    private func book(_ booking: Booking, reference: String, appID: UUID, playerID: UUID,
                      _ money: (currency: String, economy: Economy, amount: Int64), on sql: any SQLDatabase) async throws {
        let (from, to) = booking.legs(playerID, money.currency, money.economy)
        _ = try await Ledger(sql: sql, appID: appID, now: now).post(kind: booking.kind.rawValue, playerID: playerID, reference: reference,
                                                                   legs: [(from, -money.amount), (to, money.amount)])
    }
}
