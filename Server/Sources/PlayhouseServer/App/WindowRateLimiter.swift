import Fluent
import Foundation
import SQLKit

/// Counts events per key in fixed windows (wrong client secrets, wrong passwords, PIN texts sent),
/// in the database, so that every server instance sees the same counts. Once a key reaches the
/// limit it is refused until its window ends.
struct WindowRateLimiter: Sendable {
    let store: Store
    let limit: Int
    let window: Int
    let now: Date

    private var currentWindow: Int64 {
        let seconds = Int64(now.timeIntervalSince1970)
        return seconds - seconds % Int64(window)
    }

    /// Seconds until `key` may try again, or nil when it is not limited.
    func retryAfter(_ key: String) async throws -> Int? {
        let row = try await store.read { sql in
            try await sql.raw("SELECT \(Self.columns) FROM rate_limit_counters \(SQLAlias.rateLimit) WHERE \(SQLAlias.rateLimit).key = \(bind: key)").first()
        }
        return try row.flatMap(retryAfter)
    }

    /// `key`'s count, read along with another feature's row (a client's app).
    static func along(_ key: String) -> ReadAlong {
        ReadAlong(columns: columns, join: "LEFT JOIN rate_limit_counters \(SQLAlias.rateLimit) ON \(SQLAlias.rateLimit).key = \(bind: key)")
    }

    private static let columns: SQLQueryString = """
        \(SQLAlias.rateLimit).window_start AS limit_window_start, \(SQLAlias.rateLimit).failures AS limit_failures
        """

    /// Seconds until the key of `row` (read ``along(_:)``) may try again, or nil when it is not limited.
    func retryAfter(_ row: any SQLRow) throws -> Int? {
        guard try row.decode(column: "limit_window_start", as: Int64?.self) == currentWindow,
              try row.decode(column: "limit_failures", as: Int64?.self) ?? 0 >= limit
        else { return nil }
        return max(1, Int(currentWindow + Int64(window) - Int64(now.timeIntervalSince1970)))
    }

    /// Counts one event for `key`.
    func record(_ key: String) async throws {
        let window = currentWindow
        _ = try await store.write { sql in try await RateLimitCounters.add(1, to: key, window: window, on: sql) }
    }
}
