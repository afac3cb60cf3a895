import Fluent
import Foundation

/// One stretch of play by a player in an app, from sign-in to logout. Tokens issued at sign-in
/// carry the session's id, so ending the session revokes them.
final class PlaySession: Model, @unchecked Sendable {
    static let schema = "play_sessions"

    @ID(key: .id) var id: UUID?
    @Parent(key: "app_id") var app: DeveloperApp
    @Parent(key: "player_id") var player: Player
    @Field(key: "started_at") var startedAt: Date
    @OptionalField(key: "ended_at") var endedAt: Date?

    init() {}

    init(appID: UUID, playerID: UUID, startedAt: Date) {
        self.$app.id = appID
        self.$player.id = playerID
        self.startedAt = startedAt
    }
}

struct CreatePlaySession: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(PlaySession.schema)
            .id()
            .field("app_id", .uuid, .required, .references(DeveloperApp.schema, "id", onDelete: .cascade))
            .field("player_id", .uuid, .required, .references(Player.schema, "id", onDelete: .cascade))
            .field("started_at", .datetime, .required)
            .field("ended_at", .datetime)
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(PlaySession.schema).delete()
    }
}
