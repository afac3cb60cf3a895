import Fluent
import Foundation
import SQLKit

struct CreateRateLimitCounter: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema("rate_limit_counters")
            .field("key", .string, .identifier(auto: false))
            .field("window_start", .int64, .required)
            .field("failures", .int64, .required)
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema("rate_limit_counters").delete()
    }
}

/// The one statement that counts in `rate_limit_counters`: a counter per key, for one fixed window
/// at a time (its start, in seconds since 1970). Its column `failures` holds the count, of failures
/// (``WindowRateLimiter``) or of calls claimed (``RequestRateLimiter``).
enum RateLimitCounters {
    /// Adds `amount` to `key`'s count in `window`, starting the count again when it was of an
    /// earlier window, and leaving a count of a later window as it is (a clock behind another
    /// instance's); the count and its window after.
    static func add(_ amount: Int64, to key: String, window: Int64, on sql: any SQLDatabase) async throws -> (count: Int, window: Int64) {
        let row = try await sql.raw("""
            INSERT INTO rate_limit_counters (key, window_start, failures) VALUES (\(bind: key), \(bind: window), \(bind: amount))
            ON CONFLICT (key) DO UPDATE SET
                failures = CASE WHEN rate_limit_counters.window_start = excluded.window_start
                                THEN rate_limit_counters.failures + excluded.failures
                                WHEN rate_limit_counters.window_start > excluded.window_start THEN rate_limit_counters.failures
                                ELSE excluded.failures END,
                window_start = CASE WHEN rate_limit_counters.window_start > excluded.window_start
                                    THEN rate_limit_counters.window_start ELSE excluded.window_start END
            RETURNING failures, window_start
            """).first()
        return (Int(try row?.decode(column: "failures", as: Int64.self) ?? amount), try row?.decode(column: "window_start", as: Int64.self) ?? window)
    }
}
