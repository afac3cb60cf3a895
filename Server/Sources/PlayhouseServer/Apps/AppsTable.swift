import Fluent
import Foundation
import PlayhouseAPI

struct CreateDeveloperApp: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema("apps")
            .id()
            .field("name", .string, .required)
            .field("client_id", .string, .required)
            .field("secret_hash", .string, .required)
            .field("environment", .string, .required)
            .field("scopes", .array(of: .string), .required)
            .field("redirect_uris", .array(of: .string), .required)
            .field("created_at", .datetime)
            .field("updated_at", .datetime)
            .unique(on: "client_id")
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema("apps").delete()
    }
}

struct AddPublicClient: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema("apps")
            .field("public_client", .bool, .required, .sql(.default(false)))
            .update()
    }

    func revert(on database: any Database) async throws {
        try await database.schema("apps").deleteField("public_client").update()
    }
}

/// The app's own limits of calls per second and per hour (none: the defaults).
struct AddAppRateLimits: AsyncMigration {
    func prepare(on database: any Database) async throws {
        // One column a statement: SQLite adds no more.
        try await database.schema("apps").field("rate_limit_per_second", .int).update()
        try await database.schema("apps").field("rate_limit_per_hour", .int).update()
    }

    func revert(on database: any Database) async throws {
        try await database.schema("apps").deleteField("rate_limit_per_second").update()
        try await database.schema("apps").deleteField("rate_limit_per_hour").update()
    }
}

/// The app's minimum age for deposits and bets.
struct AddAppMinimumAge: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema("apps").field("minimum_age", .int).update()
    }

    func revert(on database: any Database) async throws {
        try await database.schema("apps").deleteField("minimum_age").update()
    }
}
