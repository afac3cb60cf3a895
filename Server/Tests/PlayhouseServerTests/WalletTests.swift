import Foundation
import NIOConcurrencyHelpers
import PlayhouseAPI
import SQLKit
@testable import PlayhouseServer
import Testing
import Vapor
import VaporTesting

@Suite struct WalletTests {
    @Test(arguments: Engine.available)
    func depositsAndWithdrawalsMoveMoneyAndShowInTheHistory(_ engine: Engine) async throws {
        try await withPlayhouse(engine, { $0.passwordHashCost = 4 }) { app in
            let fixture = try await WalletFixture.make(app)
            let ann = try await fixture.player()

            let empty = try await fixture.wallet(ann)
            #expect(empty.balances.map(\.available) == [Money(amount: "0.00", currency: "EUR"), Money(amount: "0", currency: "KRD")])

            let deposit = try await fixture.deposit(ann, "12.5")
            #expect(deposit.status == .created)
            let payment = try deposit.decode(Payment.self)
            #expect(payment.status == .completed)
            #expect(payment.amount == Money(amount: "12.50", currency: "EUR"))
            #expect(payment.economy == .sandbox)

            let withdrawal = try await fixture.withdraw(ann, "2.25").decode(Payment.self)
            #expect(withdrawal.status == .pending)
            #expect(try await fixture.euros(ann) == ("10.25", "2.25"))
            #expect(try await fixture.wallet(ann).pendingWithdrawals.map(\.id) == [withdrawal.id])

            // The payout settles when its time comes (the settler's work; a look at the wallet
            // writes nothing); the held money leaves.
            app.playhouseClock.advance(by: 61)
            #expect(try await fixture.euros(ann) == ("10.25", "2.25"))
            #expect(try await app.send(.GET, "/v1/wallet/withdrawals/\(withdrawal.id)", headers: bearer(ann)).decode(Payment.self).status == .pending)
            try await fixture.settle()
            #expect(try await fixture.euros(ann) == ("10.25", "0.00"))
            let settled = try await app.send(.GET, "/v1/wallet/withdrawals/\(withdrawal.id)", headers: bearer(ann)).decode(Payment.self)
            #expect(settled.status == .completed)

            let history = try await fixture.history(ann)
            #expect(history.data.map(\.kind) == [.withdrawal, .deposit])
            #expect(history.data.map(\.amount.amount) == ["-2.25", "12.50"])
            #expect(history.data.map(\.balanceAfter.amount) == ["10.25", "12.50"])
            #expect(history.data.first?.reference == withdrawal.ern)

            let firstPage = try await fixture.history(ann, query: "?limit=1")
            #expect(firstPage.data.count == 1)
            let cursor = try #require(firstPage.nextCursor)
            let secondPage = try await fixture.history(ann, query: "?limit=1&cursor=\(cursor)")
            #expect(secondPage.data.map(\.kind) == [.deposit])
            #expect(secondPage.nextCursor == nil)
            #expect(try await fixture.history(ann, query: "?kind=deposit").data.count == 1)
            #expect(try await fixture.history(ann, query: "?currency=KRD").data.isEmpty)
            // Empty text is no filter and an empty cursor the first page; a number, an enum or a
            // cursor that does not read is a 400 naming its field.
            #expect(try await fixture.history(ann, query: "?currency=&kind=&cursor=").data.count == 2)
            for (query, field) in [("?limit=", "limit"), ("?limit=two", "limit"), ("?limit=101", "limit"), ("?economy=", "economy"),
                                   ("?economy=gold", "economy"), ("?cursor=abc", "cursor"), ("?cursor=" + cursor + "x", "cursor")] {
                let refused = try await app.send(.GET, "/v1/wallet/transactions" + query, headers: bearer(ann))
                #expect(refused.status == .badRequest, "\(query)")
                #expect(try refused.problem().errors?.map(\.field) == [field], "\(query): \(refused.body.string)")
            }

            // One transaction by id, and nobody else's.
            let transactionID = try #require(history.data.last?.id)
            let one = try await app.send(.GET, "/v1/wallet/transactions/\(transactionID)", headers: bearer(ann))
            #expect(try one.decode(WalletTransaction.self).kind == .deposit)
            let bob = try await fixture.player("bob@example.com")
            let foreign = try await app.send(.GET, "/v1/wallet/transactions/\(transactionID)", headers: bearer(bob))
            #expect(foreign.status == .notFound)
            #expect(try await app.send(.GET, "/v1/wallet/deposits/\(payment.id)", headers: bearer(bob)).status == .notFound)

            let account = try await app.send(.GET, "/v1/account", headers: bearer(ann)).decode(WalletAccount.self)
            #expect(account.currency == "EUR")
            #expect(account.email == "ann@example.com")
            #expect(account.economy == .sandbox)
            try await fixture.expectLedgerSound()
        }
    }

    /// PostgreSQL may abort a money transaction with a serialization failure or a deadlock; the
    /// writer runs it again. Any other error reaches the caller at once.
    @Test(arguments: Engine.available.filter { $0 == .postgres })
    func aMoneyTransactionPostgreSQLAbortsRunsAgain(_ engine: Engine) async throws {
        try await withPlayhouse(engine) { app in
            let attempts = NIOLockedValueBox(0)
            @Sendable func abort(_ sql: any SQLDatabase, _ state: String) async throws {
                try await sql.raw("DO $$ BEGIN RAISE EXCEPTION 'forced' USING ERRCODE = '\(unsafeRaw: state)'; END $$").run()
            }
            for state in ["40001", "40P01"] {
                attempts.withLockedValue { $0 = 0 }
                let answer = try await app.store.transaction { sql in
                    if attempts.withLockedValue({ $0 += 1; return $0 }) == 1 { try await abort(sql, state) }
                    return "done"
                }
                #expect(answer == "done")
                #expect(attempts.withLockedValue { $0 } == 2, "\(state)")
            }

            attempts.withLockedValue { $0 = 0 }
            await #expect(throws: (any Error).self) {
                try await app.store.transaction { sql in
                    attempts.withLockedValue { $0 += 1 }
                    try await abort(sql, "23505")
                }
            }
            #expect(attempts.withLockedValue { $0 } == 1)
        }
    }

    @Test(arguments: Engine.available)
    func playersChooseTheCurrencyTheirAccountShowsFirst(_ engine: Engine) async throws {
        try await withPlayhouse(engine, { $0.passwordHashCost = 4 }) { app in
            let fixture = try await WalletFixture.make(app)
            let ann = try await fixture.player()
            let bob = try await fixture.player("bob@example.com")
            func patch(_ token: String, _ body: String) async throws -> TestingHTTPResponse {
                try await app.send(.PATCH, "/v1/account", headers: bearer(token).merged(json), body: body)
            }
            func currency(_ token: String) async throws -> String? {
                try await app.send(.GET, "/v1/account", headers: bearer(token)).decode(WalletAccount.self).currency
            }

            let chosen = try await patch(ann, #"{"currency":"KRD"}"#)
            #expect(chosen.status == .ok)
            #expect(try chosen.decode(WalletAccount.self).currency == "KRD")
            #expect(try await currency(ann) == "KRD")
            #expect(try await currency(bob) == "EUR", "one player's choice is theirs alone")

            // A currency the app does not have, or nonsense, is refused and changes nothing.
            for body in [#"{"currency":"USD"}"#, #"{"currency":"eur\u0000"}"#, #"{"currency":""}"#] {
                let refused = try await patch(ann, body)
                #expect(refused.status == .unprocessableEntity, "\(body)")
                #expect(try refused.problem().code == .unknownCurrency, "\(body)")
            }
            #expect(try await patch(ann, #"{"currency":12}"#).status == .unprocessableEntity)
            #expect(try await patch(ann, "not json").status == .badRequest)
            #expect(try await patch(ann, "{}").status == .ok)
            #expect(try await currency(ann) == "KRD")

            // When the app stops offering the chosen currency, the account falls back to the app's first.
            let appID = fixture.credentials.app.id
            #expect(try await app.currencies.remove(appID: appID, code: "KRD", by: .commandLine, at: app.now))
            #expect(try await currency(ann) == "EUR")
        }
    }

    @Test(arguments: Engine.available)
    func badInputIsRefusedClearlyAndWritesNothing(_ engine: Engine) async throws {
        try await withPlayhouse(engine, { $0.passwordHashCost = 4 }) { app in
            let fixture = try await WalletFixture.make(app)
            let ann = try await fixture.player()
            try #require(try await fixture.deposit(ann, "10.00").status == .created)
            let before = try await app.ledgerVerifier.verify()

            let cases: [(String, TestingHTTPResponse, ErrorCode, HTTPStatus)] = [
                ("negative", try await fixture.deposit(ann, "-5.00"), .invalidAmount, .unprocessableEntity),
                ("zero", try await fixture.deposit(ann, "0.00"), .invalidAmount, .unprocessableEntity),
                ("too many decimals", try await fixture.deposit(ann, "1.005"), .invalidAmount, .unprocessableEntity),
                ("not a decimal", try await fixture.deposit(ann, "1e5"), .invalidAmount, .unprocessableEntity),
                ("too large", try await fixture.deposit(ann, "99999999999999999"), .invalidAmount, .unprocessableEntity),
                ("unknown currency", try await fixture.deposit(ann, "5.00", currency: "XBT"), .unknownCurrency, .unprocessableEntity),
                ("virtual currency deposit", try await fixture.deposit(ann, "5", currency: "KRD"), .economyNotAllowed, .unprocessableEntity),
                ("unknown method", try await fixture.deposit(ann, "5.00", method: "stolen_card"), .unknownPaymentMethod, .unprocessableEntity),
                ("overdraft", try await fixture.withdraw(ann, "10.01"), .insufficientFunds, .unprocessableEntity),
                ("real money in a sandbox app", try await fixture.post("/v1/wallet/deposits", ann,
                    #"{"amount":{"amount":"5.00","currency":"EUR"},"economy":"real"}"#), .economyNotAllowed, .unprocessableEntity),
                ("amount as a number", try await fixture.post("/v1/wallet/deposits", ann,
                    #"{"amount":{"amount":5,"currency":"EUR"}}"#), .validationFailed, .unprocessableEntity),
                ("bad idempotency key", try await fixture.deposit(ann, "5.00", key: "has space"), .invalidRequest, .badRequest),
            ]
            for (name, response, code, status) in cases {
                #expect(response.status == status, "\(name): \(response.status) \(response.body.string)")
                #expect(try response.problem().code == code, "\(name)")
            }
            let amountProblem = try await fixture.deposit(ann, "1.005").problem()
            #expect(amountProblem.errors?.first?.field == "amount")
            #expect(amountProblem.errors?.first?.message == "This currency allows at most 2 decimals.")
            let danish = try await app.send(.POST, "/v1/wallet/withdrawals", headers: bearer(ann).merged(json).merged(["Accept-Language": "da"]),
                                            body: #"{"amount":{"amount":"50.00","currency":"EUR"}}"#)
            #expect(try danish.problem().title == "Utilstrækkelige midler")

            let after = try await app.ledgerVerifier.verify()
            #expect(after.transactions == before.transactions && after.entries == before.entries)
            #expect(try await fixture.euros(ann) == ("10.00", "0.00"))
            #expect(try await fixture.history(ann).data.count == 1)
            try await fixture.expectLedgerSound()
        }
    }

    @Test(arguments: Engine.available)
    func declinedDelayedAndCancelledPayments(_ engine: Engine) async throws {
        try await withPlayhouse(engine, { $0.passwordHashCost = 4 }) { app in
            let fixture = try await WalletFixture.make(app)
            let ann = try await fixture.player()

            let declined = try await fixture.deposit(ann, "5.00", method: "sandbox_declined").decode(Payment.self)
            #expect(declined.status == .declined)
            #expect(declined.declineReason != nil)
            let delayed = try await fixture.deposit(ann, "7.00", method: "sandbox_delayed").decode(Payment.self)
            #expect(delayed.status == .pending)
            #expect(try await fixture.euros(ann) == ("0.00", "0.00"))
            app.playhouseClock.advance(by: 61)
            try await fixture.settle()
            #expect(try await fixture.euros(ann) == ("7.00", "0.00"))
            #expect(try await app.send(.GET, "/v1/wallet/deposits/\(delayed.id)", headers: bearer(ann)).decode(Payment.self).status == .completed)

            let withdrawal = try await fixture.withdraw(ann, "3.00").decode(Payment.self)
            #expect(try await fixture.euros(ann) == ("4.00", "3.00"))
            let cancel = try await fixture.post("/v1/wallet/withdrawals/\(withdrawal.id)/cancel", ann, "")
            #expect(cancel.status == .ok)
            #expect(try cancel.decode(Payment.self).status == .cancelled)
            #expect(try await fixture.euros(ann) == ("7.00", "0.00"))
            let again = try await fixture.post("/v1/wallet/withdrawals/\(withdrawal.id)/cancel", ann, "")
            #expect(again.status == .conflict)
            #expect(try again.problem().code == .paymentNotPending)

            let refused = try await fixture.withdraw(ann, "1.00", method: "sandbox_declined").decode(Payment.self)
            #expect(refused.status == .declined)
            #expect(try await fixture.euros(ann) == ("7.00", "0.00"))
            // Its money was held while the provider was asked, and given back when it declined.
            #expect(try await fixture.history(ann).data.map(\.kind) == [.withdrawalReleased, .withdrawal, .withdrawalReleased, .withdrawal, .deposit])
            try await fixture.expectLedgerSound()
        }
    }

    @Test(arguments: Engine.available)
    func anIdempotencyKeyMovesMoneyOnce(_ engine: Engine) async throws {
        try await withPlayhouse(engine, { $0.passwordHashCost = 4 }) { app in
            let fixture = try await WalletFixture.make(app)
            let ann = try await fixture.player()

            let first = try await fixture.deposit(ann, "5.00", key: "deposit-1")
            let retry = try await fixture.deposit(ann, "5.00", key: "deposit-1")
            #expect(first.status == .created && retry.status == .created)
            #expect(first.body.string == retry.body.string)
            #expect(retry.headers.first(name: "Idempotent-Replayed") == "true")
            let other = try await fixture.deposit(ann, "6.00", key: "deposit-1")
            #expect(other.status == .conflict)
            #expect(try other.problem().code == .idempotencyKeyReused)
            #expect(try await fixture.euros(ann).available == "5.00")

            // Twenty simultaneous sends of one withdrawal with one key: one withdrawal.
            let responses = try await fixture.together(20) { try await fixture.withdraw(ann, "4.00", key: "withdraw-1") }
            #expect(responses.allSatisfy { $0.0 == .created }, "\(responses.map(\.0))")
            #expect(Set(responses.map(\.1)).count == 1)
            #expect(try await fixture.euros(ann) == ("1.00", "4.00"))

            // A refused request keeps its refusal: the same key after a top-up is refused again; a new key withdraws.
            let overdraft = try await fixture.withdraw(ann, "3.00", key: "withdraw-2")
            #expect(overdraft.status == .unprocessableEntity)
            try await fixture.deposit(ann, "2.00")
            #expect(try await fixture.withdraw(ann, "3.00", key: "withdraw-2").status == .unprocessableEntity)
            #expect(try await fixture.withdraw(ann, "3.00", key: "withdraw-3").status == .created)

            // Keys are the caller's own: another player's same key is a different request.
            let bob = try await fixture.player("bob@example.com")
            #expect(try await fixture.deposit(bob, "5.00", key: "deposit-1").headers.first(name: "Idempotent-Replayed") == nil)

            // Twenty simultaneous sends of one deposit with one key: one deposit, one answer.
            let deposits = try await fixture.together(20) { try await fixture.deposit(bob, "1.00", key: "deposit-2") }
            #expect(deposits.allSatisfy { $0.0 == .created }, "\(deposits.map(\.0))")
            #expect(Set(deposits.map(\.1)).count == 1)
            #expect(try await fixture.euros(bob).available == "6.00")
            try await fixture.expectLedgerSound()

            // Keys are kept 24 hours: a sweep an hour short of that keeps them, one after forgets them.
            let kept = try await app.count("idempotency_keys")
            #expect(kept == 6, "ann's deposit-1, withdraw-1, withdraw-2 (refused) and withdraw-3, and bob's deposit-1 and deposit-2")
            app.playhouseClock.advance(by: 23 * 3600)
            try await IdempotentRequest.sweep(app.store, now: app.playhouseClock.now())
            #expect(try await app.count("idempotency_keys") == kept)
            app.playhouseClock.advance(by: 2 * 3600)
            try await IdempotentRequest.sweep(app.store, now: app.playhouseClock.now())
            #expect(try await app.count("idempotency_keys") == 0)
        }
    }

    /// The sandbox provider, noting every order it is asked about; it can lose its first answer, as
    /// a timeout does after the provider has taken the money, or take its time over every answer.
    final class RecordingProvider: PaymentProvider, @unchecked Sendable {
        private let sandbox = SandboxPaymentProvider()
        private let lock = NSLock()
        private var asked: [UUID] = []
        private var losesNextAnswer = false
        private var delay: Duration?

        var methods: Set<String> { sandbox.methods }
        /// It stands for a real provider, which is only asked about payments already recorded.
        var movesMoney: Bool { true }
        var orders: [UUID] { lock.withLock { asked } }

        func loseNextAnswer() { lock.withLock { losesNextAnswer = true } }
        func answerAfter(_ delay: Duration?) { lock.withLock { self.delay = delay } }

        func deposit(_ order: PaymentOrder, now: Date) async throws -> PaymentDecision {
            try await answer(order, try await sandbox.deposit(order, now: now))
        }

        func withdraw(_ order: PaymentOrder, now: Date) async throws -> PaymentDecision {
            try await answer(order, try await sandbox.withdraw(order, now: now))
        }

        private func answer(_ order: PaymentOrder, _ decision: PaymentDecision) async throws -> PaymentDecision {
            let answer = try note(order, decision)
            if let delay = lock.withLock({ self.delay }) { try await Task.sleep(for: delay) }
            return answer
        }

        private func note(_ order: PaymentOrder, _ decision: PaymentDecision) throws -> PaymentDecision {
            let lost = lock.withLock {
                asked.append(order.id)
                defer { losesNextAnswer = false }
                return losesNextAnswer
            }
            if lost { throw URLError(.timedOut) }
            return decision
        }
    }

    /// A server whose payments go to a ``RecordingProvider``, with a wallet fixture and a signed-in player.
    func withRecordingProvider(_ engine: Engine,
                               _ body: (Application, RecordingProvider, WalletFixture, String) async throws -> Void) async throws {
        try await withPlayhouse(engine, { $0.passwordHashCost = 4 }) { app in
            let provider = RecordingProvider()
            app.playhouse.paymentProvider = provider
            let fixture = try await WalletFixture.make(app)
            try await body(app, provider, fixture, try await fixture.player())
        }
    }

    /// However often one payment is sent, the provider is asked about one order, so a provider that
    /// keeps one outcome per order (as card acquirers do) takes the money once.
    @Test(arguments: Engine.available)
    func everySendOfOnePaymentAsksTheProviderAboutOneOrder(_ engine: Engine) async throws {
        try await withRecordingProvider(engine) { app, provider, fixture, ann in

            // The provider's answer is lost: the deposit fails, still with the provider, and moves no
            // money. Sent again with its key, it asks about the same order, and that order is the
            // payment recorded.
            provider.loseNextAnswer()
            let unanswered = try await fixture.deposit(ann, "5.00", key: "deposit-1")
            #expect(unanswered.status == .badGateway)
            #expect(try unanswered.problem().code == .paymentProviderUnavailable)
            #expect(try await fixture.euros(ann).available == "0.00")
            let retry = try await fixture.deposit(ann, "5.00", key: "deposit-1")
            #expect(retry.status == .created)
            let orders = provider.orders
            #expect(orders.count == 2 && orders[0] == orders[1])
            #expect(try retry.decode(Payment.self).id == orders[0].uuidString.lowercased())
            #expect(try await fixture.euros(ann).available == "5.00")

            // Ten simultaneous sends of one withdrawal: however many ask, they ask about one order.
            let responses = try await withThrowingTaskGroup(of: String.self) { group in
                for _ in 0..<10 {
                    group.addTask { try await fixture.withdraw(ann, "2.00", key: "withdraw-1").body.string }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(Set(responses).count == 1)
            let withdrawal = try PlayhouseJSON.makeDecoder().decode(Payment.self, from: Data(responses[0].utf8))
            #expect(Set(provider.orders.dropFirst(2)) == [try #require(UUID(uuidString: withdrawal.id))])
            #expect(try await fixture.euros(ann) == ("3.00", "2.00"))

            // A payment's key is stored after the payment is concluded. Should the server stop in
            // between, the repeat finds the payment by its id: the first answer, no money moved
            // again, the provider not asked again, and now the key stored.
            let concluded = try await fixture.deposit(ann, "1.50", key: "deposit-2")
            #expect(try await app.count("idempotency_keys", where: "idempotency_key = 'deposit-2'") == 1)
            try await app.sql().raw("DELETE FROM idempotency_keys WHERE idempotency_key = 'deposit-2'").run()
            let asked = provider.orders.count
            let repeated = try await fixture.deposit(ann, "1.50", key: "deposit-2")
            #expect(repeated.status == .created)
            #expect(repeated.body.string == concluded.body.string)
            #expect(provider.orders.count == asked)
            #expect(try await fixture.euros(ann) == ("4.50", "2.00"))
            #expect(try await app.count("idempotency_keys", where: "idempotency_key = 'deposit-2'") == 1)

            // Another player's same key is another order; without a key, every send is one of its own.
            let bob = try await fixture.player("bob@example.com")
            let bobs = try await fixture.deposit(bob, "5.00", key: "deposit-1").decode(Payment.self)
            #expect(bobs.id != orders[0].uuidString.lowercased())
            let unkeyed = try await [fixture.deposit(bob, "1.00"), fixture.deposit(bob, "1.00")].map { try $0.decode(Payment.self).id }
            #expect(unkeyed[0] != unkeyed[1])

            // A key used again after it was forgotten (kept 24 hours) names a payment already made: refused, nothing moves.
            app.playhouseClock.advance(by: 25 * 3600)
            try await IdempotentRequest.sweep(app.store, now: app.playhouseClock.now())
            let ann2 = try await fixture.signIn()
            let before = try await fixture.euros(ann2)
            let reused = try await fixture.deposit(ann2, "5.00", key: "deposit-1")
            #expect(reused.status == .conflict)
            #expect(try reused.problem().code == .idempotencyKeyReused)
            #expect(try await fixture.euros(ann2) == before)
            try await fixture.expectLedgerSound()
        }
    }

    /// The provider only hears of a payment already recorded, a withdrawal's money already held:
    /// one refused (simultaneous deposits past a limit, an overdraft) never reaches it, and one
    /// whose answer was lost is concluded later, so what the provider moved is in the ledger.
    @Test(arguments: Engine.available)
    func theProviderOnlyHearsOfRecordedPayments(_ engine: Engine) async throws {
        try await withRecordingProvider(engine) { app, provider, fixture, ann in

            // Under a daily limit of 20.00, a deposit of 5.00 whose answer is lost counts already;
            // of ten simultaneous deposits of 5.00, three are made, and the provider hears of those
            // three alone. Sent again, the lost one is made too: it was checked when it was opened.
            let limit = try await app.send(.PUT, "/v1/me/limits", headers: bearer(ann).merged(json),
                                           body: #"{"deposit_limits":[{"currency":"EUR","period":"daily","amount":"20.00"}]}"#)
            #expect(limit.status == .ok)
            provider.loseNextAnswer()
            #expect(try await fixture.deposit(ann, "5.00", key: "deposit-1").status == .badGateway)
            let answers = try await withThrowingTaskGroup(of: (HTTPStatus, String?).self) { group in
                for _ in 0..<10 {
                    group.addTask {
                        let response = try await fixture.deposit(ann, "5.00")
                        return (response.status, response.status == .created ? try response.decode(Payment.self).id : nil)
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            let made = answers.compactMap(\.1)
            #expect(made.count == 3 && answers.filter { $0.0 == .forbidden }.count == 7, "\(answers.map(\.0))")
            #expect(provider.orders.dropFirst().map { $0.uuidString.lowercased() }.sorted() == made.sorted())
            let retried = try await fixture.deposit(ann, "5.00", key: "deposit-1")
            #expect(retried.status == .created)
            #expect(try retried.decode(Payment.self).status == .completed)
            #expect(provider.orders.count == 5 && provider.orders.first == provider.orders.last)
            #expect(try await fixture.euros(ann).available == "20.00")

            // A withdrawal of more than the balance is refused before the provider hears of it.
            #expect(try await fixture.withdraw(ann, "25.00").status == .unprocessableEntity)
            #expect(provider.orders.count == 5)

            // The provider's answer to a withdrawal is lost, and the player never sends it again:
            // its money stays held, and it cannot be cancelled while the provider may be paying out.
            provider.loseNextAnswer()
            #expect(try await fixture.withdraw(ann, "8.00", key: "withdraw-1").status == .badGateway)
            let lost = try #require(provider.orders.last).uuidString.lowercased()
            #expect(try await fixture.euros(ann) == ("12.00", "8.00"))
            #expect(try await fixture.wallet(ann).pendingWithdrawals.map { [$0.id, $0.status.rawValue] } == [[lost, "pending"]])
            let early = try await fixture.post("/v1/wallet/withdrawals/\(lost)/cancel", ann, "")
            #expect(early.status == .conflict)
            #expect(try early.problem().code == .paymentNotPending)

            // Once the grace has passed, the settler asks the provider again, about the same order,
            // and records its answer: pending (the sandbox pays out a minute later).
            app.playhouseClock.advance(by: PaymentService.processingGrace + 1)
            try await fixture.settle()
            #expect(try await fixture.euros(ann) == ("12.00", "8.00"))
            #expect(provider.orders.suffix(2).map { $0.uuidString.lowercased() } == [lost, lost])
            let concluded = try await app.send(.GET, "/v1/wallet/withdrawals/\(lost)", headers: bearer(ann)).decode(Payment.self)
            #expect(concluded.status == .pending)
            app.playhouseClock.advance(by: 61)
            try await fixture.settle()
            #expect(try await fixture.euros(ann) == ("12.00", "0.00"))
            #expect(try await app.send(.GET, "/v1/wallet/withdrawals/\(lost)", headers: bearer(ann)).decode(Payment.self).status == .completed)
            #expect(provider.orders.count == 7, "asked about the lost withdrawal twice, and about nothing else")
            try await fixture.expectLedgerSound()
        }
    }

    /// A provider that does not answer in time holds nothing up: the payment's request gets its 502
    /// when the time is up, the settler that asks again waits no longer, and once the provider
    /// answers again the payment is concluded.
    @Test(arguments: Engine.available)
    func aProviderThatDoesNotAnswerHoldsNothingUp(_ engine: Engine) async throws {
        try await withRecordingProvider(engine) { app, provider, fixture, ann in
            app.playhouse.paymentProviderTimeout = .milliseconds(200)
            provider.answerAfter(.seconds(30))
            let started = ContinuousClock.now
            let deposit = try await fixture.deposit(ann, "5.00", key: "deposit-1")
            #expect(deposit.status == .badGateway)
            #expect(try deposit.problem().code == .paymentProviderUnavailable)
            app.playhouseClock.advance(by: PaymentService.processingGrace + 1)
            try await fixture.settle()
            #expect(try await fixture.euros(ann).available == "0.00")
            #expect(provider.orders.count == 2)
            // Waiting for the provider's answer even once would take its 30 s; the bound leaves room for a loaded machine.
            #expect(ContinuousClock.now - started < .seconds(25), "the settler waited for the provider past its time")

            provider.answerAfter(nil)
            try await fixture.settle()
            #expect(try await fixture.euros(ann).available == "5.00")
            #expect(Set(provider.orders).count == 1)
            try await fixture.expectLedgerSound()
        }
    }

    /// The server settles due payments by itself, with no one looking at the wallet: a delayed
    /// deposit completes, and a withdrawal whose answer was lost is asked about again.
    @Test(arguments: Engine.available)
    func duePaymentsSettleWithNoOneLooking(_ engine: Engine) async throws {
        try await withRecordingProvider(engine) { app, provider, fixture, ann in
            try await fixture.deposit(ann, "10.00")
            let delayed = try #require(UUID(uuidString: try await fixture.deposit(ann, "7.00", method: "sandbox_delayed").decode(Payment.self).id))
            provider.loseNextAnswer()
            #expect(try await fixture.withdraw(ann, "3.00", key: "withdraw-1").status == .badGateway)
            let withdrawal = try #require(provider.orders.last)
            app.playhouseClock.advance(by: 61)

            // The payments' stored state, read without settling anything.
            func stored() async throws -> [UUID: String] {
                try await app.sql().raw("SELECT id, status FROM payments").all().reduce(into: [:]) {
                    $0[try $1.decode(column: "id", as: UUID.self)] = try $1.decode(column: "status", as: String.self)
                }
            }
            let settler = BackgroundWork.paymentSettler(every: .milliseconds(50))
            try await settler.didBootAsync(app)
            var states = try await stored()
            for _ in 0..<200 where states[withdrawal] == PaymentService.processing || states[delayed] == "pending" {
                try await Task.sleep(for: .milliseconds(50))
                states = try await stored()
            }
            await settler.shutdownAsync(app)

            #expect(states[delayed] == "completed")
            #expect(states[withdrawal] == "pending", "asked again, the sandbox pays out a minute later")
            #expect(provider.orders.filter { $0 == withdrawal }.count == 2)
            #expect(try await fixture.euros(ann) == ("14.00", "3.00"))
            try await fixture.expectLedgerSound()
        }
    }

    @Test(arguments: Engine.available)
    func promotionsCreditOncePerPlayerWithinTheirLimits(_ engine: Engine) async throws {
        try await withPlayhouse(engine, { $0.passwordHashCost = 4; $0.publicURL = "https://play.example.com" }) { app in
            let fixture = try await WalletFixture.make(app)
            let appID = fixture.credentials.app.id
            let now = app.playhouseClock.now()
            let welcome = try await app.promotions.create(appID: appID, code: "welcome", name: "Welcome bonus", amount: "100", currency: "KRD",
                                                          economy: nil, maxRedemptions: 2, startsAt: nil, expiresAt: now.addingTimeInterval(3600), by: .commandLine)
            #expect(welcome.url == "https://play.example.com/promotions/WELCOME")
            _ = try await app.promotions.create(appID: appID, code: "LATER", name: nil, amount: "1.00", currency: "EUR", economy: nil,
                                                maxRedemptions: nil, startsAt: now.addingTimeInterval(600), expiresAt: nil, by: .commandLine)
            _ = try await app.promotions.create(appID: appID, code: "GONE", name: nil, amount: "5", currency: "KRD", economy: nil,
                                                maxRedemptions: nil, startsAt: nil, expiresAt: now.addingTimeInterval(650), by: .commandLine)
            let ann = try await fixture.player(), bob = try await fixture.player("bob@example.com"), cat = try await fixture.player("cat@example.com")

            let redeemed = try await fixture.post("/v1/promotions/redeem", ann, #"{"code":"Welcome"}"#)
            #expect(redeemed.status == .created)
            #expect(try redeemed.decode(Redemption.self).amount == Money(amount: "100", currency: "KRD"))
            #expect(try await fixture.wallet(ann).balance("KRD", economy: .sandbox)?.available.amount == "100")

            let twice = try await fixture.post("/v1/promotions/redeem", ann, #"{"code":"WELCOME"}"#)
            #expect(twice.status == .conflict)
            #expect(try twice.problem().code == .promotionAlreadyRedeemed)
            #expect(try await fixture.post("/v1/promotions/redeem", bob, #"{"url":"\#(welcome.url)"}"#).status == .created)
            let exhausted = try await fixture.post("/v1/promotions/redeem", cat, #"{"code":"WELCOME"}"#)
            #expect(try exhausted.problem().code == .promotionExhausted)
            #expect(try await fixture.post("/v1/promotions/redeem", cat, #"{"code":"LATER"}"#).problem().code == .promotionNotActive)
            #expect(try await fixture.post("/v1/promotions/redeem", cat, #"{"code":"NOPE"}"#).problem().code == .promotionNotFound)
            #expect(try await fixture.post("/v1/promotions/redeem", cat, #"{}"#).status == .notFound)

            app.playhouseClock.advance(by: 700)
            #expect(try await fixture.post("/v1/promotions/redeem", cat, #"{"code":"LATER"}"#).status == .created)
            #expect(try await fixture.post("/v1/promotions/redeem", cat, #"{"code":"GONE"}"#).problem().code == .promotionNotActive)
            #expect(try await fixture.wallet(cat).balance("EUR", economy: .sandbox)?.available.amount == "1.00")
            #expect(try await app.promotions.list(appID: appID).first { $0.code == "WELCOME" }?.redemptions == 2)
            try await fixture.expectLedgerSound()
        }
    }

    @Test(arguments: Engine.available)
    func productionAppsNeedARealPaymentProviderForRealMoney(_ engine: Engine) async throws {
        try await withPlayhouse(engine, { $0.passwordHashCost = 4 }) { app in
            let fixture = try await WalletFixture.make(app, environment: .production)
            let ann = try await fixture.player()
            let real = try await fixture.deposit(ann, "5.00")
            #expect(try real.problem().code == .realMoneyUnavailable)
            let sandbox = try await fixture.post("/v1/wallet/deposits", ann, #"{"amount":{"amount":"5.00","currency":"EUR"},"economy":"sandbox"}"#)
            #expect(sandbox.status == .created)
            let wallet = try await fixture.wallet(ann)
            #expect(wallet.balance("EUR", economy: .real)?.available.amount == "0.00")
            #expect(wallet.balance("EUR", economy: .sandbox)?.available.amount == "5.00")
        }
        try await withPlayhouse(engine, { $0.passwordHashCost = 4; $0.sandboxRealMoney = true }) { app in
            let fixture = try await WalletFixture.make(app, environment: .production)
            let ann = try await fixture.player()
            #expect(try await fixture.deposit(ann, "5.00").decode(Payment.self).economy == .real)
        }
    }

    @Test(arguments: Engine.available)
    func theVerifierFindsATamperedLedger(_ engine: Engine) async throws {
        try await withPlayhouse(engine, { $0.passwordHashCost = 4 }) { app in
            let fixture = try await WalletFixture.make(app)
            let ann = try await fixture.player()
            try await fixture.deposit(ann, "10.00")
            try await fixture.expectLedgerSound()

            let sql = app.sql()
            try await sql.raw("UPDATE ledger_accounts SET balance = balance + 1 WHERE allows_negative = \(bind: false)").run()
            let cached = try await app.ledgerVerifier.verify().violations
            #expect(cached.count == 1 && cached.first?.contains("stores balance 1001 but its entries sum to 1000") == true, "\(cached)")

            try await sql.raw("UPDATE ledger_accounts SET balance = balance - 1 WHERE allows_negative = \(bind: false)").run()
            try await sql.raw("UPDATE ledger_entries SET amount = amount + 5 WHERE id = (SELECT MIN(id) FROM ledger_entries)").run()
            let unbalanced = try await app.ledgerVerifier.verify().violations
            #expect(unbalanced.contains { $0.contains("does not balance") }, "\(unbalanced)")

            // A pending withdrawal marked paid out without its held money leaving.
            try await sql.raw("UPDATE ledger_entries SET amount = amount - 5 WHERE id = (SELECT MIN(id) FROM ledger_entries)").run()
            let withdrawal = try await fixture.withdraw(ann, "4.00").decode(Payment.self)
            try await fixture.expectLedgerSound()
            try await sql.raw("UPDATE payments SET status = 'completed' WHERE id = \(bind: try #require(UUID(uuidString: withdrawal.id)))").run()
            let unpaid = try await app.ledgerVerifier.verify().violations
            #expect(unpaid == ["1 player(s) have held money that is not what their open withdrawals hold"], "\(unpaid)")
        }
    }
}
