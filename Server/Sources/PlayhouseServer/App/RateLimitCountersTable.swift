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
