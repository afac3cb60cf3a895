import Fluent
import Foundation

struct CreatePhonePin: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema("phone_pins")
            .id()
            .field("app_id", .uuid, .required, .references("apps", "id", onDelete: .cascade))
            .field("phone_number", .string, .required)
            .field("pin_hash", .string, .required)
            .field("attempts", .int, .required)
            .field("expires_at", .datetime, .required)
            .field("used_at", .datetime)
            .create()
        try await database.schema("sms_outbox")
            .id()
            .field("phone_number", .string, .required)
            .field("text", .string, .required)
            .field("created_at", .datetime, .required)
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema("sms_outbox").delete()
        try await database.schema("phone_pins").delete()
    }
}
