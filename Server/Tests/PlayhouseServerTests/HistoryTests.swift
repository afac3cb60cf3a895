import Foundation
import PlayhouseAPI
@testable import PlayhouseServer
import Testing
import Vapor
import VaporTesting

/// The wallet's history lists each ledger transaction once: a winning bet is one line (its net,
/// the balance after the whole bet, its stake and payout as legs), the same as its fetch by id.
@Suite struct HistoryTests {
    @Test(arguments: Engine.available)
    func aWinningBetIsOneLineEqualToItsFetchAndToTheBet(_ engine: Engine) async throws {
        try await withPlayhouse(engine, { $0.passwordHashCost = 4; $0.realityCheckInterval = 0 }) { app in
            let fixture = try await WalletFixture.make(app)
            try await fixture.importGames()
            let ann = try await fixture.player()
            try #require(try await fixture.deposit(ann, "20.00").status == .created)
            let won = try await fixture.bet(ann, game: "always-wins", #"{"currency":"EUR","wager":"0.50"}"#).decode(Bet.self)
            let lost = try await fixture.bet(ann, game: "never-wins", #"{"currency":"EUR","wager":"1.00"}"#).decode(Bet.self)

            let history = try await fixture.history(ann)
            #expect(history.data.map(\.kind) == [.bet, .bet, .deposit])
            #expect(Set(history.data.map(\.id)).count == history.data.count)
            let line = history.data[1]
            #expect(line.id == won.transactionId)
            #expect(line.amount.amount == "2.00")  // 0.50 staked, 2.50 paid
            #expect(line.balanceAfter == won.balance)
            #expect(line.legs.map(\.amount.amount) == ["-0.50", "2.50"])
            #expect(line.legs.map(\.balanceAfter.amount) == ["19.50", "22.00"])
            let fetched = try await app.send(.GET, "/v1/wallet/transactions/\(line.id)", headers: bearer(ann)).decode(WalletTransaction.self)
            #expect(fetched == line)
            #expect(history.data[0].amount.amount == "-1.00" && history.data[0].legs.count == 1 && history.data[0].balanceAfter == lost.balance)

            // A page ends between transactions, never inside one.
            let first = try await fixture.history(ann, query: "?limit=1")
            let second = try await fixture.history(ann, query: "?limit=1&cursor=\(try #require(first.nextCursor))")
            #expect(first.data.map(\.id) == [history.data[0].id])
            #expect(second.data == [line])
        }
    }
}
