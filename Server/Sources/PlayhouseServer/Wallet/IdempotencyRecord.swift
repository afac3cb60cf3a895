import Fluent
import Foundation

/// The stored answer to a request sent with an `Idempotency-Key`: a retry with the same key and the
/// same request gets it back instead of moving money again. Kept at least 24 hours.
final class IdempotencyRecord: Model, @unchecked Sendable {
    static let schema = "idempotency_keys"

    @ID(key: .id) var id: UUID?
    @Parent(key: "app_id") var app: DeveloperApp
    /// Whose key it is: `player:<id>` or `app`. Two callers never share a key.
    @Field(key: "owner") var owner: String
    @Field(key: "idempotency_key") var key: String
    /// SHA-256 of the method, path and body: the same key with another request is refused.
    @Field(key: "fingerprint") var fingerprint: String
    @Field(key: "status") var status: Int
    @Field(key: "body") var body: String
    @Field(key: "created_at") var createdAt: Date

    init() {}
}

struct CreateIdempotencyRecord: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(IdempotencyRecord.schema)
            .id()
            .field("app_id", .uuid, .required, .references(DeveloperApp.schema, "id", onDelete: .cascade))
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
        try await database.schema(IdempotencyRecord.schema).delete()
    }
}

/// Keys by age, so that forgetting those past the retention period
/// (``IdempotentRequest/sweep(_:now:)``) reads only them, not a whole day's keys.
struct AddIdempotencyKeyAgeIndex: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.sql().create(index: "idempotency_keys_age").on(IdempotencyRecord.schema).column("created_at").run()
    }

    func revert(on database: any Database) async throws {
        try await database.sql().drop(index: "idempotency_keys_age").run()
    }
}
