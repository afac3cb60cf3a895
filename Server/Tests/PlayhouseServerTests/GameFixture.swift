import Foundation
import GameMath
import PlayhouseAPI
@testable import PlayhouseServer
import Testing
import Vapor
import VaporTesting

/// Small games whose outcomes the tests know, on top of the wallet's fixture.
enum TestGames {
    /// Every spin shows A A A on its one line: pays 5 × the wager.
    static let alwaysWins = GameDefinition(
        id: "always-wins", name: "Always Wins", minWager: "0.10", maxWager: "2.00", currencies: ["EUR", "KRD"],
        play: .slot(SlotGame(rows: 1, symbols: [.init(id: "A"), .init(id: "B")], reels: [["A", "A"], ["A", "A"], ["A", "A"]],
                             paylines: [[0, 0, 0]], paytable: [.init(symbol: "A", count: 3, pays: 5)])))

    /// Reel 2 never shows A: pays nothing, ever.
    static let neverWins = GameDefinition(
        id: "never-wins", name: "Never Wins", minWager: "0.10", maxWager: "2.00",
        play: .slot(SlotGame(rows: 1, symbols: [.init(id: "A"), .init(id: "B")], reels: [["A", "B"], ["B", "B"], ["A", "A"]],
                             paylines: [[0, 0, 0]], paytable: [.init(symbol: "A", count: 3, pays: 5)])))

    /// 3 reels of 10 different symbols, 2 rows, 2 paylines: 1000 outcomes, so seeds show in the stops.
    static let tenSymbols: GameDefinition = {
        let symbols = (0..<10).map { "S\($0)" }
        return GameDefinition(
            id: "ten-symbols", name: "Ten Symbols", minWager: "0.01", maxWager: "1.00",
            play: .slot(SlotGame(rows: 2, symbols: symbols.map { .init(id: $0) }, reels: [symbols, symbols.reversed(), symbols],
                                 paylines: [[0, 0, 0], [1, 1, 1]], paytable: [.init(symbol: "S1", count: 2, pays: 3)])))
    }()

    /// One line that pays 1 × the wager: the stake comes back, and nothing more.
    static let paysBackStake = GameDefinition(
        id: "evens", name: "Evens", minWager: "0.10", maxWager: "2.00",
        play: .slot(SlotGame(rows: 1, symbols: [.init(id: "A")], reels: [["A"], ["A"], ["A"]],
                             paylines: [[0, 0, 0]], paytable: [.init(symbol: "A", count: 3, pays: 1)])))

    static let wheel = GameDefinition(id: "wheel", name: "Wheel", minWager: "1", maxWager: "100",
                                      play: .wheel(WheelGame(segments: [0, 2, 0, 1, 0, 3, 0, 1])))
}

extension WalletFixture {
    /// Imports the test games into the fixture's app.
    func importGames(_ games: [GameDefinition] = [TestGames.alwaysWins, TestGames.neverWins, TestGames.tenSymbols, TestGames.wheel]) async throws {
        for game in games { _ = try await app.games.importGame(appID: credentials.app.id, game, by: .commandLine) }
    }

    @discardableResult
    func bet(_ token: String, game: String, _ body: String, key: String? = nil, unbacked: Bool = false) async throws -> TestingHTTPResponse {
        try await post("/v1/games/\(game)/\(unbacked ? "unbacked-bet" : "bet")", token, body, key: key)
    }

    func bets(_ token: String, query: String = "") async throws -> Page<Bet> {
        let response = try await app.send(.GET, "/v1/bets" + query, headers: bearer(token))
        try #require(response.status == .ok, "bets: \(response.body.string)")
        return try response.decode(Page<Bet>.self)
    }

    /// An unbacked token: client credentials for the game's own user.
    func unbackedToken(user: String) async throws -> String {
        let response = try await app.postForm("/oauth/token", "grant_type=client_credentials&client_user_id=\(user)", headers: basic(credentials))
        try #require(response.status == .ok, "unbacked token: \(response.body.string)")
        return try response.decode(TokenResponse.self).accessToken
    }
}
