import Foundation
import GameMath
import PlayhouseAPI
@testable import PlayhouseServer
import Testing
import Vapor
import VaporTesting

/// A player's bets in the console, on both engines: support reads them; once the player's server
/// seed is revealed, the page carries what a browser needs to verify each bet itself, and those
/// seeds do draw the bet's stops.
@Suite struct PlayerBetsConsoleTests {
    @Test(arguments: Engine.available)
    func supportSeesBetsAndTheirRevealedSeeds(_ engine: Engine) async throws {
        try await withPlayhouse(engine, { $0.passwordHashCost = 4 }) { app in
            let fixture = try await WalletFixture.make(app)
            try await fixture.importGames([TestGames.tenSymbols])
            let token = try await fixture.player("pat@example.com")
            #expect(try await fixture.deposit(token, "10.00").status == .created)
            let bet = try await fixture.bet(token, game: "ten-symbols", #"{"currency":"EUR","wager":"0.10"}"#).decode(Bet.self)
            let player = try await app.send(.GET, "/v1/me", headers: bearer(token)).decode(PlayerProfile.self).id
            let clientID = fixture.credentials.app.clientID
            let support = try await ConsoleTests.operatorSignedIn(app, "help@example.com", .support)
            let developer = try await ConsoleTests.operatorSignedIn(app, "dev@example.com", .developer)
            let path = "/admin/v1/apps/\(clientID)/players/\(player)/bets"

            let listed = try await app.send(.GET, path, headers: support.reading).decode(Page<Bet>.self).data
            #expect(listed.map(\.id) == [bet.id] && listed.first?.fairness?.serverSeed == nil)
            #expect(try await app.send(.GET, path, headers: developer.reading).status == .forbidden)
            let page = "/console/players/\(clientID)/\(player)"
            #expect(try await app.send(.GET, page, headers: support.reading).body.string.contains("not revealed yet"))

            // Revealed by the player's rotation: the page carries the seeds, and they draw the bet's stops.
            #expect(try await app.send(.POST, "/v1/fairness/rotate", headers: bearer(token)).status == .ok)
            let html = try await app.send(.GET, page, headers: support.reading).body.string
            let seed = try #require(try await app.send(.GET, path, headers: support.reading).decode(Page<Bet>.self).data.first?.fairness)
            let revealed = try #require(seed.serverSeed)
            #expect(html.contains("data-verify") && html.contains("data-server-seed=\"\(revealed)\"") && html.contains("data-lengths=\"[10,10,10]\""))
            #expect(html.contains("data-stops=\"[\(bet.stops.map(String.init).joined(separator: ","))]\""))
            var source = FairOutcomeSource(serverSeed: revealed, clientSeed: seed.clientSeed, nonce: UInt64(seed.nonce))
            #expect((0..<3).map { _ in source.next(below: 10) } == bet.stops)
            #expect(Fairness.hash(serverSeed: revealed) == seed.serverSeedHash)
        }
    }
}
