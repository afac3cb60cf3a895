import Foundation
import PlayhouseAPI
import SQLKit
import Vapor

/// The console's dashboard: an app's sign-ups, opens, completed deposits, bets and content
/// displays per day (UTC) for the last 30 days, today included.
///
/// Opens and displays are counted per day as they happen (`daily_opens`, `content_stats`).
/// Sign-ups, deposits and bets are counted from their own rows through an index on (app, time).
/// Each period is counted once it has settled and the count kept in `figure_counts` by the
/// server's own background work (``keepSettled()``; nothing is added to a past period, as every
/// row is stamped with the time it is written): an ended day whole, and the hours of today (or of
/// yesterday, just after midnight). A read writes nothing: it takes the kept counts, and counts
/// the rest (the current hour, or what the background work has not kept yet). A period settles
/// five minutes after it ends, so that a write stamped just before its end has committed.
struct DashboardFigures: Sendable {
    let store: Store
    let now: Date

    static let days = 30
    static let settling: TimeInterval = 5 * 60

    /// What is counted from rows: its name among the kept counts, and how many there were in a period.
    struct Counted: Sendable {
        var name: String
        var count: @Sendable (_ from: Date, _ to: Date) -> SQLQueryString
    }

    /// Every figure of the app for the last 30 days.
    func series(appID: UUID) async throws -> [DashboardSeries] {
        let starts = Self.dayStarts(now)
        let since = PlacementDecision.day(starts[0])
        let (kept, opens, displays) = try await store.read { sql in
            let opens = try await sql.raw(OpensService.perDay(appID: appID, since: since)).all()
            let displays = try await sql.raw(ContentStats.displaysPerDay(appID: appID, since: since)).all()
            return (try await Self.kept(appID: appID, since: since, on: sql), try Self.byDay(opens), try Self.byDay(displays))
        }
        var values: [DashboardFigure: [String: Int]] = [.opens: opens, .displays: displays]
        for figure in Self.countedFigures {
            values[figure] = try await days(starts, Self.counted(figure, appID: appID), appID: appID, kept: kept[figure.rawValue] ?? [:], keeping: false)
        }
        return DashboardFigure.allCases.map { figure in
            DashboardSeries(figure: figure,
                            days: starts.map(PlacementDecision.day).map { DashboardSeries.Day(day: $0, value: values[figure]?[$0] ?? 0) })
        }
    }

    /// The bets on one of the app's games, per day for the last 30 days.
    func bets(appID: UUID, game slug: String) async throws -> DashboardSeries {
        let starts = Self.dayStarts(now)
        let counted = Self.gameBets(appID: appID, game: slug)
        let kept = try await store.read { sql in try await Self.kept(appID: appID, since: PlacementDecision.day(starts[0]), on: sql) }
        let values = try await days(starts, counted, appID: appID, kept: kept[counted.name] ?? [:], keeping: false)
        return DashboardSeries(figure: .bets, days: starts.map(PlacementDecision.day).map { DashboardSeries.Day(day: $0, value: values[$0] ?? 0) })
    }

    /// Counts and keeps every app's settled periods of the last 30 days not kept yet: the
    /// dashboard's figures and each game's bets (``BackgroundWork/figureKeeper(every:)``).
    func keepSettled() async throws {
        let starts = Self.dayStarts(now), since = PlacementDecision.day(starts[0])
        for app in try await AppService(store: store, now: now).list() {
            let kept = try await store.read { sql in try await Self.kept(appID: app.id, since: since, on: sql) }
            var counted = Self.countedFigures.map { Self.counted($0, appID: app.id) }
            counted += try await GameService(store: store, now: now).list(appID: app.id).map { Self.gameBets(appID: app.id, game: $0.id) }
            for figure in counted {
                _ = try await days(starts, figure, appID: app.id, kept: kept[figure.name] ?? [:], keeping: true)
            }
        }
    }

    /// A counted figure on each day starting at `starts`, by day; `keeping` the settled periods not kept yet.
    private func days(_ starts: [Date], _ counted: Counted, appID: UUID, kept: [String: Int], keeping: Bool) async throws -> [String: Int] {
        var kept = kept, values: [String: Int] = [:]
        for start in starts { values[PlacementDecision.day(start)] = try await day(start, counted, appID: appID, kept: &kept, keeping: keeping) }
        return values
    }

    /// A counted figure on the day starting at `start`: whole once it has settled; until then the
    /// sum of its hours.
    private func day(_ start: Date, _ counted: Counted, appID: UUID, kept: inout [String: Int], keeping: Bool) async throws -> Int {
        let day = PlacementDecision.day(start)
        if let value = kept[day] { return value }
        if now >= start.addingTimeInterval(86_400 + Self.settling) {
            return try await period(day, from: start, hours: 24, counted, appID: appID, kept: &kept, keeping: keeping)
        }
        var total = 0
        for hour in 0..<24 {
            let from = start.addingTimeInterval(Double(hour) * 3600)
            guard from <= now else { break }
            total += try await period(day + String(format: "T%02d", hour), from: from, hours: 1, counted, appID: appID, kept: &kept, keeping: keeping)
        }
        return total
    }

    /// A period's count (`YYYY-MM-DD` a day, `YYYY-MM-DDTHH` an hour): kept, or counted; and when
    /// `keeping`, kept if it has settled. A day kept whole no longer needs its hours: they go, so
    /// that a read of 30 days reads about 30 kept counts a figure.
    private func period(_ name: String, from start: Date, hours: Int, _ counted: Counted, appID: UUID,
                        kept: inout [String: Int], keeping: Bool) async throws -> Int {
        if let value = kept[name] { return value }
        let end = start.addingTimeInterval(Double(hours) * 3600)
        let count = try await store.read { sql in try await sql.raw(counted.count(start, end)).first()?.decode(column: "n", as: Int.self) ?? 0 }
        guard keeping, now >= end.addingTimeInterval(Self.settling) else { return count }
        kept[name] = count
        try await store.write { sql in
            try await sql.raw("""
                INSERT INTO figure_counts (app_id, figure, period, value) VALUES (\(bind: appID), \(bind: counted.name), \(bind: name), \(bind: count))
                ON CONFLICT (app_id, figure, period) DO NOTHING
                """).run()
            guard hours == 24 else { return }
            try await sql.raw("""
                DELETE FROM figure_counts WHERE app_id = \(bind: appID) AND figure = \(bind: counted.name)
                  AND period > \(bind: name) AND period < \(bind: name + "U")
                """).run()
        }
        return count
    }

    /// The figures counted from their rows.
    private static let countedFigures: [DashboardFigure] = [.signUps, .deposits, .bets]

    /// The bets on one of the app's games in a period.
    private static func gameBets(appID: UUID, game slug: String) -> Counted {
        Counted(name: "bets:" + slug) { BetHistoryService.count(appID: appID, game: slug, from: $0, to: $1) }
    }

    /// How many of `figure` the app had in a period: each feature's own count, by its index on (app, time).
    private static func counted(_ figure: DashboardFigure, appID: UUID) -> Counted {
        Counted(name: figure.rawValue) { start, end in
            switch figure {
            case .signUps: PlayerService.signUps(appID: appID, from: start, to: end)
            case .deposits: PaymentService.completedDeposits(appID: appID, from: start, to: end)
            case .bets: BetHistoryService.count(appID: appID, game: nil, from: start, to: end)
            case .opens, .displays: preconditionFailure("opens and displays are counted per day as they happen")
            }
        }
    }

    /// The app's kept counts from `since` on, by what is counted and period.
    private static func kept(appID: UUID, since: String, on sql: any SQLDatabase) async throws -> [String: [String: Int]] {
        var kept: [String: [String: Int]] = [:]
        for row in try await sql.raw("SELECT figure, period, value FROM figure_counts WHERE app_id = \(bind: appID) AND period >= \(bind: since)").all() {
            kept[try row.decode(column: "figure", as: String.self), default: [:]][try row.decode(column: "period", as: String.self)] =
                try row.decode(column: "value", as: Int.self)
        }
        return kept
    }

    /// The starts of the last 30 days (UTC) up to `now`'s, oldest first.
    private static func dayStarts(_ now: Date) -> [Date] {
        let today = utc.startOfDay(for: now)
        return (0..<days).reversed().compactMap { utc.date(byAdding: .day, value: -$0, to: today) }
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
