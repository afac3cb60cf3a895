import Fluent
import Foundation

/// An authorization request (`GET /oauth/authorize`) waiting for the player on the hosted page.
/// It is found by a random handle (stored as a digest) and bound to the browser that started it
/// by a cookie, so another site cannot submit the hosted forms for it.
final class AuthorizationRequest: Model, @unchecked Sendable {
    static let schema = "authorization_requests"

    @ID(key: .id) var id: UUID?
    @Field(key: "handle_hash") var handleHash: String
    @Field(key: "browser_hash") var browserHash: String
    @Parent(key: "app_id") var app: DeveloperApp
    @Field(key: "redirect_uri") var redirectURI: String
    @Field(key: "redirect_uri_sent") var redirectURISent: Bool
    @Field(key: "scope") var scope: String
    @OptionalField(key: "state") var state: String?
    @Field(key: "code_challenge") var codeChallenge: String
    @OptionalField(key: "player_id") var playerID: UUID?
    @Field(key: "expires_at") var expiresAt: Date
    @OptionalField(key: "completed_at") var completedAt: Date?
    /// Set when the sign-in approves a device (RFC 8628) instead of redirecting.
    @OptionalField(key: "device_authorization_id") var deviceAuthorizationID: UUID?

    init() {}
}

struct CreateAuthorizationRequest: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(AuthorizationRequest.schema)
            .id()
            .field("handle_hash", .string, .required)
            .field("browser_hash", .string, .required)
            .field("app_id", .uuid, .required, .references(DeveloperApp.schema, "id", onDelete: .cascade))
            .field("redirect_uri", .string, .required)
            .field("redirect_uri_sent", .bool, .required)
            .field("scope", .string, .required)
            .field("state", .string)
            .field("code_challenge", .string, .required)
            .field("player_id", .uuid, .references(Player.schema, "id", onDelete: .cascade))
            .field("expires_at", .datetime, .required)
            .field("completed_at", .datetime)
            .unique(on: "handle_hash")
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(AuthorizationRequest.schema).delete()
    }
}
