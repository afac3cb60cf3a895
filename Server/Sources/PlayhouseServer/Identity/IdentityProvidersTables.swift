import Fluent
import Foundation
import SQLKit

struct CreateIdentityProvider: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema("identity_providers")
            .id()
            .field("app_id", .uuid, .required, .references("apps", "id", onDelete: .cascade))
            .field("name", .string, .required)
            .field("kind", .string, .required)
            .field("issuer", .string)
            .field("audience", .string, .required)
            .field("jwks_uri", .string)
            .field("introspection_url", .string)
            .field("app_token", .string)
            .field("profile_url", .string)
            .field("created_at", .datetime)
            .unique(on: "app_id", "name")
            .create()
        try await database.schema("federated_identities")
            .id()
            .field("provider_id", .uuid, .required, .references("identity_providers", "id", onDelete: .cascade))
            .field("player_id", .uuid, .required, .references("players", "id", onDelete: .cascade))
            .field("subject", .string, .required)
            .field("created_at", .datetime)
            .unique(on: "provider_id", "subject")
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema("federated_identities").delete()
        try await database.schema("identity_providers").delete()
    }
}
