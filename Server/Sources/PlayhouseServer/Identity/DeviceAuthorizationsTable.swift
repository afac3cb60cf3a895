import Fluent
import Foundation
import SQLKit

struct CreateDeviceAuthorization: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema("device_authorizations")
            .id()
            .field("device_code_hash", .string, .required)
            .field("user_code", .string, .required)
            .field("app_id", .uuid, .required, .references("apps", "id", onDelete: .cascade))
            .field("scope", .string, .required)
            .field("interval", .int, .required)
            .field("status", .string, .required)
            .field("player_id", .uuid, .references("players", "id", onDelete: .cascade))
            .field("last_polled_at", .datetime)
            .field("expires_at", .datetime, .required)
            .unique(on: "device_code_hash")
            .unique(on: "user_code")
            .create()
        // A hosted sign-in may be for a device rather than for a redirect.
        try await database.schema("authorization_requests")
            .field("device_authorization_id", .uuid)
            .update()
    }

    func revert(on database: any Database) async throws {
        try await database.schema("authorization_requests").deleteField("device_authorization_id").update()
        try await database.schema("device_authorizations").delete()
    }
}
