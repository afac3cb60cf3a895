import Fluent
import Foundation

/// A player's visit to the hosted wallet pages. The SDK asks for one with the player's token and
/// gets a one-time ticket (60 s) in the page URL; opening it swaps the ticket for an HttpOnly
/// cookie (30 minutes), so no token ever travels in a URL. Forms carry the session's CSRF token.
final class PageSession: Model, @unchecked Sendable {
    static let schema = "page_sessions"

    @ID(key: .id) var id: UUID?
    @Parent(key: "app_id") var app: DeveloperApp
    @Parent(key: "player_id") var player: Player
    /// SHA-256 of the one-time ticket; cleared when it is used.
    @OptionalField(key: "ticket_hash") var ticketHash: String?
    /// SHA-256 of the cookie, once the ticket is used.
    @OptionalField(key: "cookie_hash") var cookieHash: String?
    @Field(key: "csrf") var csrf: String
    /// The page to open first: `/wallet`, `/wallet/deposit`, …
    @Field(key: "page") var page: String
    /// The play session of the token that opened the visit: the reality-check page acts on it.
    @OptionalField(key: "play_session_id") var playSessionID: UUID?
    @Field(key: "expires_at") var expiresAt: Date

    init() {}

    /// Whether a posted form carries this visit's CSRF token (compared in constant time).
    func accepts(csrf: String?) -> Bool {
        csrf.map { SecretToken.constantTimeEquals(SecretToken.hash($0), SecretToken.hash(self.csrf)) } ?? false
    }
}

struct CreatePageSession: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(PageSession.schema)
            .id()
            .field("app_id", .uuid, .required, .references(DeveloperApp.schema, "id", onDelete: .cascade))
            .field("player_id", .uuid, .required, .references(Player.schema, "id", onDelete: .cascade))
            .field("ticket_hash", .string)
            .field("cookie_hash", .string)
            .field("csrf", .string, .required)
            .field("page", .string, .required)
            .field("expires_at", .datetime, .required)
            .unique(on: "ticket_hash")
            .unique(on: "cookie_hash")
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(PageSession.schema).delete()
    }
}

/// The play session a visit acts on (the reality-check page).
struct AddPageSessionPlaySession: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(PageSession.schema).field("play_session_id", .uuid).update()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(PageSession.schema).deleteField("play_session_id").update()
    }
}
