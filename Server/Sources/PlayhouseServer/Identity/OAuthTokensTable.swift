import Fluent
import Foundation

/// An issued token's kind: an access token, or the refresh token that renews it.
enum TokenKind: String, Sendable {
    case access
    case refresh
}

struct CreateOAuthToken: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema("oauth_tokens")
            .id()
            .field("token_hash", .string, .required)
            .field("kind", .string, .required)
            .field("app_id", .uuid, .required, .references("apps", "id", onDelete: .cascade))
            .field("player_id", .uuid)
            .field("session_id", .uuid)
            .field("family_id", .uuid)
            .field("client_user_id", .string)
            .field("scope", .string, .required)
            .field("issued_at", .datetime, .required)
            .field("expires_at", .datetime, .required)
            .field("revoked_at", .datetime)
            .unique(on: "token_hash")
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema("oauth_tokens").delete()
    }
}

/// A player's tokens keep when the player authenticated (`auth_time`), for the family's whole
/// life: an id_token issued on a refresh carries the time of the first sign-in (OpenID Connect
/// Core §12.2), long after the authorization code that knew it is gone.
struct AddTokenAuthTime: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema("oauth_tokens").field("auth_time", .datetime).update()
    }

    func revert(on database: any Database) async throws {
        try await database.schema("oauth_tokens").deleteField("auth_time").update()
    }
}
