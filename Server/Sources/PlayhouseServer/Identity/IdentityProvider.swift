import Fluent
import Foundation

/// A sign-in provider an app trusts for federated sign-in (token exchange): an OpenID Connect
/// provider, whose id_tokens are checked against its JWKS, or a Facebook-style provider, whose
/// access tokens are checked with its debug endpoint.
final class IdentityProvider: Model, @unchecked Sendable {
    static let schema = "identity_providers"

    @ID(key: .id) var id: UUID?
    @Parent(key: "app_id") var app: DeveloperApp
    @Field(key: "name") var name: String
    @Field(key: "kind") var kind: String
    /// OIDC: the issuer (`iss`); Facebook-style: unused.
    @OptionalField(key: "issuer") var issuer: String?
    /// OIDC: the app's client id at the provider (`aud`); Facebook-style: the provider's app id.
    @Field(key: "audience") var audience: String
    @OptionalField(key: "jwks_uri") var jwksURI: String?
    @OptionalField(key: "introspection_url") var introspectionURL: String?
    /// Facebook-style: the app access token the debug endpoint needs. Stored as given, since it has
    /// to be sent to the provider.
    @OptionalField(key: "app_token") var appToken: String?
    @OptionalField(key: "profile_url") var profileURL: String?
    @Timestamp(key: "created_at", on: .create) var createdAt: Date?

    init() {}
}

/// Which provider account a player signs in with.
final class FederatedIdentity: Model, @unchecked Sendable {
    static let schema = "federated_identities"

    @ID(key: .id) var id: UUID?
    @Parent(key: "provider_id") var provider: IdentityProvider
    @Parent(key: "player_id") var player: Player
    @Field(key: "subject") var subject: String
    @Timestamp(key: "created_at", on: .create) var createdAt: Date?

    init() {}
}

struct CreateIdentityProvider: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(IdentityProvider.schema)
            .id()
            .field("app_id", .uuid, .required, .references(DeveloperApp.schema, "id", onDelete: .cascade))
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
        try await database.schema(FederatedIdentity.schema)
            .id()
            .field("provider_id", .uuid, .required, .references(IdentityProvider.schema, "id", onDelete: .cascade))
            .field("player_id", .uuid, .required, .references(Player.schema, "id", onDelete: .cascade))
            .field("subject", .string, .required)
            .field("created_at", .datetime)
            .unique(on: "provider_id", "subject")
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(FederatedIdentity.schema).delete()
        try await database.schema(IdentityProvider.schema).delete()
    }
}
