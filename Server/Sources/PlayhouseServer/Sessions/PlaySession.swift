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
    /// The last bet or keep-alive; the session expires a timeout after it.
    @OptionalField(key: "last_active_at") var lastActiveAt: Date?
    /// When the current reality-check period began (the sign-in, or the last acknowledged check).
    @OptionalField(key: "reality_check_started_at") var realityCheckStartedAt: Date?

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

/// Activity and reality checks: when the player was last active, when the reality-check period began.
struct AddPlaySessionActivity: AsyncMigration {
    func prepare(on database: any Database) async throws {
        // One column per ALTER: SQLite adds them one at a time.
        try await database.schema(PlaySession.schema).field("last_active_at", .datetime).update()
        try await database.schema(PlaySession.schema).field("reality_check_started_at", .datetime).update()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(PlaySession.schema).deleteField("last_active_at").update()
        try await database.schema(PlaySession.schema).deleteField("reality_check_started_at").update()
    }
}
