import Foundation
import Logging
import PlayhouseAPI
import SQLKit

/// Deposits and withdrawals. A provider that can move money is only ever asked about a payment
/// already recorded, so whatever happens after it is asked (a refusal, a lost answer, a crash) the
/// payment can be concluded and no money the provider moved goes missing from the ledger
/// (``make(_:appID:playerID:depositLimits:unanswered:claim:logger:)``; the sandbox, which cannot,
/// completes a deposit in one step):
///
/// 1. ``open(_:appID:playerID:depositLimits:)``, one transaction: the payment is recorded as
///    `processing` (pending, on the wire); a withdrawal's money leaves the wallet and is held. A
///    refusal here (a deposit limit, an overdraft) records nothing and the provider is never asked.
/// 2. ``ask(_:logger:)``: the provider is asked, under the payment's id.
/// 3. ``conclude(_:_:openedAt:appID:playerID:)``, one transaction: its answer is recorded. A
///    completed deposit reaches the wallet; a completed withdrawal's held money is paid out and a
///    declined one's given back; a pending payment waits for its time (``settleDue(playerID:limit:)``).
///
/// A payment left `processing` (the server stopped, the provider's answer was lost or late) is
/// concluded by the next send of its request or, after ``processingGrace``, by
/// ``settleDue(playerID:limit:)`` (the server's own ``BackgroundWork/paymentSettler(every:)``, or
/// `playhouse payments settle`); both ask the provider again under the same id, and a provider that keeps one outcome per order answers
/// as it did the first time.
public struct PaymentService: Sendable {
    enum Direction: String, Sendable {
        case deposit
        case withdrawal
    }

    /// The status of a payment recorded but not yet answered by the provider; `pending` on the wire.
    static let processing = "processing"
    /// How long a `processing` payment is left to its own request before
    /// ``settleDue(playerID:limit:)`` asks the provider about it.
    static let processingGrace: TimeInterval = 30

    /// A validated payment, ready to open.
    struct Prepared: Sendable {
        var id: UUID
        var direction: Direction
        var currency: CurrencyInfo
        var amount: Int64
        var economy: Economy
        var method: String

        var order: PaymentOrder { PaymentOrder(id: id, amount: amount, currency: currency.code, economy: economy, method: method) }
        var ern: String { ERN.make(direction.rawValue, id.uuidString.lowercased()) }

        /// The payment on the wire, as it stands with `status`.
        func answer(_ status: PaymentStatus, declineReason: String? = nil, createdAt: Date, finishedAt: Date?) -> Payment {
            Payment(id: id.uuidString.lowercased(), ern: ern, status: status, amount: currency.money(amount), economy: economy,
                    paymentMethod: method, declineReason: declineReason, createdAt: createdAt, finishedAt: finishedAt)
        }
    }

    let store: Store
    let provider: any PaymentProvider
    /// How long ``provider`` has to answer (``DeadlineExceeded`` after that).
    let providerTimeout: Duration
    let configuration: PlayhouseConfiguration
    let now: Date
    /// On PostgreSQL, where deposits completed at once are written together.
    let completedDeposits: CombinedWrites<CompletedDeposit>

    /// Checks the request; nothing is recorded yet. Answers with the rows of what the caller reads
    /// `along` with the payment's currency (a deposit, the player's limits).
    ///
    /// `id` becomes the payment's id, and the provider is asked under it: the same id for every
    /// send of one request (``IdempotentRequest/operationID``), so that a provider that keeps one
    /// outcome per order, as card acquirers do, takes the money once however often it is asked.
    func prepare(_ direction: Direction, _ request: PaymentRequest, app: AppRecord, id: UUID,
                 along: [ReadAlong] = []) async throws -> (payment: Prepared, along: [any SQLRow]) {
        let (currency, amount, rows) = try await CurrencyService(store: store).parse(request.amount, appID: app.id, along: along)
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
        return (Prepared(id: id, direction: direction, currency: currency, amount: amount, economy: economy, method: method), rows)
    }

    /// Makes the payment: opens it, asks the provider and concludes it, as the type's
    /// documentation describes. A deposit to a provider that cannot move money (the sandbox),
    /// under no deposit limit in its currency, is asked about first: when the provider completes
    /// it, the payment is recorded concluded, its money moved and the request's key stored, in one
    /// statement (``depositAtOnce(_:appID:playerID:unanswered:claim:)``), where opening and
    /// concluding take two.
    func make(_ payment: Prepared, appID: UUID, playerID: UUID, depositLimits limits: Limits, unanswered: SQLQueryString?,
              claim: IdempotentRequest.KeyClaim, logger: Logger) async throws -> Payment {
        var decision: PaymentDecision?
        if !provider.movesMoney && payment.direction == .deposit && limits.money(loss: false, currency: payment.currency.code).isEmpty {
            decision = try await ask(payment, logger: logger)
            if decision == .completed,
               let made = try await depositAtOnce(payment, appID: appID, playerID: playerID, unanswered: unanswered, claim: claim) {
                return made
            }
        }
        let openedAt = try await open(payment, appID: appID, playerID: playerID, depositLimits: limits, unanswered: unanswered)
        if openedAt != nil && decision == nil { decision = try await ask(payment, logger: logger) }
        return try await conclude(payment, decision, openedAt: openedAt, appID: appID, playerID: playerID, claim: claim)
    }

    /// Records a deposit that the provider has completed, its money and the request's key (`claim`)
    /// in one statement: on PostgreSQL with the other deposits completed meanwhile
    /// (``CompletedDeposit``), on SQLite as ``post(_:of:appID:playerID:onlyIf:answering:claim:)``
    /// posts. Answers nil, having written nothing, when the payment is recorded already (a repeat,
    /// to be carried on from where it stands) or the request's key has its answer (`unanswered`).
    private func depositAtOnce(_ payment: Prepared, appID: UUID, playerID: UUID, unanswered: SQLQueryString?,
                               claim: IdempotentRequest.KeyClaim) async throws -> Payment? {
        let made = payment.answer(.completed, createdAt: now, finishedAt: now)
        if store.dialect == "postgresql", !store.inTransaction {
            let (from, to) = Booking.deposited.legs(playerID, payment.currency.code, payment.economy)
            let ids = try await Ledger.accountIDs([from, to], appID: appID, now: now, store: store)
            let deposit = CompletedDeposit(paymentID: payment.id, appID: appID, playerID: playerID, currency: payment.currency.code,
                                           economy: payment.economy, amount: payment.amount, method: payment.method, at: now,
                                           transactionID: UUID.random(), reference: payment.ern, walletID: ids[1], depositsID: ids[0],
                                           answer: try claim.answer(for: made))
            switch try await completedDeposits.write(deposit, on: store) {
            case .written:
                try claim.stored(true)
                return made
            case .notRecorded: return nil
            case .keyTaken:
                try claim.stored(false)
                return nil
            }
        }
        let record = record(payment, appID: appID, playerID: playerID, status: PaymentStatus.completed.rawValue, settleAfter: nil, finishedAt: now,
                            unanswered: unanswered)
        return try await post(.deposited, of: payment, appID: appID, playerID: playerID, onlyIf: record, answering: made, claim: claim) ? made : nil
    }

    /// The write that records the payment, created now with `status`, while the request's key has
    /// no answer (`unanswered`); it returns a row unless the payment is recorded already.
    private func record(_ payment: Prepared, appID: UUID, playerID: UUID, status: String, settleAfter: Date?, finishedAt: Date?,
                        unanswered: SQLQueryString?) -> SQLQueryString {
        """
        INSERT INTO payments (id, app_id, player_id, direction, status, currency, economy, amount, payment_method,
                              settle_after, created_at, finished_at)
        SELECT \(bind: payment.id), \(bind: appID), \(bind: playerID), \(bind: payment.direction.rawValue), \(bind: status),
               \(bind: payment.currency.code), \(bind: payment.economy.rawValue), \(bind: payment.amount), \(bind: payment.method),
               \(bind: settleAfter), \(bind: now), \(bind: finishedAt)
        WHERE \(unanswered ?? "1 = 1")
        ON CONFLICT (id) DO NOTHING RETURNING id
        """
    }

    /// Books what `booking` moves for the payment, with the request's key (`claim`) and `answer`,
    /// only if `condition` (the write that records what the payment now is) returns its row, in a
    /// money transaction of its own; a completed deposit, which only credits the wallet and so
    /// cannot be refused, is one statement
    /// (``Ledger/post(id:kind:playerID:reference:legs:onlyIf:along:claim:)``), on PostgreSQL a
    /// transaction by itself. False, having written nothing, when the condition returned no row.
    private func post(_ booking: Booking, of payment: Prepared, appID: UUID, playerID: UUID, onlyIf condition: SQLQueryString,
                      answering answer: Payment, claim: IdempotentRequest.KeyClaim) async throws -> Bool {
        let (from, to) = booking.legs(playerID, payment.currency.code, payment.economy)
        let reference = payment.ern, now = self.now
        let key = try claim.statement(for: answer)
        let posting: @Sendable (any SQLDatabase) async throws -> Bool = { sql in
            guard let posted = try await Ledger(sql: sql, appID: appID, now: now)
                .post(kind: booking.kind.rawValue, playerID: playerID, reference: reference, legs: [(from, -payment.amount), (to, payment.amount)],
                      onlyIf: condition, claim: key) else { return false }
            try claim.stored(posted.claimed)
            return true
        }
        return try await booking == .deposited ? store.write(posting) : store.transaction(posting)
    }

    /// Opens the payment in a money transaction of its own: a deposit is checked against the
    /// player's deposit `limits` under their lock, the payment recorded as `processing`, and a
    /// withdrawal's money held. A deposit with no deposit limit in its currency writes only the
    /// payment's row, so its one statement is its transaction (``Store/write(_:)``).
    /// Answers when the payment was opened if the provider is still to be asked, and nil when this
    /// request's payment was concluded already.
    ///
    /// The payment may be open already, from a simultaneous send of this request or one whose
    /// answer was lost: it is carried on from where it stands (it was checked when it was opened).
    /// A payment of another request under the same id (another body with the key, or the key used
    /// again after it was forgotten) is a 409.
    ///
    /// `unanswered`, a condition that holds while no answer is stored under the request's key
    /// (``IdempotentRequest/unanswered``), keeps a payment whose key's answer is a refusal from being
    /// opened by a repeat: it is checked in the statement that records the payment.
    func open(_ payment: Prepared, appID: UUID, playerID: UUID, depositLimits limits: Limits,
              unanswered: SQLQueryString?) async throws -> Date? {
        let now = self.now
        let opening: @Sendable (any SQLDatabase) async throws -> Date? = { sql in
            try await open(payment, appID: appID, playerID: playerID, unanswered: unanswered, on: sql) { sql in
                guard payment.direction == .deposit else { return }
                try await ResponsiblePlay.checkDeposit(payment.amount, currency: payment.currency, playerID: playerID, limits: limits,
                                                       now: now, on: sql)
            }
        }
        let unchecked = payment.direction == .deposit && limits.money(loss: false, currency: payment.currency.code).isEmpty
        return try await unchecked ? store.write(opening) : store.transaction(opening)
    }

    private func open(_ payment: Prepared, appID: UUID, playerID: UUID, unanswered: SQLQueryString?, on sql: any SQLDatabase,
                      checking: @Sendable (any SQLDatabase) async throws -> Void) async throws -> Date? {
        // Checked before the payment's row is written: the check takes the player's lock, which
        // every movement takes before it writes or locks anything else (the one order of locks).
        var refusal: PlayhouseProblem?
        do { try await checking(sql) } catch let problem as PlayhouseProblem { refusal = problem }
        if try await sql.claimed(record(payment, appID: appID, playerID: playerID, status: Self.processing,
                                        settleAfter: now.addingTimeInterval(Self.processingGrace), finishedAt: nil, unanswered: unanswered)) {
            if let refusal { throw refusal }
            if payment.direction == .withdrawal {
                try await book(.held, reference: payment.ern,
                               appID: appID, playerID: playerID, (payment.currency.code, payment.economy, payment.amount), on: sql)
            }
            return now
        }
        guard let row = try await sql.raw("""
            SELECT direction, currency, economy, amount, payment_method, status, created_at FROM payments WHERE id = \(bind: payment.id)
            """).first(),
              try row.decode(column: "direction", as: String.self) == payment.direction.rawValue,
              try row.decode(column: "currency", as: String.self) == payment.currency.code,
              try row.decode(column: "economy", as: String.self) == payment.economy.rawValue,
              try row.decode(column: "amount", as: Int64.self) == payment.amount,
              try row.decode(column: "payment_method", as: String.self) == payment.method,
              try row.decode(column: "created_at", as: Date.self) > now.addingTimeInterval(-IdempotentRequest.retention)
        else { throw PlayhouseProblem(.conflict, .idempotencyKeyReused) }
        guard try row.decode(column: "status", as: String.self) == Self.processing else { return nil }
        return try row.decode(column: "created_at", as: Date.self)
    }

    /// What the provider says about the payment. A provider that fails, or does not answer within
    /// ``providerTimeout``, is a `502 payment_provider_unavailable` (logged with its error); the
    /// payment stays pending, to be asked about again.
    func ask(_ payment: Prepared, logger: Logger) async throws -> PaymentDecision {
        do {
            return try await ask(payment.order, payment.direction)
        } catch let problem as PlayhouseProblem {
            throw problem
        } catch {
            logger.warning("The payment provider did not answer; the payment stays pending",
                           metadata: ["payment": "\(payment.id)", "error": "\(String(reflecting: error))"])
            throw PlayhouseProblem(.badGateway, .paymentProviderUnavailable)
        }
    }

    private func ask(_ order: PaymentOrder, _ direction: Direction) async throws -> PaymentDecision {
        let provider = self.provider, now = self.now
        let asking: @Sendable () async throws -> PaymentDecision = {
            switch direction {
            case .deposit: try await provider.deposit(order, now: now)
            case .withdrawal: try await provider.withdraw(order, now: now)
            }
        }
        return try await provider.answersAtOnce ? asking() : withDeadline(providerTimeout, asking)
    }

    /// Records the provider's `decision` about the payment opened at `openedAt` and moves its money,
    /// with the request's idempotency key (`claim`) and its answer
    /// (``post(_:of:appID:playerID:onlyIf:answering:claim:)``). Answers with the payment as it then stands, which is as
    /// someone else left it when they concluded it first (a simultaneous send,
    /// ``settleDue(playerID:limit:)``) or when there is no decision to record; the key is then not
    /// stored.
    func conclude(_ payment: Prepared, _ decision: PaymentDecision?, openedAt: Date?, appID: UUID, playerID: UUID,
                  claim: IdempotentRequest.KeyClaim) async throws -> Payment {
        if let decision, let openedAt {
            let (status, settleAfter, reason) = Self.outcome(decision)
            let update = Self.moveStatement(payment.id, from: Self.processing, to: status, settleAfter: settleAfter, reason: reason, now: now)
            let concluded = payment.answer(status, declineReason: reason, createdAt: openedAt, finishedAt: status == .pending ? nil : now)
            if let booking = Booking(payment.direction, reaching: status) {
                if try await post(booking, of: payment, appID: appID, playerID: playerID, onlyIf: update, answering: concluded, claim: claim) {
                    return concluded
                }
            } else if try await store.write({ sql in try await sql.claimed(update) }) {
                return concluded
            }
        }
        guard let row = try await store.read({ sql in
            try await sql.raw("SELECT \(unsafeRaw: Self.columns) FROM payments WHERE id = \(bind: payment.id)").first()
        }) else {
            throw PlayhouseProblem.notFound(payment.ern)
        }
        return try Self.wire(row, currency: payment.currency)
    }

    /// What the player deposited (completed, pending or still with the provider) in `currency`
    /// since `since`. On `sql`, so a money transaction reads its own snapshot.
    static func deposited(playerID: UUID, currency: String, since: Date, on sql: any SQLDatabase) async throws -> Int64 {
        try await sql.raw("""
            SELECT CAST(COALESCE(SUM(amount), 0) AS BIGINT) AS deposited FROM payments
            WHERE player_id = \(bind: playerID) AND currency = \(bind: currency) AND direction = \(bind: Direction.deposit.rawValue)
              AND status IN (\(bind: PaymentStatus.completed.rawValue), \(bind: PaymentStatus.pending.rawValue), \(bind: processing))
              AND created_at > \(bind: since)
            """).first()?.decode(column: "deposited", as: Int64.self) ?? 0
    }

    /// Whether the player has a completed deposit, as a column `has_deposited` of another
    /// feature's read (content campaigns target depositors).
    static func depositedAlong(playerID: UUID) -> ReadAlong {
        ReadAlong(columns: """
            EXISTS (SELECT 1 FROM payments \(SQLAlias.deposit) WHERE \(SQLAlias.deposit).player_id = \(bind: playerID)
                    AND \(SQLAlias.deposit).status = \(bind: PaymentStatus.completed.rawValue)
                    AND \(SQLAlias.deposit).direction = \(bind: Direction.deposit.rawValue)) AS has_deposited
            """, join: "")
    }

    /// The player's deposit or withdrawal with this id; nil when it is not theirs.
    func find(_ id: UUID, direction: Direction, appID: UUID, playerID: UUID) async throws -> Payment? {
        guard let row = try await store.read({ sql in
            try await sql.raw("""
                SELECT \(unsafeRaw: Self.columns) FROM payments
                WHERE id = \(bind: id) AND app_id = \(bind: appID) AND player_id = \(bind: playerID) AND direction = \(bind: direction.rawValue)
                """).first()
        }) else { return nil }
        let currencies = try await CurrencyService(store: store).list(appID: appID)
        return try Self.wire(row, currency: currencies.info(for: try row.decode(column: "currency", as: String.self)))
    }

    /// The player's pending withdrawals (those still with the provider too), oldest first, read
    /// with a read of the caller's (the wallet's balances) that takes `currencies`.
    static func pendingWithdrawals(appID: UUID, playerID: UUID, currencies: [CurrencyInfo], on sql: any SQLDatabase) async throws -> [Payment] {
        try await sql.raw("""
            SELECT \(unsafeRaw: columns) FROM payments
            WHERE player_id = \(bind: playerID) AND app_id = \(bind: appID) AND direction = \(bind: Direction.withdrawal.rawValue)
              AND status IN (\(bind: PaymentStatus.pending.rawValue), \(bind: processing))
            ORDER BY created_at LIMIT 100
            """).all().map { row in try wire(row, currency: currencies.info(for: try row.decode(column: "currency", as: String.self))) }
    }

    /// A statement counting the app's deposits completed from `start` until `end` (as `n`), by its
    /// (app, finished) index.
    static func completedDeposits(appID: UUID, from start: Date, to end: Date) -> SQLQueryString {
        """
        SELECT COUNT(*) AS n FROM payments WHERE app_id = \(bind: appID) AND finished_at >= \(bind: start) AND finished_at < \(bind: end)
          AND direction = \(bind: Direction.deposit.rawValue) AND status = \(bind: PaymentStatus.completed.rawValue)
        """
    }

    /// A page of an app's payments for its operators, newest first: those still open (pending, or
    /// with the provider) or those finished (completed, declined or cancelled), each with its player.
    func recent(appID: UUID, open: Bool, page: PageRequest) async throws -> (lines: [(playerID: UUID, payment: Payment)], next: Int64?) {
        let statuses = open ? [PaymentStatus.pending.rawValue, Self.processing]
                            : [PaymentStatus.completed, .declined, .cancelled].map(\.rawValue)
        let currencies = try await CurrencyService(store: store).list(appID: appID)
        // A page's position is the time of the last payment before it, in microseconds.
        let before = page.position.map { Date(timeIntervalSince1970: Double($0) / 1_000_000) } ?? .distantFuture
        let lines = try await store.read { sql in
            try await sql.raw("""
                SELECT player_id, \(unsafeRaw: Self.columns) FROM payments
                WHERE app_id = \(bind: appID) AND status IN (\(binds: statuses)) AND created_at < \(bind: before)
                ORDER BY created_at DESC, id LIMIT \(bind: page.readLimit)
                """).all()
        }.map { row in
            (try row.decode(column: "player_id", as: UUID.self),
             try Self.wire(row, currency: currencies.info(for: try row.decode(column: "currency", as: String.self))))
        }
        let shown = Array(lines.prefix(page.limit))
        return (shown, lines.count > page.limit ? shown.last.map { PageRequest.microseconds($0.1.createdAt) } : nil)
    }

    /// A page of all the player's payments, the first first (a player's export): a page starts how
    /// far into them its cursor says, and later payments only come after.
    func payments(appID: UUID, playerID: UUID, page: PageRequest) async throws -> PlayhouseAPI.Page<Payment> {
        let currencies = try await CurrencyService(store: store).list(appID: appID)
        return page.page(readFromOffset: try await store.read { sql in
            try await sql.raw("""
                SELECT \(unsafeRaw: Self.columns) FROM payments WHERE player_id = \(bind: playerID) AND app_id = \(bind: appID)
                ORDER BY created_at, id LIMIT \(bind: page.readLimit) OFFSET \(bind: page.offset)
                """).all()
        }.map { row in try Self.wire(row, currency: currencies.info(for: try row.decode(column: "currency", as: String.self))) })
    }

    /// Cancels a pending withdrawal and gives the held money back; inside a ``Store`` transaction.
    /// One still with the provider cannot be cancelled: it may be being paid out.
    func cancel(_ withdrawal: Payment, appID: UUID, playerID: UUID, on sql: any SQLDatabase) async throws -> Payment {
        guard let id = UUID(uuidString: withdrawal.id) else { throw PlayhouseProblem.notFound(withdrawal.ern) }
        guard let row = try await Self.move(id, from: PaymentStatus.pending.rawValue, to: .cancelled, now: now, sql: sql) else {
            let status = try await sql.raw("SELECT status FROM payments WHERE id = \(bind: id)").first()?.decode(column: "status", as: String.self)
            throw PlayhouseProblem(.conflict, .paymentNotPending, parameters: ["status": status ?? withdrawal.status.rawValue])
        }
        try await book(after: row, appID: appID, playerID: playerID, on: sql)
        var cancelled = withdrawal
        cancelled.status = .cancelled
        cancelled.finishedAt = now
        return cancelled
    }

    /// Settles the payments whose time has come (of one player, or of every app); returns how many
    /// it settled. Each settles exactly once, however many servers try at the same time.
    ///
    /// - A pending payment completes: the sandbox provider's later answer.
    /// - A payment left with the provider past ``processingGrace`` is asked about again, and its
    ///   answer recorded as its own request would have; when the provider cannot answer, it waits
    ///   for the next time.
    @discardableResult
    public func settleDue(playerID: UUID? = nil, limit: Int = 200) async throws -> Int {
        let now = self.now
        let due = try await store.read { sql in
            var query: SQLQueryString = """
                SELECT id, app_id, player_id, direction, status, currency, economy, amount, payment_method FROM payments
                WHERE status IN (\(bind: PaymentStatus.pending.rawValue), \(bind: Self.processing)) AND settle_after <= \(bind: now)
                """
            if let playerID { query = query + " AND player_id = \(bind: playerID)" }
            return try await sql.raw(query + " ORDER BY settle_after LIMIT \(unsafeRaw: String(max(1, limit)))").all()
        }
        var settled = 0
        for row in due {
            let id = try row.decode(column: "id", as: UUID.self), status = try row.decode(column: "status", as: String.self)
            let appID = try row.decode(column: "app_id", as: UUID.self), playerID = try row.decode(column: "player_id", as: UUID.self)
            let decision: PaymentDecision
            if status == Self.processing {
                let order = PaymentOrder(id: id, amount: try row.decode(column: "amount", as: Int64.self),
                                         currency: try row.decode(column: "currency", as: String.self),
                                         economy: Economy(rawValue: try row.decode(column: "economy", as: String.self)) ?? .sandbox,
                                         method: try row.decode(column: "payment_method", as: String.self))
                let direction = Direction(rawValue: try row.decode(column: "direction", as: String.self)) ?? .deposit
                guard let asked = try? await ask(order, direction) else { continue }
                decision = asked
            } else {
                decision = .completed
            }
            let done = try await store.transaction { sql -> Bool in
                guard let row = try await Self.move(id, from: status, to: decision, now: now, sql: sql) else { return false }
                try await book(after: row, appID: appID, playerID: playerID, on: sql)
                return true
            }
            if done { settled += 1 }
        }
        return settled
    }

    /// The columns a payment's answer is made of.
    private static let columns = "id, direction, status, currency, economy, amount, payment_method, decline_reason, created_at, finished_at"

    /// Moves a payment from status `from` to what `decision` says; nil when it no longer has
    /// status `from` (someone else moved it).
    private static func move(_ id: UUID, from: String, to decision: PaymentDecision, now: Date, sql: any SQLDatabase) async throws -> (any SQLRow)? {
        let (status, settleAfter, reason) = outcome(decision)
        return try await move(id, from: from, to: status, settleAfter: settleAfter, reason: reason, now: now, sql: sql)
    }

    private static func move(_ id: UUID, from: String, to status: PaymentStatus, settleAfter: Date? = nil, reason: String? = nil,
                             now: Date, sql: any SQLDatabase) async throws -> (any SQLRow)? {
        try await sql.raw(moveStatement(id, from: from, to: status, settleAfter: settleAfter, reason: reason, now: now)).first()
    }

    /// The status, time to settle and reason a provider's decision gives a payment.
    private static func outcome(_ decision: PaymentDecision) -> (status: PaymentStatus, settleAfter: Date?, reason: String?) {
        switch decision {
        case .completed: (.completed, nil, nil)
        case .pending(let until): (.pending, until, nil)
        case .declined(let why): (.declined, nil, why)
        }
    }

    /// The update that moves a payment from status `from`, returning its row; none when it no
    /// longer has that status (someone else moved it).
    private static func moveStatement(_ id: UUID, from: String, to status: PaymentStatus, settleAfter: Date?, reason: String?, now: Date) -> SQLQueryString {
        """
        UPDATE payments SET status = \(bind: status.rawValue), settle_after = \(bind: settleAfter), decline_reason = \(bind: reason),
                            finished_at = \(bind: status == .pending ? nil : now)
        WHERE id = \(bind: id) AND status = \(bind: from)
        RETURNING \(unsafeRaw: columns)
        """
    }

    private static func wire(_ row: any SQLRow, currency: CurrencyInfo) throws -> Payment {
        let id = try row.decode(column: "id", as: UUID.self).uuidString.lowercased()
        let direction = try row.decode(column: "direction", as: String.self)
        return Payment(id: id, ern: ERN.make(direction, id), status: status(try row.decode(column: "status", as: String.self)),
                       amount: currency.money(try row.decode(column: "amount", as: Int64.self)),
                       economy: Economy(rawValue: try row.decode(column: "economy", as: String.self)) ?? .sandbox,
                       paymentMethod: try row.decode(column: "payment_method", as: String.self),
                       declineReason: try row.decode(column: "decline_reason", as: String?.self),
                       createdAt: try row.decode(column: "created_at", as: Date.self),
                       finishedAt: try row.decode(column: "finished_at", as: Date?.self))
    }

    /// A stored status on the wire: a payment still with the provider is pending.
    private static func status(_ stored: String) -> PaymentStatus {
        PaymentStatus(rawValue: stored) ?? .pending
    }

    /// The ledger transaction each step of a payment books.
    enum Booking {
        /// A deposit completed: from the app's deposits into the wallet.
        case deposited
        /// A withdrawal opened: from the wallet to the player's held money.
        case held
        /// A held withdrawal paid out.
        case paidOut
        /// A held withdrawal cancelled or declined: back into the wallet.
        case released

        /// What a payment that has just reached `status` books, if anything.
        init?(_ direction: Direction, reaching status: PaymentStatus) {
            switch (direction, status) {
            case (.deposit, .completed): self = .deposited
            case (.withdrawal, .completed): self = .paidOut
            case (.withdrawal, .declined), (.withdrawal, .cancelled): self = .released
            default: return nil
            }
        }

        var kind: TransactionKind {
            switch self {
            case .deposited: .deposit
            case .held: .withdrawal
            case .paidOut: .withdrawalSettled
            case .released: .withdrawalReleased
            }
        }

        func legs(_ playerID: UUID, _ currency: String, _ economy: Economy) -> (from: LedgerAccountKey, to: LedgerAccountKey) {
            switch self {
            case .deposited: (.app(.deposits, currency, economy), .wallet(playerID, currency, economy))
            case .held: (.wallet(playerID, currency, economy), .held(playerID, currency, economy))
            case .paidOut: (.held(playerID, currency, economy), .app(.payouts, currency, economy))
            case .released: (.held(playerID, currency, economy), .wallet(playerID, currency, economy))
            }
        }
    }

    /// Books what a payment that has just moved to the status in `row` books.
    private func book(after row: any SQLRow, appID: UUID, playerID: UUID, on sql: any SQLDatabase) async throws {
        guard let direction = Direction(rawValue: try row.decode(column: "direction", as: String.self)),
              let status = PaymentStatus(rawValue: try row.decode(column: "status", as: String.self)),
              let booking = Booking(direction, reaching: status) else { return }
        let id = try row.decode(column: "id", as: UUID.self).uuidString.lowercased()
        try await book(booking, reference: ERN.make(direction.rawValue, id), appID: appID, playerID: playerID,
                       (try row.decode(column: "currency", as: String.self),
                        Economy(rawValue: try row.decode(column: "economy", as: String.self)) ?? .sandbox,
                        try row.decode(column: "amount", as: Int64.self)), on: sql)
    }

    private func book(_ booking: Booking, reference: String, appID: UUID, playerID: UUID,
                      _ money: (currency: String, economy: Economy, amount: Int64), on sql: any SQLDatabase) async throws {
        let (from, to) = booking.legs(playerID, money.currency, money.economy)
        _ = try await Ledger(sql: sql, appID: appID, now: now).post(kind: booking.kind.rawValue, playerID: playerID, reference: reference,
                                                                   legs: [(from, -money.amount), (to, money.amount)])
    }
}
