import Foundation
import NIOConcurrencyHelpers
import PlayhouseAPI
import SQLKit
import Vapor

/// Content statistics per app, day, placement and unit: requests, fills, displays, clicks,
/// dismissals, failures and unlocks, with the app's opens of the day.
///
/// A placement's content is a read, so its request and fill are not written by the request:
/// each instance counts them in memory and adds its counts to the database every few seconds
/// (``BackgroundWork/contentStatsWriter(every:)``) and when it stops. The events that write
/// anyway (displays, clicks, dismissals, failures, unlocks) are counted the same way, so every
/// figure arrives together.
final class ContentStats: Sendable {
    struct Key: Hashable, Sendable {
        var appID: UUID
        var day: String
        var placement: String
        var unit: String
    }

    struct Counts: Sendable, Equatable {
        var requests = 0, fills = 0, displays = 0, clicks = 0, dismissals = 0, failures = 0, unlocks = 0

        static func + (lhs: Counts, rhs: Counts) -> Counts {
            Counts(requests: lhs.requests + rhs.requests, fills: lhs.fills + rhs.fills, displays: lhs.displays + rhs.displays,
                   clicks: lhs.clicks + rhs.clicks, dismissals: lhs.dismissals + rhs.dismissals, failures: lhs.failures + rhs.failures,
                   unlocks: lhs.unlocks + rhs.unlocks)
        }
    }

    private let pending = NIOLockedValueBox<[Key: Counts]>([:])

    /// Counts `counts` for `key`, to be written at the next flush.
    func count(_ key: Key, _ counts: Counts) {
        pending.withLockedValue { $0[key, default: Counts()] = $0[key, default: Counts()] + counts }
    }

    /// Adds what was counted since the last flush to the database; what fails to be written is
    /// counted again for the next one.
    func flush(_ store: Store) async throws {
        let taken = pending.withLockedValue { pending in defer { pending = [:] }; return pending }
        guard !taken.isEmpty else { return }
        do {
            try await store.transaction { sql in
                for (key, counts) in taken.sorted(by: { ($0.key.day, $0.key.placement, $0.key.unit) < ($1.key.day, $1.key.placement, $1.key.unit) }) {
                    try await sql.raw("""
                        INSERT INTO content_stats (app_id, day, placement, unit, requests, fills, displays, clicks, dismissals, failures, unlocks)
                        VALUES (\(bind: key.appID), \(bind: key.day), \(bind: key.placement), \(bind: key.unit), \(bind: counts.requests),
                                \(bind: counts.fills), \(bind: counts.displays), \(bind: counts.clicks), \(bind: counts.dismissals),
                                \(bind: counts.failures), \(bind: counts.unlocks))
                        ON CONFLICT (app_id, day, placement, unit) DO UPDATE SET
                            requests = content_stats.requests + excluded.requests, fills = content_stats.fills + excluded.fills,
                            displays = content_stats.displays + excluded.displays, clicks = content_stats.clicks + excluded.clicks,
                            dismissals = content_stats.dismissals + excluded.dismissals, failures = content_stats.failures + excluded.failures,
                            unlocks = content_stats.unlocks + excluded.unlocks
                        """).run()
                }
            }
        } catch {
            for (key, counts) in taken { count(key, counts) }
            throw error
        }
    }

    /// The app's statistics of the last `days` days (today included), newest first, with this
    /// instance's counts written first.
    func report(appID: UUID, days: Int, now: Date, store: Store) async throws -> [ContentStatsRow] {
        try await flush(store)
        let since = PlacementDecision.day(now.addingTimeInterval(-Double(max(days, 1) - 1) * 86400))
        return try await Self.rows(appID: appID, since: since, store: store)
    }

    /// A statement reading the app's content displays per day (`day`, `n`) from `since` (`YYYY-MM-DD`) on.
    static func displaysPerDay(appID: UUID, since: String) -> SQLQueryString {
        "SELECT day, CAST(SUM(displays) AS BIGINT) AS n FROM content_stats WHERE app_id = \(bind: appID) AND day >= \(bind: since) GROUP BY day"
    }

    /// The app's statistics from `since` (a day, `YYYY-MM-DD`) on, by day, placement and unit.
    static func rows(appID: UUID, since: String, store: Store) async throws -> [ContentStatsRow] {
        try await store.read { sql in
            let opens = Dictionary(uniqueKeysWithValues: try await sql.raw(OpensService.perDay(appID: appID, since: since)).all()
                .map { (try $0.decode(column: "day", as: String.self), try $0.decode(column: "n", as: Int.self)) })
            return try await sql.raw("""
                SELECT day, placement, unit, requests, fills, displays, clicks, dismissals, failures, unlocks FROM content_stats
                WHERE app_id = \(bind: appID) AND day >= \(bind: since) ORDER BY day DESC, placement, unit
                """).all().map { row in
                    let day = try row.decode(column: "day", as: String.self), displays = try row.decode(column: "displays", as: Int.self)
                    let dayOpens = opens[day] ?? 0
                    return ContentStatsRow(day: day, placement: try row.decode(column: "placement", as: String.self),
                                           unit: try row.decode(column: "unit", as: String.self), opens: dayOpens,
                                           requests: try row.decode(column: "requests", as: Int.self),
                                           fills: try row.decode(column: "fills", as: Int.self), displays: displays,
                                           clicks: try row.decode(column: "clicks", as: Int.self),
                                           dismissals: try row.decode(column: "dismissals", as: Int.self),
                                           failures: try row.decode(column: "failures", as: Int.self),
                                           unlocks: try row.decode(column: "unlocks", as: Int.self),
                                           impressionRate: dayOpens > 0 ? Double(displays) / Double(dayOpens) : 0)
                }
        }
    }
}
