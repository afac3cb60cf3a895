import Fluent
import Foundation

struct CreateFairnessSeed: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema("fairness_seeds")
            .id()
            .field("app_id", .uuid, .required, .references("apps", "id", onDelete: .cascade))
            .field("owner", .string, .required)
            .field("server_seed", .string, .required)
            .field("server_seed_hash", .string, .required)
            .field("client_seed", .string, .required)
            .field("next_nonce", .int64, .required)
            .field("current", .int)
            .field("created_at", .datetime, .required)
            .field("revealed_at", .datetime)
            .unique(on: "app_id", "owner", "current")
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema("fairness_seeds").delete()
    }
}
