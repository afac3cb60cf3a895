import Foundation
import PlayhouseAPI
@testable import PlayhouseServer
import SQLKit
import Testing
import Vapor
import VaporTesting

/// The console's dashboard on both engines: an app's sign-ups, opens, deposits and bets per day,
/// a day counted once it has ended and kept, today counted as it goes; for the roles that read
/// statistics, drawn as SVG on the console's home page.
@Suite struct DashboardTests {
    @Test(arguments: Engine.available)
    func theDashboardCountsEachDayOfTheLastThirty(_ engine: Engine) async throws {
        try await withPlayhouse(engine, { $0.passwordHashCost = 4 }) { app in
            app.playhouseClock.stop()
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
            // Today: two sign-ups, a deposit that is still pending (not counted), one that completed, one bet.
            app.playhouseClock.advance(by: 2 * 86_400)
            let today = PlacementDecision.day(app.playhouseClock.now())
            let bob = try await fixture.player("bob@example.com")
            _ = try await fixture.player("cy@example.com")
            #expect(try await fixture.deposit(bob, "5.00").status == .created)
            #expect(try await fixture.deposit(bob, "5.00", method: "sandbox_delayed").status == .created)
            #expect(try await fixture.bet(bob, game: "never-wins", spin).status == .created)

            let clientID = fixture.credentials.app.clientID
            let analyst = try await ConsoleTests.operatorSignedIn(app, "ann.alyst@example.com", .analyst)
            func dashboard() async throws -> [DashboardFigures.Figure: [String: Int]] {
                let series = try await app.send(.GET, "/admin/v1/apps/\(clientID)/dashboard", headers: analyst.reading)
                    .decode(Page<DashboardFigures.Series>.self).data
                #expect(series.map(\.figure) == DashboardFigures.Figure.allCases && series.allSatisfy { $0.days.count == 30 })
                #expect(series.first?.days.last?.day == today)
                return Dictionary(uniqueKeysWithValues: series.map { ($0.figure, Dictionary(uniqueKeysWithValues: $0.days.map { ($0.day, $0.value) })) })
            }
            var figures = try await dashboard()
            #expect(figures[.signUps]?[firstDay] == 1 && figures[.signUps]?[today] == 2)
            #expect(figures[.deposits]?[firstDay] == 1 && figures[.deposits]?[today] == 1)
            #expect(figures[.bets]?[firstDay] == 2 && figures[.bets]?[today] == 1)
            #expect(figures[.opens]?[firstDay] == 1 && figures[.opens]?[today] == 0)
            #expect(figures[.signUps]?.values.reduce(0, +) == 3, "no other day has any")

            // Ended days are kept (29 of each counted figure); today goes on counting.
            let kept = try await app.store.read { sql in
                try await sql.raw("SELECT COUNT(*) AS n FROM daily_figures WHERE app_id = \(bind: fixture.credentials.app.id)").first()?
                    .decode(column: "n", as: Int.self)
            }
            #expect(kept == 3 * 29)
            #expect(try await fixture.bet(bob, game: "never-wins", spin).status == .created)
            figures = try await dashboard()
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
