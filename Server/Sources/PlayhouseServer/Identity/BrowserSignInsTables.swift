import Fluent
import Foundation
import SQLKit

/// Remembered browser sign-ins and consents, and what an authorization request asked of them
/// (OpenID Connect's `prompt`) and when its player signed in.
struct RememberBrowserSignIns: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema("browser_sign_ins")
            .id()
            .field("browser_hash", .string, .required)
            .field("app_id", .uuid, .required, .references("apps", "id", onDelete: .cascade))
            .field("player_id", .uuid, .required, .references("players", "id", onDelete: .cascade))
            .field("signed_in_at", .datetime, .required)
            .field("expires_at", .datetime, .required)
            .unique(on: "browser_hash", "app_id")
            .create()
        try await database.sql().raw("CREATE INDEX browser_sign_ins_player ON browser_sign_ins (player_id)").run()
        try await database.schema("player_consents")
            .field("player_id", .uuid, .required, .references("players", "id", onDelete: .cascade))
            .field("scope", .string, .required)
            .field("granted_at", .datetime, .required)
            .unique(on: "player_id", "scope")
            .create()
        try await database.schema("authorization_requests").field("prompt", .string).update()
        try await database.schema("authorization_requests").field("auth_time", .datetime).update()
    }

    func revert(on database: any Database) async throws {
        try await database.schema("authorization_requests").deleteField("auth_time").update()
        try await database.schema("authorization_requests").deleteField("prompt").update()
        try await database.schema("player_consents").delete()
        try await database.schema("browser_sign_ins").delete()
    }
}
