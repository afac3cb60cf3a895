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
