import Fluent
import Foundation

struct CreateIdempotencyRecord: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema("idempotency_keys")
            .id()
            .field("app_id", .uuid, .required, .references("apps", "id", onDelete: .cascade))
            .field("owner", .string, .required)
            .field("idempotency_key", .string, .required)
            .field("fingerprint", .string, .required)
            .field("status", .int, .required)
            .field("body", .string, .required)
            .field("created_at", .datetime, .required)
            .unique(on: "app_id", "owner", "idempotency_key")
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema("idempotency_keys").delete()
    }
}

/// Keys by age, so that forgetting those past the retention period
/// (``IdempotentRequest/sweep(_:now:)``) reads only them, not a whole day's keys.
struct AddIdempotencyKeyAgeIndex: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.sql().create(index: "idempotency_keys_age").on("idempotency_keys").column("created_at").run()
    }

    func revert(on database: any Database) async throws {
        try await database.sql().drop(index: "idempotency_keys_age").run()
    }
}

/// Requests' keys and list operations' answers are forgotten at different ages (a day, and the
/// lists' retention), each by its own sweep (``IdempotentRequest/sweep(_:now:)``,
/// ``IdempotentRequest/forgetListAnswers(before:_:)``): an index by age for each kind, so that a
/// sweep reads only the rows it forgets, never the other kind's kept ones.
struct SplitIdempotencyKeyAgeIndex: AsyncMigration {
    func prepare(on database: any Database) async throws {
        let sql = try database.sql()
        try await sql.raw("CREATE INDEX idempotency_keys_requests_age ON idempotency_keys (created_at) WHERE \(IdempotentRequest.isRequestKey)").run()
        try await sql.raw("CREATE INDEX idempotency_keys_lists_age ON idempotency_keys (created_at) WHERE \(IdempotentRequest.isListAnswer)").run()
        try await sql.drop(index: "idempotency_keys_age").run()
    }

    func revert(on database: any Database) async throws {
        let sql = try database.sql()
        try await sql.create(index: "idempotency_keys_age").on("idempotency_keys").column("created_at").run()
        try await sql.drop(index: "idempotency_keys_lists_age").run()
        try await sql.drop(index: "idempotency_keys_requests_age").run()
    }
}
