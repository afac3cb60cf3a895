import Fluent
import Foundation

/// A 6-digit PIN texted to a phone number: lives 10 minutes, allows a few attempts, works once.
/// Only a digest of the PIN is stored.
final class PhonePin: Model, @unchecked Sendable {
    static let schema = "phone_pins"

    @ID(key: .id) var id: UUID?
    @Parent(key: "app_id") var app: DeveloperApp
    @Field(key: "phone_number") var phoneNumber: String
    @Field(key: "pin_hash") var pinHash: String
    @Field(key: "attempts") var attempts: Int
    @Field(key: "expires_at") var expiresAt: Date
    @OptionalField(key: "used_at") var usedAt: Date?

    init() {}
}

/// A text message as the log provider "sent" it: readable by tests and `playhouse sms outbox`.
final class SMSOutboxMessage: Model, @unchecked Sendable {
    static let schema = "sms_outbox"

    @ID(key: .id) var id: UUID?
    @Field(key: "phone_number") var phoneNumber: String
    @Field(key: "text") var text: String
    @Field(key: "created_at") var createdAt: Date

    init() {}

    init(phoneNumber: String, text: String, createdAt: Date) {
        self.phoneNumber = phoneNumber
        self.text = text
        self.createdAt = createdAt
    }
}

struct CreatePhonePin: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(PhonePin.schema)
            .id()
            .field("app_id", .uuid, .required, .references(DeveloperApp.schema, "id", onDelete: .cascade))
            .field("phone_number", .string, .required)
            .field("pin_hash", .string, .required)
            .field("attempts", .int, .required)
            .field("expires_at", .datetime, .required)
            .field("used_at", .datetime)
            .create()
        try await database.schema(SMSOutboxMessage.schema)
            .id()
            .field("phone_number", .string, .required)
            .field("text", .string, .required)
            .field("created_at", .datetime, .required)
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(SMSOutboxMessage.schema).delete()
        try await database.schema(PhonePin.schema).delete()
    }
}
