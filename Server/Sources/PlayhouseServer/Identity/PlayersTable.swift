import Fluent
import Foundation
import PlayhouseAPI
import SQLKit

struct CreatePlayer: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema("players")
            .id()
            .field("app_id", .uuid, .required, .references("apps", "id", onDelete: .cascade))
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
        try await database.schema("players").delete()
    }
}

/// The wallet's currency preference, on the player it belongs to.
struct AddPlayerCurrency: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema("players").field("currency", .string).update()
    }

    func revert(on database: any Database) async throws {
        try await database.schema("players").deleteField("currency").update()
    }
}

/// Guest players: a player signed up by an installation of the app alone (`guest`), and the
/// installations each player signs in from.
struct AddGuestPlayers: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema("players").field("guest", .bool, .required, .sql(.default(false))).update()
        try await database.schema("player_installations")
            .id()
            .field("app_id", .uuid, .required, .references("apps", "id", onDelete: .cascade))
            .field("installation_id", .string, .required)
            .field("player_id", .uuid, .required, .references("players", "id", onDelete: .cascade))
            .field("created_at", .datetime, .required)
            .unique(on: "app_id", "installation_id")
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema("player_installations").delete()
        try await database.schema("players").deleteField("guest").update()
    }
}
