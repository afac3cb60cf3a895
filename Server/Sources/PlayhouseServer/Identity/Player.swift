import Fluent
import Foundation
import PlayhouseAPI

/// A player of one app. Players never cross apps, so sandbox players never touch production.
/// A player signs in with email and password (stored only as a bcrypt hash), a verified phone number,
/// or both.
final class Player: Model, @unchecked Sendable {
    static let schema = "players"

    @ID(key: .id) var id: UUID?
    @Parent(key: "app_id") var app: DeveloperApp
    @OptionalField(key: "email") var email: String?
    @OptionalField(key: "password_hash") var passwordHash: String?
    @OptionalField(key: "phone_number") var phoneNumber: String?
    @OptionalField(key: "display_name") var displayName: String?
    @OptionalField(key: "first_name") var firstName: String?
    @OptionalField(key: "birth_date") var birthDate: String?
    @OptionalField(key: "gender") var gender: String?
    @OptionalField(key: "locale") var locale: String?
    @Field(key: "invite_code") var inviteCode: String
    /// The currency the player chose to see first in this app's wallet (`PATCH /v1/account`).
    @OptionalField(key: "currency") var currency: String?
    @Timestamp(key: "created_at", on: .create) var createdAt: Date?
    @Timestamp(key: "updated_at", on: .update) var updatedAt: Date?

    init() {}

    init(appID: UUID, inviteCode: String) {
        self.$app.id = appID
        self.inviteCode = inviteCode
    }

    var profileComplete: Bool { firstName != nil && birthDate != nil && gender != nil }
}

/// The wallet's currency preference, on the player it belongs to.
struct AddPlayerCurrency: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(Player.schema).field("currency", .string).update()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(Player.schema).deleteField("currency").update()
    }
}

struct CreatePlayer: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(Player.schema)
            .id()
            .field("app_id", .uuid, .required, .references(DeveloperApp.schema, "id", onDelete: .cascade))
            .field("email", .string)
            .field("password_hash", .string)
            .field("phone_number", .string)
            .field("display_name", .string)
            .field("first_name", .string)
            .field("birth_date", .string)
            .field("gender", .string)
            .field("locale", .string)
            .field("invite_code", .string, .required)
            .field("created_at", .datetime)
            .field("updated_at", .datetime)
            .unique(on: "app_id", "email")
            .unique(on: "app_id", "phone_number")
            .unique(on: "invite_code")
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(Player.schema).delete()
    }
}
