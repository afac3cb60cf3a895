import Foundation
import GameMath
import PlayhouseAPI
@testable import PlayhouseServer
import Testing
import Vapor
import VaporTesting

/// The console's games on both engines: definitions imported through the admin API with their
/// exact RTP, games closed and opened (each change in the audit log), a simulation in parts that
/// comes out near the exact RTP, and bets per day.
@Suite struct AdminGamesTests {
    @Test(arguments: Engine.available)
    func developersImportCloseOpenAndSimulateGames(_ engine: Engine) async throws {
        try await withPlayhouse(engine, { $0.passwordHashCost = 4 }) { app in
            // Noon (UTC), so that the bet below and the count of today's bets fall on one day.
            app.playhouseClock.stop()
            let clock = Calendar(identifier: .gregorian).dateComponents(in: TimeZone(identifier: "UTC")!, from: app.playhouseClock.now())
            let sinceMidnight: Int = (clock.hour ?? 0) * 3600 + (clock.minute ?? 0) * 60 + (clock.second ?? 0)
            app.playhouseClock.advance(by: 12 * 3600 - Double(sinceMidnight))
            let fixture = try await WalletFixture.make(app)
            let clientID = fixture.credentials.app.clientID
            let games = "/admin/v1/apps/\(clientID)/games"
            let developer = try await ConsoleTests.operatorSignedIn(app, "dev@example.com", .developer)
            let support = try await ConsoleTests.operatorSignedIn(app, "help@example.com", .support)
            let definition = String(decoding: try JSONEncoder().encode(TestGames.tenSymbols), as: UTF8.self)
            struct Imported: Decodable { var game: GameInfo; var created: Bool; var combinations: UInt64 }

            // Imported with its exact RTP; again as version 2; a broken one refused, changing nothing.
            #expect(try await app.send(.POST, games, headers: support.changing, body: definition).status == .forbidden)
            let first = try await app.send(.POST, games, headers: developer.changing, body: definition)
            #expect(first.status == .created, "\(first.body.string)")
            let imported = try first.decode(Imported.self)
            #expect(imported.created && imported.combinations == 1000 && imported.game.version == 1)
            #expect(abs(imported.game.rtp - (try GameMachine(TestGames.tenSymbols).report().rtp)) < 1e-12)
            let second = try await app.send(.POST, games, headers: developer.changing, body: definition)
            #expect(second.status == .ok)
            #expect(try second.decode(Imported.self).game.version == 2)
            let broken = definition.replacingOccurrences(of: #""paylines":[[0,0,0],[1,1,1]]"#, with: #""paylines":[[0,0,9]]"#)
            #expect(broken != definition)
            #expect(try await app.send(.POST, games, headers: developer.changing, body: broken).problem().code == .invalidGameDefinition)
            let listed = try await app.send(.GET, games, headers: support.reading).decode(Page<GameInfo>.self).data
            #expect(listed.map(\.id) == ["ten-symbols"] && listed.first?.version == 2)

            // Closed: bets refused; opened: taken. Closing a closed game changes (and logs) nothing.
            let token = try await fixture.player("pat@example.com")
            #expect(try await fixture.deposit(token, "10.00").status == .created)
            let spin = #"{"currency":"EUR","wager":"0.10"}"#
            #expect(try await app.send(.POST, "\(games)/ten-symbols/close", headers: support.changing).status == .forbidden)
            #expect(try await app.send(.POST, "\(games)/ten-symbols/close", headers: developer.changing).decode(GameInfo.self).status == "closed")
            #expect(try await app.send(.POST, "\(games)/ten-symbols/close", headers: developer.changing).status == .ok)
            #expect(try await fixture.bet(token, game: "ten-symbols", spin).problem().code == .gameClosed)
            #expect(try await app.send(.POST, "\(games)/ten-symbols/open", headers: developer.changing).decode(GameInfo.self).status == "open")
            #expect(try await fixture.bet(token, game: "ten-symbols", spin).status == .created)
            #expect(try await app.send(.POST, "\(games)/no-such-game/open", headers: developer.changing).status == .notFound)
            let logged = try await app.auditLog.all().filter { $0.target.hasSuffix("/ten-symbols") }
            #expect(logged.map(\.action) == ["game imported", "game imported", "game closed", "game opened"])
            #expect(logged.allSatisfy { $0.actor == "dev@example.com" } && logged[1].before != nil)

            // A simulation in parts adds up near the exact RTP (within 5 standard errors).
            var total = Simulation()
            for _ in 0..<4 {
                let part = try await app.send(.POST, "\(games)/ten-symbols/simulation", headers: developer.changing, body: #"{"spins":50000}"#)
                let sums = try part.decode(GameSimulationPart.self)
                var simulation = Simulation()
                (simulation.spins, simulation.stake, simulation.totalPays, simulation.hits, simulation.sumOfSquaredReturns) =
                    (sums.spins, sums.stake, sums.totalPays, sums.hits, sums.sumOfSquaredReturns)
                total.add(simulation)
            }
            #expect(total.spins == 200_000 && abs(total.rtp - imported.game.rtp) < 5 * total.standardError, "\(total.rtp) against \(imported.game.rtp)")
            for spins in [0, 200_001] {
                #expect(try await app.send(.POST, "\(games)/ten-symbols/simulation", headers: developer.changing,
                                           body: #"{"spins":\#(spins)}"#).status == .unprocessableEntity)
            }
            #expect(try await app.send(.POST, "\(games)/ten-symbols/simulation", headers: support.changing, body: #"{"spins":10}"#).status == .forbidden)

            // Bets per day; the page shows the game, its RTP and, to a developer, its buttons.
            let bets = try await app.send(.GET, "\(games)/ten-symbols/bets", headers: developer.reading).decode(DashboardSeries.self)
            #expect(bets.days.count == 30 && bets.days.last?.value == 1 && bets.days.dropLast().allSatisfy { $0.value == 0 })
            let page = try await app.send(.GET, "/console/games?app=\(clientID)", headers: developer.reading).body.string
            #expect(page.contains("Ten Symbols") && page.contains(String(format: "%.2f %%", imported.game.rtp * 100))
                    && page.contains("data-simulation") && page.contains("id=\"import-game\"") && page.contains("chart-bets-ten-symbols"))
            let seen = try await app.send(.GET, "/console/games?app=\(clientID)", headers: support.reading).body.string
            #expect(seen.contains("Ten Symbols") && !seen.contains("data-simulation") && !seen.contains("import-game"))
        }
    }
}
