import Foundation
import PlayhouseAPI
@testable import PlayhouseServer
import Testing
import Vapor
import VaporTesting

/// A key remembers its refusal: once a request with an `Idempotency-Key` has started, a refusal is
/// its answer to every repeat, even after whatever refused it has changed. A request that never
/// started (a body that cannot be read) stores nothing.
@Suite struct RefusalMemoryTests {
    @Test(arguments: Engine.available)
    func aRefusedWithdrawalStaysRefusedWhenItsKeyIsSentAgainAfterADeposit(_ engine: Engine) async throws {
        try await withPlayhouse(engine, { $0.passwordHashCost = 4 }) { app in
            let fixture = try await WalletFixture.make(app)
            let ann = try await fixture.player()
            try #require(try await fixture.deposit(ann, "17.00", key: "deposit-1").status == .created)

            let refused = try await fixture.withdraw(ann, "30.00", key: "withdraw-1")
            #expect(refused.status == .unprocessableEntity)
            let first = try refused.problem()
            #expect(first.code == .insufficientFunds)
            #expect(refused.headers.first(name: "Idempotent-Replayed") == nil)

            let again = try await fixture.withdraw(ann, "30.00", key: "withdraw-1")
            #expect(again.status == .unprocessableEntity)
            #expect(again.headers.first(name: "Idempotent-Replayed") == "true")
            #expect(again.headers.first(name: .contentType)?.hasPrefix("application/problem+json") == true)
            // The first answer itself, its request id included.
            #expect(try again.decode(Problem.self) == first)

            let topUp = try await fixture.deposit(ann, "20.00", key: "deposit-2")
            try #require(topUp.status == .created, "\(topUp.body.string)")
            let afterDeposit = try await fixture.withdraw(ann, "30.00", key: "withdraw-1")
            #expect(afterDeposit.status == .unprocessableEntity)
            #expect(try afterDeposit.decode(Problem.self) == first)
            let lines = try await fixture.history(ann).data.map { "\($0.kind) \($0.amount.amount)" }
            #expect(try await fixture.euros(ann) == ("37.00", "0.00"), "\(lines)")
            // The same key with another body is still a conflict; a new key withdraws.
            #expect(try await fixture.withdraw(ann, "31.00", key: "withdraw-1").status == .conflict)
            #expect(try await fixture.withdraw(ann, "30.00", key: "withdraw-2").status == .created)
            #expect(try await fixture.euros(ann) == ("7.00", "30.00"))
            try await fixture.expectLedgerSound()
        }
    }

    @Test(arguments: Engine.available)
    func aBetRefusedByALimitStaysRefused(_ engine: Engine) async throws {
        try await withPlayhouse(engine, { $0.passwordHashCost = 4; $0.realityCheckInterval = 0 }) { app in
            let fixture = try await WalletFixture.make(app)
            try await fixture.importGames()
            let ann = try await fixture.player()
            try #require(try await fixture.deposit(ann, "20.00").status == .created)
            try await LimitsTests().put(fixture, ann, #"{"loss_limits":[{"currency":"EUR","period":"daily","amount":"1.00"}]}"#)
            let body = #"{"currency":"EUR","wager":"2.00"}"#
            let refused = try await fixture.bet(ann, game: "never-wins", body, key: "bet-1")
            #expect(try refused.problem().code == .lossLimitExceeded)
            let again = try await fixture.bet(ann, game: "never-wins", body, key: "bet-1")
            #expect(again.headers.first(name: "Idempotent-Replayed") == "true")
            #expect(try again.decode(Problem.self) == (try refused.decode(Problem.self)))
            #expect(try await fixture.bets(ann).data.isEmpty)
        }
    }

    /// A bet refused while a reality check was due stays refused once the player has acknowledged
    /// the check: its key's answer is the refusal; a new key bets.
    @Test(arguments: Engine.available)
    func aBetRefusedForADueRealityCheckStaysRefusedAfterTheCheck(_ engine: Engine) async throws {
        try await withPlayhouse(engine, { $0.passwordHashCost = 4; $0.realityCheckInterval = 600 }) { app in
            let fixture = try await WalletFixture.make(app)
            try await fixture.importGames()
            let ann = try await fixture.player()
            try #require(try await fixture.deposit(ann, "20.00").status == .created)
            app.playhouseClock.advance(by: 601)
            let body = #"{"currency":"EUR","wager":"1.00"}"#
            let refused = try await fixture.bet(ann, game: "never-wins", body, key: "bet-1")
            #expect(try refused.problem().code == .realityCheckDue)

            let checked = try await fixture.post("/v1/sessions/current/keep-alive", ann, #"{"reality_checked":true}"#)
            #expect(checked.status == .ok)
            let again = try await fixture.bet(ann, game: "never-wins", body, key: "bet-1")
            #expect(again.status == .forbidden)
            #expect(again.headers.first(name: "Idempotent-Replayed") == "true")
            #expect(try again.decode(Problem.self) == (try refused.decode(Problem.self)))
            #expect(try await fixture.bets(ann).data.isEmpty)
            #expect(try await fixture.bet(ann, game: "never-wins", body, key: "bet-2").status == .created)
        }
    }

    /// A deposit made at once (the sandbox, no deposit limit) whose key gets its answer from
    /// another send while the deposit's statement runs: the statement must not move the money it
    /// cannot answer for. The other send's answer is held uncommitted here (PostgreSQL: the
    /// deposit's claim of the key waits for it) and committed once the deposit waits.
    @Test(arguments: Engine.available.filter { $0 == .postgres })
    func aDepositWhoseKeyIsAnsweredMeanwhileMovesNoMoney(_ engine: Engine) async throws {
        try await withPlayhouse(engine, { $0.passwordHashCost = 4 }) { app in
            let fixture = try await WalletFixture.make(app)
            let ann = try await fixture.player()
            let playerID = try #require(try await app.sql().raw("SELECT id FROM players").first()?.decode(column: "id", as: UUID.self))
            let body = #"{"amount":{"amount":"5.00","currency":"EUR"}}"#
            // The key's answer as another send of this request would store it: the same fingerprint.
            let fingerprint = IdempotentRequest.fingerprint(.POST, "/v1/wallet/deposits", body: Data(body.utf8))
            let refusal = #"{"type":"about:blank","title":"Refused","status":422,"code":"self_excluded"}"#
            let deposit = try await app.store.transaction { sql in
                try await sql.raw("""
                    INSERT INTO idempotency_keys (id, app_id, owner, idempotency_key, fingerprint, status, body, created_at)
                    VALUES (\(bind: UUID()), \(bind: fixture.credentials.app.id), \(bind: IdempotentRequest.owner(playerID)), 'deposit-1',
                            \(bind: fingerprint), 422, \(bind: refusal), \(bind: Date()))
                    """).run()
                let deposit = Task { try await fixture.post("/v1/wallet/deposits", ann, body, key: "deposit-1") }
                // Committed once the deposit waits for this transaction (asked on its own connection:
                // the pool may have no other on this event loop).
                while try await sql.raw("""
                    SELECT COUNT(*) AS n FROM pg_locks WHERE locktype = 'transactionid' AND NOT granted AND transactionid = pg_current_xact_id()::xid
                    """).first()?.decode(column: "n", as: Int.self) == 0 {
                    try await Task.sleep(for: .milliseconds(5))
                }
                return deposit
            }
            let answer = try await deposit.value
            #expect(answer.status == .unprocessableEntity)
            #expect(answer.headers.first(name: "Idempotent-Replayed") == "true")
            #expect(try await fixture.euros(ann) == ("0.00", "0.00"))
            #expect(try await app.count("payments") == 0)
            try await fixture.expectLedgerSound()
        }
    }

    @Test(arguments: Engine.available)
    func aRequestThatNeverStartedStoresNothing(_ engine: Engine) async throws {
        try await withPlayhouse(engine, { $0.passwordHashCost = 4 }) { app in
            let fixture = try await WalletFixture.make(app)
            let ann = try await fixture.player()
            let malformed = try await fixture.post("/v1/wallet/deposits", ann, "not json", key: "deposit-1")
            #expect(malformed.status == .badRequest)
            #expect(try await app.count("idempotency_keys") == 0)
            // The key is still free for the request the player meant.
            #expect(try await fixture.deposit(ann, "5.00", key: "deposit-1").status == .created)
        }
    }
}
