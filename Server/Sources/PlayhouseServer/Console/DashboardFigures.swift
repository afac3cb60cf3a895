import Foundation
import PlayhouseAPI
import SQLKit
import Vapor

/// The console's dashboard: an app's sign-ups, opens, completed deposits, bets and content
/// displays per day (UTC) for the last 30 days, today included.
///
/// Opens and displays are counted per day as they happen (`daily_opens`, `content_stats`).
/// Sign-ups, deposits and bets are counted from their own rows through an index on (app, time):
/// a day that has ended is counted once and kept in `daily_figures` (nothing is added to a past
/// day: every row is stamped with the time it is written), and today is counted on each read. A
/// day counts as ended five minutes after midnight, so that a write stamped just before it has
/// committed.
struct DashboardFigures: Sendable {
    let store: Store
    let now: Date

    static let days = 30
    static let settling: TimeInterval = 5 * 60

    enum Figure: String, Codable, Sendable, CaseIterable {
        case signUps = "sign_ups", opens, deposits, bets, displays
    }

    /// One figure's values, oldest day first, a value for every day.
    struct Series: Content, Equatable {
        var figure: Figure
        var days: [Day]

        struct Day: Codable, Sendable, Equatable {
            /// `YYYY-MM-DD`, UTC.
            var day: String
            var value: Int
        }
    }

    /// Every figure of the app for the last 30 days.
    func series(appID: UUID) async throws -> [Series] {
        let calendar = Self.utc
        let today = calendar.startOfDay(for: now)
        let starts = (0..<Self.days).reversed().compactMap { calendar.date(byAdding: .day, value: -$0, to: today) }
        let names = starts.map(PlacementDecision.day)
        var values: [Figure: [String: Int]] = [:]
        for figure in [Figure.signUps, .deposits, .bets] {
            values[figure] = try await counted(figure, appID: appID, days: starts)
        }
        let since = names[0]
        (values[.opens], values[.displays]) = try await store.read { sql in
            let opens = try await sql.raw("SELECT day, opens AS n FROM daily_opens WHERE app_id = \(bind: appID) AND day >= \(bind: since)").all()
            let displays = try await sql.raw("""
                SELECT day, SUM(displays) AS n FROM content_stats WHERE app_id = \(bind: appID) AND day >= \(bind: since) GROUP BY day
                """).all()
            return (try Self.byDay(opens), try Self.byDay(displays))
        }
        return Figure.allCases.map { figure in
            Series(figure: figure, days: names.map { Series.Day(day: $0, value: values[figure]?[$0] ?? 0) })
        }
    }

    /// A counted figure for each day starting at `starts`: the ended days kept (counted now if not
    /// yet), the others counted now.
    private func counted(_ figure: Figure, appID: UUID, days starts: [Date]) async throws -> [String: Int] {
        let names = starts.map(PlacementDecision.day)
        var values = try await store.read { sql in
            try Self.byDay(try await sql.raw("""
                SELECT day, value AS n FROM daily_figures WHERE app_id = \(bind: appID) AND figure = \(bind: figure.rawValue) AND day >= \(bind: names[0])
                """).all())
        }
        for start in starts where values[PlacementDecision.day(start)] == nil {
            let end = start.addingTimeInterval(86_400)
            let count = try await store.read { sql in
                try await sql.raw(Self.count(figure, appID: appID, from: start, to: end)).first()?.decode(column: "n", as: Int.self) ?? 0
            }
            let day = PlacementDecision.day(start)
            values[day] = count
            guard now >= end.addingTimeInterval(Self.settling) else { continue }
            try await store.write { sql in
                try await sql.raw("""
                    INSERT INTO daily_figures (app_id, day, figure, value) VALUES (\(bind: appID), \(bind: day), \(bind: figure.rawValue), \(bind: count))
                    ON CONFLICT (app_id, day, figure) DO NOTHING
                    """).run()
            }
        }
        return values
    }

    /// How many of `figure` the app had from `start` until `end`, each by its index on (app, time).
    private static func count(_ figure: Figure, appID: UUID, from start: Date, to end: Date) -> SQLQueryString {
        switch figure {
        case .signUps:
            "SELECT COUNT(*) AS n FROM players WHERE app_id = \(bind: appID) AND created_at >= \(bind: start) AND created_at < \(bind: end)"
        case .deposits:
            """
            SELECT COUNT(*) AS n FROM payments WHERE app_id = \(bind: appID) AND finished_at >= \(bind: start) AND finished_at < \(bind: end)
              AND direction = \(bind: PaymentService.Direction.deposit.rawValue) AND status = \(bind: PaymentStatus.completed.rawValue)
            """
        case .bets:
            "SELECT COUNT(*) AS n FROM bets WHERE app_id = \(bind: appID) AND created_at >= \(bind: start) AND created_at < \(bind: end)"
        case .opens, .displays:
            preconditionFailure("opens and displays are counted per day as they happen")
        }
    }

    private static func byDay(_ rows: [any SQLRow]) throws -> [String: Int] {
        Dictionary(try rows.map { (try $0.decode(column: "day", as: String.self), try $0.decode(column: "n", as: Int.self)) }, uniquingKeysWith: +)
    }

    private static let utc: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()
}
