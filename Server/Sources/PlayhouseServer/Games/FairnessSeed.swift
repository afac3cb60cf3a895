import Fluent
import Foundation

/// A server seed a player's provably fair bets are drawn from, with their client seed and the
/// nonce the next bet gets. Each player has one current seed (`current` is 1); rotating reveals it
/// (`current` becomes null, `revealed_at` is set) and starts a new one.
final class FairnessSeed: Model, @unchecked Sendable {
    static let schema = "fairness_seeds"

    @ID(key: .id) var id: UUID?
    @Parent(key: "app_id") var app: DeveloperApp
    /// `player:<id>`, or `user:<client user id>` for an unbacked token.
    @Field(key: "owner") var owner: String
    @Field(key: "server_seed") var serverSeed: String
    @Field(key: "server_seed_hash") var serverSeedHash: String
    @Field(key: "client_seed") var clientSeed: String
    @Field(key: "next_nonce") var nextNonce: Int64
    /// 1 for the owner's current seed, null once revealed: unique per owner, so there is one current seed.
    @OptionalField(key: "current") var current: Int?
    @Field(key: "created_at") var createdAt: Date
    @OptionalField(key: "revealed_at") var revealedAt: Date?

    init() {}
}

struct CreateFairnessSeed: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(FairnessSeed.schema)
            .id()
            .field("app_id", .uuid, .required, .references(DeveloperApp.schema, "id", onDelete: .cascade))
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
        try await database.schema(FairnessSeed.schema).delete()
    }
}
