import Foundation
import GameMath
import NIOConcurrencyHelpers
import PlayhouseAPI
@testable import PlayhouseServer
import Testing
import Vapor
import VaporTesting

@Suite struct GamesTests {
    @Test(arguments: Engine.available)
    func importedGamesAreListedWithTheirExactReturn(_ engine: Engine) async throws {
        try await withPlayhouse(engine, { $0.passwordHashCost = 4 }) { app in
            let fixture = try await WalletFixture.make(app)
            try await fixture.importGames()
            let ann = try await fixture.player()
            let page = try await app.send(.GET, "/v1/games", headers: bearer(ann)).decode(Page<GameInfo>.self)
            let games = page.data
            #expect(games.map(\.id) == ["always-wins", "never-wins", "ten-symbols", "wheel"] && page.nextCursor == nil)
            let firstTwo = try await app.send(.GET, "/v1/games?limit=2", headers: bearer(ann)).decode(Page<GameInfo>.self)
            let lastTwo = try await app.send(.GET, "/v1/games?limit=2&cursor=\(try #require(firstTwo.nextCursor))", headers: bearer(ann))
                .decode(Page<GameInfo>.self)
            #expect(firstTwo.data.map(\.id) + lastTwo.data.map(\.id) == games.map(\.id) && lastTwo.nextCursor == nil)
            // ten-symbols: each line pays 3 when reels 1 and 2 show S1 (a run of 3 pays the best pay of 3 or fewer): 3/100.
            #expect(games.map(\.rtp) == [5, 0, 0.03, 0.875])
            #expect(games[2].paylines == [[0, 0, 0], [1, 1, 1]])
            #expect(games.allSatisfy { $0.status == "open" && $0.version == 1 && $0.provablyFair })

            let definition = try await app.send(.GET, "/v1/games/wheel/definition", headers: bearer(ann)).decode(GameDefinition.self)
            #expect(definition == TestGames.wheel)

            // A new definition of the same game replaces it and counts a version.
            var changed = TestGames.wheel
            changed.play = .wheel(WheelGame(segments: [0, 1]))
            let imported = try await app.games.importGame(appID: fixture.credentials.app.id, changed, by: .commandLine)
            #expect(!imported.created && imported.game.version == 2 && imported.game.rtp == 0.5)

            // Inconsistent definitions are refused with every reason, and change nothing.
            var broken = TestGames.tenSymbols
            broken.play = .slot(SlotGame(rows: 2, symbols: [.init(id: "A")], reels: [["A", "Z"]], paylines: [[0, 5]], paytable: []))
            await #expect {
                try await app.games.importGame(appID: fixture.credentials.app.id, broken, by: .commandLine)
            } throws: { error in
                let text = "\(error)"
                return text.contains("reel 1 has an unknown symbol Z") && text.contains("payline 1 must name one row") && text.contains("must pay something")
            }
            var unknownCurrency = TestGames.wheel
            unknownCurrency.currencies = ["USD"]
            await #expect(throws: PlayhouseProblem.self) { try await app.games.importGame(appID: fixture.credentials.app.id, unknownCurrency, by: .commandLine) }
            #expect(try await app.games.find(appID: fixture.credentials.app.id, slug: "ten-symbols")?.version == 1)

            let missing = try await app.send(.GET, "/v1/games/no-such-game", headers: bearer(ann))
            #expect(missing.status == .notFound)
            #expect(try missing.decode(Problem.self).code == .gameNotFound)
        }
    }

    @Test(arguments: Engine.available)
    func aBackedBetMovesTheStakeAndThePayoutInOneTransaction(_ engine: Engine) async throws {
        try await withPlayhouse(engine, { $0.passwordHashCost = 4 }) { app in
            let fixture = try await WalletFixture.make(app)
            try await fixture.importGames()
            let ann = try await fixture.player()
            try await fixture.deposit(ann, "10.00")

            let response = try await fixture.bet(ann, game: "always-wins", #"{"currency":"EUR","economy":"sandbox","wager":"0.10","paylines":[[0,0,0]]}"#)
            #expect(response.status == .created, "\(response.body.string)")
            let bet = try response.decode(Bet.self)
            #expect(bet.kind == .backed && bet.game == "always-wins" && bet.gameVersion == 1)
            #expect(bet.window == [["A", "A", "A"]])
            #expect(bet.outcomes == [BetOutcome(kind: "line", payline: [0, 0, 0], symbol: "A", count: 3, payout: "0.50")])
            #expect(bet.$stake.text == "0.10" && bet.$payout.text == "0.50")
            #expect(bet.balance == Money(amount: "10.40", currency: "EUR"))
            #expect(try await fixture.euros(ann).available == "10.40")

            // A losing bet: the stake goes to the house.
            let lost = try await fixture.bet(ann, game: "never-wins", #"{"currency":"EUR","wager":"1.5"}"#).decode(Bet.self)
            #expect(lost.$payout.text == "0.00" && lost.outcomes.isEmpty && lost.balance?.amount == "8.90")

            // The wallet's history shows one line per bet, its stake and payout as its legs.
            let history = try await fixture.history(ann, query: "?kind=bet")
            #expect(history.data.map(\.amount.amount) == ["-1.50", "0.40"])
            #expect(history.data.map { $0.legs.map(\.amount.amount) } == [["-1.50"], ["-0.10", "0.50"]])
            #expect(Set(history.data.map(\.id)).count == 2)
            #expect(history.data.first?.reference == lost.ern)

            // The bet history has both, newest first, with the full outcome; nobody else sees them.
            let bets = try await fixture.bets(ann)
            #expect(bets.data.map(\.id) == [lost.id, bet.id])
            #expect(bets.data.last?.window == bet.window && bets.data.last?.outcomes == bet.outcomes)
            #expect(try await fixture.bets(ann, query: "?game=never-wins&limit=1").data.map(\.id) == [lost.id])
            let one = try await app.send(.GET, "/v1/bets/\(bet.id)", headers: bearer(ann)).decode(Bet.self)
            #expect(one.transactionId == bet.transactionId && one.balance == bet.balance)
            let bob = try await fixture.player("bob@example.com")
            #expect(try await app.send(.GET, "/v1/bets/\(bet.id)", headers: bearer(bob)).status == .notFound)
            #expect(try await fixture.bets(bob).data.isEmpty)
            try await fixture.expectLedgerSound()
        }
    }

    @Test(arguments: Engine.available)
    func refusedBetsSayWhyAndChangeNothing(_ engine: Engine) async throws {
        try await withPlayhouse(engine, { $0.passwordHashCost = 4 }) { app in
            let fixture = try await WalletFixture.make(app)
            try await fixture.importGames()
            _ = try await app.currencies.add(appID: fixture.credentials.app.id, code: "GOLD", kind: .virtual, by: .commandLine, at: app.now)
            let ann = try await fixture.player()
            try await fixture.deposit(ann, "1.00")
            #expect(try await app.games.setOpen(false, appID: fixture.credentials.app.id, slug: "never-wins", by: .commandLine))

            let cases: [(game: String, body: String, status: HTTPStatus, code: ErrorCode)] = [
                ("never-wins", #"{"currency":"EUR","wager":"0.10"}"#, .unprocessableEntity, .gameClosed),
                ("always-wins", #"{"currency":"EUR","wager":"2.01"}"#, .unprocessableEntity, .wagerOutOfRange),
                ("always-wins", #"{"currency":"EUR","wager":"0.09"}"#, .unprocessableEntity, .wagerOutOfRange),
                ("always-wins", #"{"currency":"EUR","wager":"0.10","paylines":[[1,0,0]]}"#, .unprocessableEntity, .unknownPayline),
                ("always-wins", #"{"currency":"EUR","wager":"0.10","paylines":[[0,0,0],[0,0,0]]}"#, .unprocessableEntity, .validationFailed),
                ("always-wins", #"{"currency":"EUR","wager":"0.10","paylines":[]}"#, .unprocessableEntity, .validationFailed),
                ("wheel", #"{"currency":"EUR","wager":"1","paylines":[[0]]}"#, .unprocessableEntity, .unknownPayline),
                // It would win 7.50: its net is covered, its stake is not.
                ("always-wins", #"{"currency":"EUR","wager":"1.50"}"#, .unprocessableEntity, .insufficientFunds),
                ("always-wins", #"{"currency":"EUR","economy":"real","wager":"0.10"}"#, .unprocessableEntity, .economyNotAllowed),
                ("always-wins", #"{"currency":"USD","wager":"0.10"}"#, .unprocessableEntity, .unknownCurrency),
                ("always-wins", #"{"currency":"GOLD","wager":"1"}"#, .unprocessableEntity, .currencyNotAllowed),
                ("always-wins", #"{"wager":"0.10"}"#, .unprocessableEntity, .validationFailed),
                ("always-wins", #"{"currency":"EUR","wager":"0.105"}"#, .unprocessableEntity, .invalidAmount),
                ("always-wins", #"{"currency":"EUR","wager":"-1"}"#, .unprocessableEntity, .invalidAmount),
                ("always-wins", #"{"currency":"EUR","wager":0.1}"#, .unprocessableEntity, .validationFailed),
                ("always-wins", #"{"currency":"EUR","wager":"0.10","client_seed":""}"#, .unprocessableEntity, .validationFailed),
                ("no-such-game", #"{"currency":"EUR","wager":"0.10"}"#, .notFound, .gameNotFound),
                ("always-wins", #"{"currency":"EUR","#, .badRequest, .malformedJSON),
            ]
            for (game, body, status, code) in cases {
                let response = try await fixture.bet(ann, game: game, body)
                #expect(response.status == status, "\(game) \(body): \(response.body.string)")
                #expect((try? response.decode(Problem.self).code) == code, "\(game) \(body): \(response.body.string)")
            }
            #expect(try await fixture.euros(ann).available == "1.00")
            #expect(try await fixture.bets(ann).data.isEmpty)
            #expect(try await app.send(.GET, "/v1/fairness", headers: bearer(ann)).decode(FairnessSeeds.self).nextNonce == 0)
            try await fixture.expectLedgerSound()
        }
    }

    @Test(arguments: Engine.available)
    func aRetriedBetIsPlacedOnce(_ engine: Engine) async throws {
        try await withPlayhouse(engine, { $0.passwordHashCost = 4 }) { app in
            let fixture = try await WalletFixture.make(app)
            try await fixture.importGames()
            let ann = try await fixture.player()
            try await fixture.deposit(ann, "5.00")
            let body = #"{"currency":"EUR","wager":"1.00"}"#
            let first = try await fixture.bet(ann, game: "never-wins", body, key: "bet-1").decode(Bet.self)
            let again = try await fixture.bet(ann, game: "never-wins", body, key: "bet-1")
            #expect(again.headers.first(name: "Idempotent-Replayed") == "true")
            #expect(try again.decode(Bet.self) == first)
            #expect(try await fixture.bet(ann, game: "never-wins", #"{"currency":"EUR","wager":"2.00"}"#, key: "bet-1").status == .conflict)
            // Ten simultaneous sends of one bet: one bet, and all get its answer.
            let sends = try await withThrowingTaskGroup(of: TestingHTTPResponse.self) { group in
                for _ in 0..<10 { group.addTask { try await fixture.bet(ann, game: "never-wins", body, key: "bet-2") } }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(sends.allSatisfy { $0.status == .created }, "\(sends.map(\.status))")
            #expect(Set(sends.map(\.body.string)).count == 1)
            #expect(try sends[0].decode(Bet.self).balance == Money(amount: "3.00", currency: "EUR"))
            #expect(try await fixture.euros(ann).available == "3.00")
            // A retry that arrives after the rest of the money is gone still gets the first answer, not `insufficient_funds`.
            #expect(try await fixture.withdraw(ann, "3.00").status == .created)
            let spent = try await fixture.bet(ann, game: "never-wins", body, key: "bet-1")
            #expect(spent.status == .created, "\(spent.body.string)")
            #expect(try spent.decode(Bet.self) == first)
            // A retry that arrives after the game has closed still gets the first answer, not a refusal.
            #expect(try await app.games.setOpen(false, appID: fixture.credentials.app.id, slug: "never-wins", by: .commandLine))
            let late = try await fixture.bet(ann, game: "never-wins", body, key: "bet-1")
            #expect(late.status == .created, "\(late.body.string)")
            #expect(try late.decode(Bet.self) == first)
            #expect(try await fixture.euros(ann).available == "0.00")
            #expect(try await fixture.bets(ann).data.count == 2)
        }
    }

    @Test(arguments: Engine.available)
    func betsCanBeVerifiedOnceTheirSeedIsRevealed(_ engine: Engine) async throws {
        try await withPlayhouse(engine, { $0.passwordHashCost = 4 }) { app in
            let fixture = try await WalletFixture.make(app)
            try await fixture.importGames()
            let ann = try await fixture.player()
            try await fixture.deposit(ann, "5.00")

            let before = try await app.send(.GET, "/v1/fairness", headers: bearer(ann)).decode(FairnessSeeds.self)
            #expect(before.nextNonce == 0 && before.serverSeedHash.count == 64)
            let seeded = try await app.send(.PUT, "/v1/fairness/client-seed", headers: bearer(ann).merged(json), body: #"{"client_seed":"lucky"}"#)
            #expect(try seeded.decode(FairnessSeeds.self).clientSeed == "lucky")
            var placed: [Bet] = []
            for index in 0..<3 {
                let seed = index == 2 ? #","client_seed":"luckier""# : ""
                let response = try await fixture.bet(ann, game: "ten-symbols", #"{"currency":"EUR","wager":"0.05"\#(seed)}"#)
                placed.append(try response.decode(Bet.self))
            }
            #expect(placed.compactMap(\.fairness?.nonce) == [0, 1, 2])
            #expect(placed.compactMap(\.fairness?.clientSeed) == ["lucky", "lucky", "luckier"])
            #expect(placed.allSatisfy { $0.fairness?.serverSeedHash == before.serverSeedHash && $0.fairness?.serverSeed == nil })
            // A game that is not provably fair is drawn at random: no fairness, and the seed's nonce is not taken.
            var unfair = TestGames.tenSymbols
            unfair.id = "ten-symbols-unfair"
            unfair.provablyFair = false
            try await fixture.importGames([unfair])
            let unfairBet = try await fixture.bet(ann, game: "ten-symbols-unfair", #"{"currency":"EUR","wager":"0.05"}"#)
            #expect(try unfairBet.status == .created && unfairBet.decode(Bet.self).fairness == nil, "\(unfairBet.body.string)")
            #expect(try await app.send(.GET, "/v1/fairness", headers: bearer(ann)).decode(FairnessSeeds.self).nextNonce == 3)

            let rotation = try await app.send(.POST, "/v1/fairness/rotate", headers: bearer(ann)).decode(FairnessRotation.self)
            #expect(rotation.revealed.serverSeedHash == before.serverSeedHash)
            #expect(Fairness.hash(serverSeed: rotation.revealed.serverSeed) == before.serverSeedHash)
            #expect(rotation.revealed.nextNonce == 3 && rotation.current.nextNonce == 0 && rotation.current.clientSeed == "luckier")
            #expect(rotation.current.serverSeedHash != before.serverSeedHash)

            // Each bet re-derives from the revealed seed; a tampered seed or nonce does not.
            let machine = try GameMachine(TestGames.tenSymbols)
            func replay(_ bet: Bet, seed: String, nonce: Int) -> Spin {
                var source = FairOutcomeSource(serverSeed: seed, clientSeed: bet.fairness?.clientSeed ?? "", nonce: UInt64(nonce))
                return machine.spin(lines: [0, 1], using: &source)
            }
            var tamperedMatches = 0
            for bet in placed {
                let revealed = try await app.send(.GET, "/v1/bets/\(bet.id)", headers: bearer(ann)).decode(Bet.self)
                let fairness = try #require(revealed.fairness)
                #expect(fairness.serverSeed == rotation.revealed.serverSeed)
                let spin = replay(revealed, seed: rotation.revealed.serverSeed, nonce: fairness.nonce)
                #expect(spin.stops == revealed.stops && spin.window == revealed.window)
                #expect(MinorUnits.format(5 * Int64(spin.pays), digits: 2) == revealed.$payout.text)
                if replay(revealed, seed: rotation.current.serverSeedHash, nonce: fairness.nonce).stops == revealed.stops { tamperedMatches += 1 }
                if replay(revealed, seed: rotation.revealed.serverSeed, nonce: fairness.nonce + 1).stops == revealed.stops { tamperedMatches += 1 }
            }
            #expect(tamperedMatches < 2)
        }
    }

    @Test(arguments: Engine.available)
    func unbackedBetsPlayTheMathWithoutMoney(_ engine: Engine) async throws {
        try await withPlayhouse(engine, { $0.passwordHashCost = 4 }) { app in
            let fixture = try await WalletFixture.make(app)
            try await fixture.importGames()
            let unbacked = try await fixture.unbackedToken(user: "game-user-7")
            let response = try await fixture.bet(unbacked, game: "always-wins", #"{"wager":"0.10","paylines":[[0,0,0]]}"#, unbacked: true)
            #expect(response.status == .created, "\(response.body.string)")
            let bet = try response.decode(Bet.self)
            #expect(bet.kind == .unbacked && bet.$payout.text == "0.50" && bet.balance == nil && bet.transactionId == nil && bet.currency == nil)
            #expect(try await fixture.bets(unbacked).data.map(\.id) == [bet.id])

            // A player's unbacked bet in kredits moves no kredits.
            let ann = try await fixture.player()
            let kredits = try await fixture.bet(ann, game: "wheel", #"{"currency":"KRD","wager":"3"}"#, unbacked: true).decode(Bet.self)
            #expect(kredits.currency == "KRD" && kredits.$stake.text == "3")
            #expect(try await fixture.wallet(ann).balances.allSatisfy { $0.available.value == 0 })
            #expect(try await fixture.bets(unbacked).data.count == 1)

            // The unbacked token cannot bet money; a bare app token cannot bet at all.
            let backed = try await fixture.bet(unbacked, game: "always-wins", #"{"currency":"EUR","wager":"0.10"}"#)
            #expect(backed.status == .forbidden)
            let appToken = try await app.appToken(fixture.credentials)
            #expect(try await fixture.bet(appToken, game: "always-wins", #"{"wager":"0.10"}"#, unbacked: true).status == .forbidden)
            #expect(try await app.send(.GET, "/v1/games", headers: bearer(appToken)).status == .ok)
        }
    }

    @Test(arguments: Engine.available)
    func creditsWonInOneGamePayForBetsOnAnother(_ engine: Engine) async throws {
        try await withPlayhouse(engine, { $0.passwordHashCost = 4 }) { app in
            let fixture = try await WalletFixture.make(app)
            try await fixture.importGames()
            let appID = fixture.credentials.app.id
            _ = try await app.currencies.add(appID: appID, code: "NWC", kind: .credit, name: "Never-wins credits", game: "never-wins", by: .commandLine, at: app.now)
            _ = try await app.promotions.create(appID: appID, code: "CREDITS", name: "Credits", amount: "10", currency: "NWC", economy: nil,
                                                maxRedemptions: nil, startsAt: nil, expiresAt: nil, by: .commandLine)
            let ann = try await fixture.player()
            #expect(try await fixture.post("/v1/promotions/redeem", ann, #"{"code":"CREDITS"}"#).status == .created)

            // Credits of never-wins, bet on always-wins: 2 credits staked, 10 paid, in credits.
            let response = try await fixture.post("/v1/games/never-wins/always-wins/bet", ann, #"{"wager":"2"}"#, key: "credit-1")
            #expect(response.status == .created, "\(response.body.string)")
            let bet = try response.decode(Bet.self)
            #expect(bet.kind == .credit && bet.game == "always-wins" && bet.creditGame == "never-wins")
            #expect(bet.currency == "NWC" && bet.$stake.text == "2" && bet.$payout.text == "10" && bet.balance == Money(amount: "18", currency: "NWC"))
            #expect(try await fixture.wallet(ann).balance("NWC", economy: .sandbox)?.available.amount == "18")

            let practice = try await fixture.post("/v1/games/never-wins/wheel/unbacked-bet", ann, #"{"wager":"1"}"#).decode(Bet.self)
            #expect(practice.kind == .unbackedCredit && practice.balance == nil && practice.currency == "NWC")

            // Credits only buy bets through the credit path, and only a game with credits has any.
            #expect(try await fixture.bet(ann, game: "always-wins", #"{"currency":"NWC","wager":"1"}"#).status == .unprocessableEntity)
            let noCredits = try await fixture.post("/v1/games/wheel/always-wins/bet", ann, #"{"wager":"1"}"#)
            #expect(try noCredits.decode(Problem.self).code == .currencyNotAllowed)
            let wrongCurrency = try await fixture.post("/v1/games/never-wins/always-wins/bet", ann, #"{"currency":"EUR","wager":"1"}"#)
            #expect(try wrongCurrency.decode(Problem.self).code == .currencyNotAllowed)
            #expect(try await fixture.post("/v1/games/no-such/always-wins/bet", ann, #"{"wager":"1"}"#).status == .notFound)
            // Another, naming its payline: 18 − 2 + 10.
            let again = try await fixture.post("/v1/games/never-wins/always-wins/bet", ann, #"{"wager":"2","paylines":[[0,0,0]]}"#)
            #expect(again.status == .created)
            #expect(try await fixture.wallet(ann).balance("NWC", economy: .sandbox)?.available.amount == "26")
            try await fixture.expectLedgerSound()
        }
    }

    /// Many players bet at once on every game: the ledger holds and no money appears or disappears.
    @Test(arguments: Engine.available)
    func concurrentBetsConserveMoney(_ engine: Engine) async throws {
        try await withPlayhouse(engine, { $0.passwordHashCost = 4 }) { app in
            let fixture = try await WalletFixture.make(app)
            try await fixture.importGames()
            var players: [String] = []
            for index in 0..<4 {
                let token = try await fixture.player("p\(index)@example.com")
                try await fixture.deposit(token, "3.00")
                players.append(token)
            }
            let accepted = NIOLockedValueBox((bets: 0, refused: 0))
            try await withThrowingTaskGroup(of: Void.self) { group in
                for (index, token) in players.enumerated() {
                    for round in 0..<12 {
                        group.addTask {
                            let game = ["always-wins", "never-wins", "ten-symbols", "wheel"][(index + round) % 4]
                            let wager = game == "wheel" ? "1" : "0.50"
                            let response = try await fixture.bet(token, game: game, #"{"currency":"EUR","wager":"\#(wager)"}"#)
                            accepted.withLockedValue { response.status == .created ? ($0.bets += 1) : ($0.refused += 1) }
                            if response.status != .created {
                                #expect(try response.decode(Problem.self).code == .insufficientFunds)
                            }
                        }
                    }
                }
                try await group.waitForAll()
            }
            #expect(accepted.withLockedValue { $0.bets + $0.refused } == 48)
            try await fixture.expectLedgerSound()
            var playersTotal: Decimal = 0
            for token in players { playersTotal += try await fixture.wallet(token).balance("EUR", economy: .sandbox)?.available.value ?? 0 }
            let stakes = try await app.sql().raw("SELECT CAST(SUM(stake) AS BIGINT) AS s, CAST(SUM(payout) AS BIGINT) AS p, COUNT(*) AS n FROM bets").first()
            let row = try #require(stakes)
            let staked = try row.decode(column: "s", as: Int64.self), paid = try row.decode(column: "p", as: Int64.self)
            #expect(try row.decode(column: "n", as: Int.self) == accepted.withLockedValue { $0.bets })
            #expect(playersTotal * 100 == Decimal(1200 - staked + paid))
            // Each player's bets took their seed's nonces one by one, each once, none skipped,
            // whichever way each bet was placed (at once, or in a transaction after a conflict).
            let nonces = try await app.sql().raw("""
                SELECT COUNT(*) AS n, COUNT(DISTINCT nonce) AS distinct_nonces, MIN(nonce) AS low, MAX(nonce) AS high
                FROM bets GROUP BY fairness_seed_id
                """).all()
            #expect(nonces.count == players.count)
            for row in nonces {
                let count = try row.decode(column: "n", as: Int64.self)
                #expect(try row.decode(column: "distinct_nonces", as: Int64.self) == count)
                #expect(try row.decode(column: "low", as: Int64.self) == 0 && row.decode(column: "high", as: Int64.self) == count - 1)
            }
        }
    }
}
