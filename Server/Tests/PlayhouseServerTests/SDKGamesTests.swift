import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import PlayhouseKit
@testable import PlayhouseServer
import Testing
import Vapor

/// The SDK's games against a real server on 127.0.0.1.
@Suite struct SDKGamesTests {
    /// Delivers every request, but loses the answer to the first bet, as a dropped connection would.
    final class LosesFirstBetAnswer: Transport, @unchecked Sendable {
        let real = URLSessionTransport()
        private let lock = NSLock()
        private var lost = false

        func send(_ request: HTTPRequest) async throws -> HTTPResponse {
            let response = try await real.send(request)
            let loseThis = lock.withLock {
                guard request.url.path.hasSuffix("/bet"), !lost else { return false }
                lost = true
                return true
            }
            if loseThis { throw URLError(.networkConnectionLost) }
            return response
        }
    }

    @Test(arguments: Engine.available)
    func aPlayerBetsReadsTheHistoryAndVerifiesOnTheDevice(_ engine: Engine) async throws {
        try await withRunningServer(engine, { $0.passwordHashCost = 4 }) { app, url in
            let fixture = try await WalletFixture.make(app)
            try await fixture.importGames()
            let sdk = SDKWalletTests().client(url, fixture.credentials, transport: LosesFirstBetAnswer())
            _ = try await sdk.auth.signIn(scopes: ["profile", "wallet", "play"], presenter: FormPostingPresenter(email: "ann@example.com"))
            _ = try await sdk.wallet.deposit(Decimal(10), currency: "EUR")

            let games = try await sdk.games.list()
            #expect(games.map(\.id) == ["always-wins", "never-wins", "ten-symbols", "wheel"])
            let definition = try await sdk.games.definition(id: "ten-symbols")
            #expect(definition == TestGames.tenSymbols)

            // The first answer is lost; the retry carries the same Idempotency-Key: one bet.
            let win = try await sdk.games.bet(game: "always-wins", wager: Decimal(string: "0.2")!, currency: "EUR", paylines: [[0, 0, 0]])
            #expect(win.payout == "1.00" && win.window == [["A", "A", "A"]])
            #expect(win.balance?.value == Decimal(string: "10.80"))
            _ = try await sdk.games.setClientSeed("device-seed")
            let played = try await sdk.games.bet(game: "ten-symbols", wager: Decimal(string: "0.05")!, currency: "EUR")
            #expect(played.fairness?.clientSeed == "device-seed")
            _ = try await app.currencies.add(appID: fixture.credentials.app.id, code: "NWC", kind: .credit, game: "never-wins")
            _ = try await app.promotions.create(appID: fixture.credentials.app.id, code: "CREDITS", name: nil, amount: "5", currency: "NWC",
                                                economy: nil, maxRedemptions: nil, startsAt: nil, expiresAt: nil)
            _ = try await sdk.wallet.redeem(code: "CREDITS")
            let credit = try await sdk.games.creditBet(game: "always-wins", creditsFrom: "never-wins", wager: 1)
            #expect(credit.kind == .credit && credit.balance == Money(amount: "9", currency: "NWC"))
            let practiceCredit = try await sdk.games.unbackedCreditBet(game: "always-wins", creditsFrom: "never-wins", wager: 1)
            #expect(practiceCredit.kind == .unbackedCredit && practiceCredit.payout == "5")
            let practice = try await sdk.games.unbackedBet(game: "wheel", wager: 2)
            #expect(practice.kind == .unbacked && practice.balance == nil)

            var ids: [String] = []
            for try await bet in sdk.games.bets(pageSize: 2) { ids.append(bet.id) }
            #expect(ids == [practice.id, practiceCredit.id, credit.id, played.id, win.id])
            #expect(try await sdk.wallet.wallet().balance("EUR", economy: .sandbox)?.available == played.balance)

            // Before rotation the seed is secret; after it, the device re-derives the bet.
            #expect(FairnessVerifier.verify(played, definition: definition) == .seedNotRevealed)
            let rotation = try await sdk.games.rotateSeed()
            #expect(rotation.revealed.serverSeedHash == played.fairness?.serverSeedHash)
            #expect(try await sdk.games.verify(betID: played.id) == .verified)
            #expect(try await sdk.games.verify(betID: practice.id) == .verified)

            // A tampered record does not verify.
            var revealed = try await sdk.games.bet(id: played.id)
            revealed.fairness?.nonce += 1
            if case .outcomeDiffers = FairnessVerifier.verify(revealed, definition: definition) {} else { Issue.record("a tampered nonce verified") }
            revealed = try await sdk.games.bet(id: played.id)
            revealed.fairness?.serverSeed = rotation.current.serverSeedHash
            #expect(FairnessVerifier.verify(revealed, definition: definition) == .seedDoesNotMatchHash)
            revealed = try await sdk.games.bet(id: played.id)
            revealed.payout = "9.99"
            if case .payoutDiffers = FairnessVerifier.verify(revealed, definition: definition) {} else { Issue.record("a changed payout verified") }

            do {
                _ = try await sdk.games.bet(game: "always-wins", wager: 5, currency: "EUR")
                Issue.record("a wager above the limit was accepted")
            } catch let error as PlayhouseError {
                #expect(error.code == .wagerOutOfRange && error.status == 422)
            }
            try await fixture.expectLedgerSound()
        }
    }
}
