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
    @Test(arguments: Engine.available)
    func aPlayerBetsReadsTheHistoryAndVerifiesOnTheDevice(_ engine: Engine) async throws {
        try await withRunningServer(engine, { $0.passwordHashCost = 4 }) { app, url in
            let fixture = try await WalletFixture.make(app)
            try await fixture.importGames()
            let sdk = SDKWalletTests().client(url, fixture.credentials, transport: SDKWalletTests.LosesFirstAnswer(to: "/bet"))
            _ = try await sdk.auth.signIn(scopes: ["profile", "wallet", "play"], presenter: FormPostingPresenter(email: "ann@example.com"))
            _ = try await sdk.wallet.deposit(Decimal(10), currency: "EUR")

            let games = try await sdk.games.list().reduce(into: [GameInfo]()) { $0.append($1) }
            #expect(games.map(\.id) == ["always-wins", "never-wins", "ten-symbols", "wheel"])
            let definition = try await sdk.games.definition(id: "ten-symbols")
            #expect(definition == TestGames.tenSymbols)

            // The first answer is lost; the retry carries the same Idempotency-Key: one bet.
            let win = try await sdk.games.bet(game: "always-wins", wager: Decimal(string: "0.2")!, currency: "EUR", paylines: [[0, 0, 0]])
            #expect(win.$payout.text == "1.00" && win.window == [["A", "A", "A"]])
            #expect(win.balance?.value == Decimal(string: "10.80"))
            _ = try await sdk.games.setClientSeed("device-seed")
            let played = try await sdk.games.bet(game: "ten-symbols", wager: Decimal(string: "0.05")!, currency: "EUR")
            #expect(played.fairness?.clientSeed == "device-seed")
            _ = try await app.currencies.add(appID: fixture.credentials.app.id, code: "NWC", kind: .credit, game: "never-wins", by: .commandLine, at: app.now)
            _ = try await app.promotions.create(appID: fixture.credentials.app.id, code: "CREDITS", name: nil, amount: "5", currency: "NWC",
                                                economy: nil, maxRedemptions: nil, startsAt: nil, expiresAt: nil, by: .commandLine)
            _ = try await sdk.wallet.redeem(code: "CREDITS")
            let credit = try await sdk.games.creditBet(game: "always-wins", creditsFrom: "never-wins", wager: 1)
            #expect(credit.kind == .credit && credit.balance == Money(amount: "9", currency: "NWC"))
            let practiceCredit = try await sdk.games.unbackedCreditBet(game: "always-wins", creditsFrom: "never-wins", wager: 1)
            #expect(practiceCredit.kind == .unbackedCredit && practiceCredit.$payout.text == "5")
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
            revealed.$payout.text = "9.99"
            if case .payoutDiffers = FairnessVerifier.verify(revealed, definition: definition) {} else { Issue.record("a changed payout verified") }

            // The session's figures count the backed bets: 0.20 on one payline, and 0.05 on each of two.
            let session = try await sdk.session.current()
            #expect(session.alive && session.statistics.bets == 5)
            #expect(session.statistics.money.first { $0.currency == "EUR" }?.wagered == "0.30")
            #expect(try await sdk.session.keepAlive().realityCheck.enabled)

            do {
                _ = try await sdk.games.bet(game: "always-wins", wager: 5, currency: "EUR")
                Issue.record("a wager above the limit was accepted")
            } catch let error as PlayhouseError {
                #expect(error.code == .wagerOutOfRange && error.status == 422)
            }
            try await fixture.expectLedgerSound()
        }
    }

    @Test(arguments: Engine.available)
    func aBatchRunsBetsInOrderWithTypedResults(_ engine: Engine) async throws {
        try await withRunningServer(engine, { $0.passwordHashCost = 4 }) { app, url in
            let fixture = try await WalletFixture.make(app)
            try await fixture.importGames()
            let sdk = SDKWalletTests().client(url, fixture.credentials)
            _ = try await sdk.auth.signIn(scopes: ["profile", "wallet", "play"], presenter: FormPostingPresenter(email: "ann@example.com"))
            _ = try await sdk.wallet.deposit(Decimal(3), currency: "EUR")

            var batch = sdk.batch()
            try batch.bet(name: "win", game: "always-wins", wager: Decimal(string: "0.5")!, currency: "EUR")
            try batch.bet(name: "lose", game: "never-wins", wager: 1, currency: "EUR", dependsOn: ["win"])
            try batch.unbackedBet(name: "practice", game: "wheel", wager: 1)
            try batch.wallet(name: "wallet", dependsOn: ["win", "lose"])
            try batch.account(name: "account")
            try batch.add(name: "again", method: "GET", path: "/v1/bets/" + BatchRequest.reference("win", "body", "id"), dependsOn: ["win"])
            try batch.bet(name: "too-big", game: "always-wins", wager: 50, currency: "EUR")
            try batch.wallet(name: "skipped", dependsOn: ["too-big"])
            let result = try await batch.run()
            #expect(result.responses.map(\.name) == ["win", "lose", "practice", "wallet", "account", "again", "too-big", "skipped"])
            let win = try result.value("win", as: Bet.self)
            #expect(win.$payout.text == "2.50")
            #expect(try result.value("lose", as: Bet.self).balance?.amount == "4.00")
            #expect(try result.value("wallet", as: Wallet.self).balance("EUR", economy: .sandbox)?.available.amount == "4.00")
            #expect(try result.value("account", as: WalletAccount.self).currency == "EUR")
            #expect(try result.value("again", as: Bet.self).id == win.id)
            #expect(try result.value("practice", as: Bet.self).kind == .unbacked)
            #expect(throws: PlayhouseError.self) { try result.value("too-big", as: Bet.self) }
            #expect { _ = try result.value("skipped", as: Wallet.self) } throws: { error in
                (error as? PlayhouseError)?.code == .failedDependency && (error as? PlayhouseError)?.status == 424
            }

            // Running the same batch value again replays its bets: no money moves twice.
            let again = try await batch.run()
            #expect(try again.value("win", as: Bet.self) == win)
            #expect(try await sdk.wallet.wallet().balance("EUR", economy: .sandbox)?.available.amount == "4.00")

            var cyclic = sdk.batch()
            try cyclic.wallet(name: "a", dependsOn: ["b"])
            try cyclic.wallet(name: "b", dependsOn: ["a"])
            await #expect { try await cyclic.run() } throws: { ($0 as? PlayhouseError)?.code == .invalidBatch }
            try await fixture.expectLedgerSound()
        }
    }
}
