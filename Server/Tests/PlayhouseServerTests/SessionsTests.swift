import Foundation
import PlayhouseAPI
@testable import PlayhouseServer
import Testing
import Vapor
import VaporTesting

@Suite struct SessionsTests {
    func current(_ fixture: WalletFixture, _ token: String) async throws -> PlaySessionStatus {
        let response = try await fixture.app.send(.GET, "/v1/sessions/current", headers: bearer(token))
        try #require(response.status == .ok, "session: \(response.body.string)")
        return try response.decode(PlaySessionStatus.self)
    }

    func keepAlive(_ fixture: WalletFixture, _ token: String, _ body: String = "{}") async throws -> PlaySessionStatus {
        let response = try await fixture.post("/v1/sessions/current/keep-alive", token, body)
        try #require(response.status == .ok, "keep-alive: \(response.body.string)")
        return try response.decode(PlaySessionStatus.self)
    }

    @Test(arguments: Engine.available)
    func aDueRealityCheckStopsBetsUntilAcknowledged(_ engine: Engine) async throws {
        try await withPlayhouse(engine, { $0.passwordHashCost = 4; $0.realityCheckInterval = 600 }) { app in
            app.playhouseClock.stop()
            let fixture = try await WalletFixture.make(app)
            try await fixture.importGames()
            let ann = try await fixture.player()
            try await fixture.deposit(ann, "10.00")

            let fresh = try await current(fixture, ann)
            // The clock is stopped: time moves only when the test moves it.
            #expect(fresh.alive && fresh.realityCheck == RealityCheckStatus(enabled: true, intervalSeconds: 600, remainingMs: 600_000, due: false))
            #expect(fresh.statistics == SessionStatistics(secondsPlayed: 0, bets: 0, money: []))
            #expect(try await fixture.bet(ann, game: "always-wins", #"{"currency":"EUR","wager":"1.00"}"#).status == .created)

            app.playhouseClock.advance(by: 599)
            #expect(try await current(fixture, ann).realityCheck.remainingMs == 1000)
            app.playhouseClock.advance(by: 1)
            let due = try await current(fixture, ann)
            #expect(due.realityCheck.due && due.realityCheck.remainingMs == 0)
            #expect(due.statistics.secondsPlayed == 600 && due.statistics.bets == 1)
            #expect(due.statistics.money == [SessionMoney(currency: "EUR", economy: .sandbox, wagered: "1.00", won: "5.00", net: "4.00")])

            // Refused until acknowledged: a keep-alive alone does not do it.
            let refused = try await fixture.bet(ann, game: "always-wins", #"{"currency":"EUR","wager":"1.00"}"#)
            #expect(refused.status == .forbidden)
            #expect(try refused.decode(Problem.self).code == .realityCheckDue)
            #expect(try await fixture.bet(ann, game: "wheel", #"{"wager":"1"}"#, unbacked: true).status == .forbidden)
            #expect(try await keepAlive(fixture, ann).realityCheck.due)
            #expect(try await fixture.euros(ann).available == "14.00")

            let acknowledged = try await keepAlive(fixture, ann, #"{"reality_checked":true}"#)
            #expect(!acknowledged.realityCheck.due && acknowledged.realityCheck.remainingMs == 600_000)
            #expect(try await fixture.bet(ann, game: "always-wins", #"{"currency":"EUR","wager":"1.00"}"#).status == .created)
            // An unbacked bet counts among the session's bets and moves no money.
            #expect(try await fixture.bet(ann, game: "wheel", #"{"wager":"1"}"#, unbacked: true).status == .created)
            let played = try await current(fixture, ann).statistics
            #expect(played.bets == 3)
            #expect(played.money == [SessionMoney(currency: "EUR", economy: .sandbox, wagered: "2.00", won: "10.00", net: "8.00")])

            // Acknowledging before the check is due changes nothing: an app cannot put checks off.
            app.playhouseClock.advance(by: 300)
            #expect(try await keepAlive(fixture, ann, #"{"reality_checked":true}"#).realityCheck.remainingMs == 300_000)
        }
    }

    @Test(arguments: Engine.available)
    func aSessionsFiguresAreKeptAsItsBetsComeEvenAllAtOnce(_ engine: Engine) async throws {
        try await withPlayhouse(engine, { $0.passwordHashCost = 4 }) { app in
            app.playhouseClock.stop()
            let fixture = try await WalletFixture.make(app)
            try await fixture.importGames()
            let ann = try await fixture.player(), bob = try await fixture.player("bob@example.com")
            try await fixture.deposit(ann, "50.00")
            try await fixture.deposit(bob, "5.00")
            #expect(try await fixture.bet(bob, game: "never-wins", #"{"currency":"EUR","wager":"2.00"}"#).status == .created)

            // Twenty-four bets at once: eight that win 5.00, eight that lose, eight unbacked.
            let statuses = try await withThrowingTaskGroup(of: HTTPStatus.self) { group in
                for number in 0..<24 {
                    group.addTask {
                        switch number % 3 {
                        case 0: try await fixture.bet(ann, game: "always-wins", #"{"currency":"EUR","wager":"1.00"}"#).status
                        case 1: try await fixture.bet(ann, game: "never-wins", #"{"currency":"EUR","wager":"1.00"}"#).status
                        default: try await fixture.bet(ann, game: "wheel", #"{"wager":"1"}"#, unbacked: true).status
                        }
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(statuses.allSatisfy { $0 == .created })
            let figures = try await current(fixture, ann).statistics
            #expect(figures.bets == 24)
            #expect(figures.money == [SessionMoney(currency: "EUR", economy: .sandbox, wagered: "16.00", won: "40.00", net: "24.00")])
            #expect(try await current(fixture, bob).statistics.money == [SessionMoney(currency: "EUR", economy: .sandbox, wagered: "2.00", won: "0.00", net: "-2.00")])

            // Summed from the bets themselves, as the migration sums those placed before it, the figures are the same.
            try await app.sql().raw("DELETE FROM session_bet_totals").run()
            #expect(try await current(fixture, ann).statistics.bets == 0)
            try await SessionBetTotals.sumExistingBets(on: app.sql())
            #expect(try await current(fixture, ann).statistics == figures)
            #expect(try await current(fixture, bob).statistics.bets == 1)
        }
    }

    @Test(arguments: Engine.available)
    func sessionsExpireAfterInactivityAndActivityExtendsThem(_ engine: Engine) async throws {
        try await withPlayhouse(engine, { $0.passwordHashCost = 4; $0.sessionInactivityTimeout = 1200; $0.realityCheckInterval = 0 }) { app in
            app.playhouseClock.stop()
            let fixture = try await WalletFixture.make(app)
            try await fixture.importGames()
            let ann = try await fixture.player()
            let started = try await current(fixture, ann)
            #expect(!started.realityCheck.enabled && started.realityCheck.remainingMs == 0)

            app.playhouseClock.advance(by: 1100)
            let extended = try await keepAlive(fixture, ann)
            #expect(extended.alive && extended.expiresAt == started.expiresAt.addingTimeInterval(1100))
            app.playhouseClock.advance(by: 1100)
            // A bet is activity too.
            #expect(try await fixture.bet(ann, game: "wheel", #"{"wager":"1"}"#, unbacked: true).status == .created)
            app.playhouseClock.advance(by: 1199)
            #expect(try await current(fixture, ann).alive)
            app.playhouseClock.advance(by: 1)
            let expired = try await current(fixture, ann)
            #expect(!expired.alive && expired.statistics.secondsPlayed == 2200)
            let refused = try await fixture.bet(ann, game: "wheel", #"{"wager":"1"}"#, unbacked: true)
            #expect(refused.status == .unauthorized)
            #expect(try refused.decode(Problem.self).code == .sessionExpired)
            #expect(try await keepAlive(fixture, ann).alive == false)
        }
    }

    @Test(arguments: Engine.available)
    func endingTheSessionRevokesItsTokens(_ engine: Engine) async throws {
        try await withPlayhouse(engine, { $0.passwordHashCost = 4 }) { app in
            let fixture = try await WalletFixture.make(app)
            let ann = try await fixture.player()
            #expect(try await app.send(.DELETE, "/v1/sessions/current", headers: bearer(ann)).status == .noContent)
            #expect(try await app.send(.GET, "/v1/sessions/current", headers: bearer(ann)).status == .unauthorized)

            // The player's "stop" from a reality check: reality_checked false ends the session.
            let bob = try await fixture.player("bob@example.com")
            #expect(try await keepAlive(fixture, bob, #"{"reality_checked":false}"#).alive == false)
            #expect(try await app.send(.GET, "/v1/wallet", headers: bearer(bob)).status == .unauthorized)

            let appToken = try await app.appToken(fixture.credentials)
            #expect(try await app.send(.GET, "/v1/sessions/current", headers: bearer(appToken)).status == .forbidden)
            let malformed = try await fixture.post("/v1/sessions/current/keep-alive", try await fixture.player("cy@example.com"), #"{"reality_checked":"yes"}"#)
            #expect(malformed.status == .unprocessableEntity)
        }
    }
}
