import Fluent
import Foundation

/// A game an app offers: its definition (the JSON the operator imported) and the figures the
/// server computed from it.
final class GameRecord: Model, @unchecked Sendable {
    static let schema = "games"

    @ID(key: .id) var id: UUID?
    @Parent(key: "app_id") var app: DeveloperApp
    /// The game's id within the app, as in its paths.
    @Field(key: "slug") var slug: String
    @Field(key: "name") var name: String
    @Field(key: "type") var type: String
    /// `open` or `closed`.
    @Field(key: "status") var status: String
    @Field(key: "version") var version: Int
    /// The ``GameDefinition`` as JSON.
    @Field(key: "definition") var definition: String
    @Field(key: "rtp") var rtp: Double
    @Field(key: "hit_frequency") var hitFrequency: Double
    @Field(key: "created_at") var createdAt: Date
    @Field(key: "updated_at") var updatedAt: Date

    init() {}
}

struct CreateGameRecord: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(GameRecord.schema)
            .id()
            .field("app_id", .uuid, .required, .references(DeveloperApp.schema, "id", onDelete: .cascade))
            .field("slug", .string, .required)
            .field("name", .string, .required)
            .field("type", .string, .required)
            .field("status", .string, .required)
            .field("version", .int, .required)
            .field("definition", .string, .required)
            .field("rtp", .double, .required)
            .field("hit_frequency", .double, .required)
            .field("created_at", .datetime, .required)
            .field("updated_at", .datetime, .required)
            .unique(on: "app_id", "slug")
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(GameRecord.schema).delete()
    }
}
