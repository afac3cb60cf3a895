import Foundation
import PlayhouseAPI
@testable import PlayhouseServer
import SQLKit
import Testing
import Vapor
import VaporTesting

/// The console's dashboard on both engines: an app's sign-ups, opens, deposits and bets per day,
/// each settled day and hour counted once and kept by the background work, the rest counted as
/// it is read; for the roles that read statistics, drawn as SVG on the console's home page.
@Suite struct DashboardTests {
    @Test(arguments: Engine.available)
    func theDashboardCountsEachDayOfTheLastThirty(_ engine: Engine) async throws {
        try await withPlayhouse(engine, { $0.passwordHashCost = 4 }) { app in
            // Half past two in the afternoon (UTC): fourteen hours of the day have ended.
            app.playhouseClock.stop()
            let utc = TimeZone(identifier: "UTC")!
            let clock = Calendar(identifier: .gregorian).dateComponents(in: utc, from: app.playhouseClock.now())
            let sinceMidnight: Int = (clock.hour ?? 0) * 3600 + (clock.minute ?? 0) * 60 + (clock.second ?? 0)
            app.playhouseClock.advance(by: 14.5 * 3600 - Double(sinceMidnight))
            let fixture = try await WalletFixture.make(app)
            try await fixture.importGames([TestGames.neverWins])
            let spin = #"{"currency":"EUR","wager":"1"}"#
            func open(_ token: String, _ installation: String) async throws {
                let body = #"{"installation_id":"\#(installation)","platform":"ios","app_version":"1.0"}"#
                let response = try await app.send(.POST, "/v1/opens", headers: bearer(token).merged(json), body: body)
                #expect(response.status == .created, "\(response.body.string)")
            }

            // Two days ago: a sign-up, a deposit, two bets, an open.
            let firstDay = PlacementDecision.day(app.playhouseClock.now())
            let ann = try await fixture.player("ann@example.com")
            #expect(try await fixture.deposit(ann, "10.00").status == .created)
            for _ in 0..<2 { #expect(try await fixture.bet(ann, game: "never-wins", spin).status == .created) }
            try await open(ann, UUID().uuidString)
            let clientID = fixture.credentials.app.clientID
            func dashboard(_ who: ConsoleTests.SignedIn, today: String) async throws -> [DashboardFigure: [String: Int]] {
                let series = try await app.send(.GET, "/admin/v1/apps/\(clientID)/dashboard", headers: who.reading)
                    .decode(Page<DashboardSeries>.self).data
                #expect(series.map(\.figure) == DashboardFigure.allCases && series.allSatisfy { $0.days.count == 30 })
                #expect(series.first?.days.last?.day == today)
                return Dictionary(uniqueKeysWithValues: series.map { ($0.figure, Dictionary(uniqueKeysWithValues: $0.days.map { ($0.day, $0.value) })) })
            }
            func keptBets() async throws -> [String] {
                try await app.store.read { sql in
                    try await sql.raw("SELECT period FROM figure_counts WHERE app_id = \(bind: fixture.credentials.app.id) AND figure = 'bets'").all()
                        .map { try $0.decode(column: "period", as: String.self) }
                }
            }
            // Read that day: the read counts and writes nothing; the background work keeps the 29 days
            // before it whole and its 14 ended hours one by one, and the read gives the same figures.
            let early = try await ConsoleTests.operatorSignedIn(app, "early@example.com", .analyst)
            #expect(try await dashboard(early, today: firstDay)[.bets]?[firstDay] == 2)
            #expect(try await keptBets().isEmpty, "a read writes nothing")
            try await app.dashboard.keepSettled()
            #expect(try await dashboard(early, today: firstDay)[.bets]?[firstDay] == 2)
            let keptEarly = try await keptBets()
            #expect(keptEarly.filter { $0.count == 10 }.count == 29 && keptEarly.filter { $0.hasPrefix(firstDay + "T") }.count == 14)

            // Today: two sign-ups, a deposit that is still pending (not counted), one that completed, one bet.
            app.playhouseClock.advance(by: 2 * 86_400)
            let today = PlacementDecision.day(app.playhouseClock.now())
            let bob = try await fixture.player("bob@example.com")
            _ = try await fixture.player("cy@example.com")
            #expect(try await fixture.deposit(bob, "5.00").status == .created)
            #expect(try await fixture.deposit(bob, "5.00", method: "sandbox_delayed").status == .created)
            #expect(try await fixture.bet(bob, game: "never-wins", spin).status == .created)

            // Content displays, as the content feature's counters hold them (two placements today).
            try await app.store.write { sql in
                for (placement, displays) in [("home", 4), ("shop", 3)] {
                    try await sql.raw("""
                        INSERT INTO content_stats (app_id, day, placement, unit, requests, fills, displays, clicks, dismissals, failures, unlocks)
                        VALUES (\(bind: fixture.credentials.app.id), \(bind: today), \(bind: placement), 'banner', 9, 9, \(bind: displays), 0, 0, 0, 0)
                        """).run()
                }
            }
            let analyst = try await ConsoleTests.operatorSignedIn(app, "ann.alyst@example.com", .analyst)
            try await app.dashboard.keepSettled()
            var figures = try await dashboard(analyst, today: today)
            #expect(figures[.signUps]?[firstDay] == 1 && figures[.signUps]?[today] == 2)
            #expect(figures[.deposits]?[firstDay] == 1 && figures[.deposits]?[today] == 1)
            #expect(figures[.bets]?[firstDay] == 2 && figures[.bets]?[today] == 1)
            #expect(figures[.opens]?[firstDay] == 1 && figures[.opens]?[today] == 0)
            #expect(figures[.displays]?[today] == 7 && figures[.displays]?[firstDay] == 0)
            #expect(figures[.signUps]?.values.reduce(0, +) == 3, "no other day has any")

            // The first day is kept whole now, without its hours; today's ended hours are kept.
            let kept = try await keptBets()
            #expect(kept.contains(firstDay) && !kept.contains { $0.hasPrefix(firstDay + "T") })
            #expect(kept.filter { $0.hasPrefix(today + "T") }.count == 14)
            // The current hour goes on counting.
            #expect(try await fixture.bet(bob, game: "never-wins", spin).status == .created)
            figures = try await dashboard(analyst, today: today)
            #expect(figures[.bets]?[today] == 2 && figures[.bets]?[firstDay] == 2)

            // Analysts, developers and owners read it; support does not. The home page draws it.
            let support = try await ConsoleTests.operatorSignedIn(app, "help@example.com", .support)
            #expect(try await app.send(.GET, "/admin/v1/apps/\(clientID)/dashboard", headers: support.reading).status == .forbidden)
            let home = try await app.send(.GET, "/console?app=\(clientID)", headers: analyst.reading).body.string
            #expect(home.contains("id=\"chart-bets\"") && home.contains("<title>\(today): 2</title>") && home.contains("<svg"))
            #expect(!(try await app.send(.GET, "/console", headers: support.reading).body.string.contains("<svg")))
        }
    }
}
