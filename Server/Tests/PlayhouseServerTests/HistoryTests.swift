import Foundation
import PlayhouseAPI
@testable import PlayhouseServer
import Testing
import Vapor
import VaporTesting

/// The wallet's history lists each ledger transaction once: a winning bet is one line (its net,
/// the balance after the whole bet, its stake and payout as legs), the same as its fetch by id,
/// though the ledger holds a paying bet as its net (one entry on the wallet), and a bet that pays
/// back exactly its stake whole.
@Suite struct HistoryTests {
    @Test(arguments: Engine.available)
    func aWinningBetIsOneLineEqualToItsFetchAndToTheBet(_ engine: Engine) async throws {
        try await withPlayhouse(engine, { $0.passwordHashCost = 4; $0.realityCheckInterval = 0 }) { app in
            let fixture = try await WalletFixture.make(app)
            try await fixture.importGames([TestGames.alwaysWins, TestGames.neverWins, TestGames.paysBackStake])
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

            // In the ledger: the winning bet is its net, one entry on the wallet and one on the house.
            let me = try await app.send(.GET, "/v1/me", headers: bearer(ann)).decode(PlayerProfile.self)
            let annID = try #require(UUID(uuidString: me.id))
            let statement = try #require(try await app.ledgerStatement(playerID: annID))
            let wonEntries = statement.entries.filter { $0.transactionID.uuidString.lowercased() == won.transactionId }
            #expect(wonEntries.map(\.amount.amount) == ["2.00"])
            // A bet that pays back its stake has no net: the ledger holds it whole, and the history shows it.
            let even = try await fixture.bet(ann, game: "evens", #"{"currency":"EUR","wager":"0.50"}"#).decode(Bet.self)
            let evenLine = try #require(try await fixture.history(ann).data.first)
            #expect(evenLine.id == even.transactionId && evenLine.amount.amount == "0.00")
            #expect(evenLine.legs.map(\.amount.amount) == ["-0.50", "0.50"] && evenLine.legs.map(\.balanceAfter.amount) == ["20.50", "21.00"])
            let evenEntries = try #require(try await app.ledgerStatement(playerID: annID)).entries
                .filter { $0.transactionID.uuidString.lowercased() == even.transactionId }
            #expect(evenEntries.map(\.amount.amount).sorted() == ["-0.50", "0.50"])

            // A page ends between transactions, never inside one.
            let first = try await fixture.history(ann, query: "?limit=1")
            let second = try await fixture.history(ann, query: "?limit=1&cursor=\(try #require(first.nextCursor))")
            let third = try await fixture.history(ann, query: "?limit=1&cursor=\(try #require(second.nextCursor))")
            #expect(first.data == [evenLine])
            #expect(second.data == [history.data[0]])
            #expect(third.data == [line])
        }
    }
}
