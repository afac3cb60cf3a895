import Fluent
import Foundation

/// A device authorization (RFC 8628): a console, TV or command line shows the user code, the player
/// approves it on the hosted page, and the device polls with the device code (stored as a digest).
final class DeviceAuthorization: Model, @unchecked Sendable {
    static let schema = "device_authorizations"

    enum Status: String {
        case pending, approved, denied, consumed
    }

    @ID(key: .id) var id: UUID?
    @Field(key: "device_code_hash") var deviceCodeHash: String
    @Field(key: "user_code") var userCode: String
    @Parent(key: "app_id") var app: DeveloperApp
    @Field(key: "scope") var scope: String
    @Field(key: "interval") var interval: Int
    @Field(key: "status") var status: String
    @OptionalField(key: "player_id") var playerID: UUID?
    @OptionalField(key: "last_polled_at") var lastPolledAt: Date?
    @Field(key: "expires_at") var expiresAt: Date

    init() {}
}

struct CreateDeviceAuthorization: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(DeviceAuthorization.schema)
            .id()
            .field("device_code_hash", .string, .required)
            .field("user_code", .string, .required)
            .field("app_id", .uuid, .required, .references(DeveloperApp.schema, "id", onDelete: .cascade))
            .field("scope", .string, .required)
            .field("interval", .int, .required)
            .field("status", .string, .required)
            .field("player_id", .uuid, .references(Player.schema, "id", onDelete: .cascade))
            .field("last_polled_at", .datetime)
            .field("expires_at", .datetime, .required)
            .unique(on: "device_code_hash")
            .unique(on: "user_code")
            .create()
        // A hosted sign-in may be for a device rather than for a redirect.
        try await database.schema(AuthorizationRequest.schema)
            .field("device_authorization_id", .uuid)
            .update()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(AuthorizationRequest.schema).deleteField("device_authorization_id").update()
        try await database.schema(DeviceAuthorization.schema).delete()
    }
}
