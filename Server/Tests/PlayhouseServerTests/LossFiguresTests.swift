import Foundation
import PlayhouseAPI
@testable import PlayhouseServer
import SQLKit
import Testing
import Vapor

/// A loss limit's check reads the window's figures, an hour a row, and only the bets of the hour
/// the window starts in: its cost does not grow with the bets in the window, and its sum is exact
/// at the window's edges.
@Suite struct LossFiguresTests {
    @Test(arguments: Engine.available)
    func theWindowsLossesAreExactAtItsEdgesAndTheFiguresAgreeWithTheBets(_ engine: Engine) async throws {
        try await withPlayhouse(engine, { $0.passwordHashCost = 4; $0.realityCheckInterval = 0; $0.sessionInactivityTimeout = 40 * 24 * 3600
                                           $0.playerTokenLifetime = 40 * 24 * 3600 }) { app in
            let fixture = try await WalletFixture.make(app)
            try await fixture.importGames()
            let ann = try await fixture.player()
            try #require(try await fixture.deposit(ann, "100.00").status == .created)
            let playerID = try #require(UUID(uuidString: try await app.send(.GET, "/v1/me", headers: bearer(ann)).decode(PlayerProfile.self).id))
            // The clock moves only when told: each bet is placed at the time the test notes.
            let clock = app.playhouseClock
            clock.stop()
            // Bets spread over two days, a few minutes apart, some won, some lost.
            var placed: [(at: Date, lost: Int64)] = []
            for index in 0..<30 {
                let game = index % 3 == 0 ? "always-wins" : "never-wins"
                let bet = try await fixture.bet(ann, game: game, #"{"currency":"EUR","wager":"0.20"}"#).decode(Bet.self)
                placed.append((clock.now(), Int64(20) - (Int64(bet.$payout.text.replacingOccurrences(of: ".", with: "")) ?? 0)))
                clock.advance(by: 97 * 60 + 13)
            }
            // Every window start: before, on and between bets, on an hour's boundary, after the last.
            var starts = placed.map(\.at) + placed.map { $0.at.addingTimeInterval(-0.5) } + placed.map { $0.at.addingTimeInterval(0.5) }
            starts += [placed[3].at.addingTimeInterval(3600 - placed[3].at.timeIntervalSince1970.truncatingRemainder(dividingBy: 3600)),
                       placed[0].at.addingTimeInterval(-7200), clock.now()]
            for since in starts {
                let expected = placed.filter { $0.at > since }.reduce(0) { $0 + $1.lost }
                let lost = try await app.store.read { sql in
                    try await LossFigures.lost(playerID: playerID, currency: "EUR", since: since, on: sql)
                }
                #expect(lost == expected, "since \(since.timeIntervalSince1970)")
            }
            // The figures are what summing the bets again makes.
            let kept = try await figures(app)
            try await app.sql().raw("DELETE FROM player_loss_hours").run()
            try await LossFigures.sumExistingBets(on: app.sql())
            #expect(try await figures(app) == kept)
        }
    }

    /// Ten thousand bets in the window that are not in the figures do not change the check's
    /// answer: it does not read them, so its cost stays that of the figures' rows and one hour's bets.
    @Test(arguments: Engine.available)
    func theCheckDoesNotReadTheWindowsBets(_ engine: Engine) async throws {
        try await withPlayhouse(engine, { $0.passwordHashCost = 4; $0.realityCheckInterval = 0 }) { app in
            let fixture = try await WalletFixture.make(app)
            try await fixture.importGames()
            let ann = try await fixture.player()
            try #require(try await fixture.deposit(ann, "20.00").status == .created)
            let bet = try await fixture.bet(ann, game: "never-wins", #"{"currency":"EUR","wager":"1.00"}"#).decode(Bet.self)
            let playerID = try #require(UUID(uuidString: try await app.send(.GET, "/v1/me", headers: bearer(ann)).decode(PlayerProfile.self).id))
            // Copies of the bet, ten hours earlier, written straight into the table, figures untouched.
            let earlier = app.playhouseClock.now().addingTimeInterval(-10 * 3600)
            let betID = try #require(UUID(uuidString: bet.id))
            let newID: SQLQueryString = engine == .postgres ? "gen_random_uuid()" : "lower(hex(randomblob(16)))"
            try await app.sql().raw("""
                WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 10000)
                INSERT INTO bets (bet_id, app_id, session_id, player_id, client_user_id, game_slug, credit_game, game_version, kind, currency,
                                  economy, minor_units, wager, stake, payout, paylines, result, fairness_seed_id, client_seed, nonce,
                                  transaction_id, balance_after, created_at)
                SELECT \(newID), app_id, session_id, player_id, client_user_id, game_slug, credit_game, game_version, kind, currency,
                       economy, minor_units, wager, stake, payout, paylines, result, fairness_seed_id, client_seed, nonce + n.i,
                       NULL, balance_after, \(bind: earlier) FROM bets CROSS JOIN n WHERE bet_id = \(bind: betID)
                """).run()
            #expect(try await app.count("bets") == 10_001)
            let lost = try await app.store.read { sql in
                try await LossFigures.lost(playerID: playerID, currency: "EUR", since: earlier.addingTimeInterval(-3600), on: sql)
            }
            #expect(lost == 100)
        }
    }

    private func figures(_ app: Application) async throws -> [String] {
        try await app.sql().raw("SELECT player_id, currency, hour, lost FROM player_loss_hours ORDER BY hour").all().map {
            "\(try $0.decode(column: "hour", as: Int64.self)) \(try $0.decode(column: "lost", as: Int64.self))"
        }
    }
}
