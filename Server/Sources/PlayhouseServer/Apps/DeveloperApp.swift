import Fluent
import Foundation
import PlayhouseAPI

/// A developer's app (a tenant): its OAuth client credentials, redirect URIs, environment and scopes.
/// The client secret is stored only as its SHA-256 digest.
final class DeveloperApp: Model, @unchecked Sendable {
    static let schema = "apps"

    @ID(key: .id) var id: UUID?
    @Field(key: "name") var name: String
    @Field(key: "client_id") var clientID: String
    @Field(key: "secret_hash") var secretHash: String
    @Field(key: "environment") var environment: String
    @Field(key: "scopes") var scopes: [String]
    @Field(key: "redirect_uris") var redirectURIs: [String]
    /// A public client (a mobile app that cannot keep a secret) authenticates by client id alone,
    /// and only for player sign-in grants (RFC 6749 §2.1, RFC 8252).
    @Field(key: "public_client") var publicClient: Bool
    /// Players younger than this may not deposit or bet; nil: no age check.
    @OptionalField(key: "minimum_age") var minimumAge: Int?
    @Timestamp(key: "created_at", on: .create) var createdAt: Date?
    @Timestamp(key: "updated_at", on: .update) var updatedAt: Date?

    init() {}

    init(name: String, clientID: String, secretHash: String, environment: AppEnvironment, scopes: [String], redirectURIs: [String],
         publicClient: Bool = false) {
        self.publicClient = publicClient
        self.name = name
        self.clientID = clientID
        self.secretHash = secretHash
        self.environment = environment.rawValue
        self.scopes = scopes
        self.redirectURIs = redirectURIs
    }

    var appEnvironment: AppEnvironment { AppEnvironment(rawValue: environment) ?? .sandbox }
}

struct CreateDeveloperApp: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(DeveloperApp.schema)
            .id()
            .field("name", .string, .required)
            .field("client_id", .string, .required)
            .field("secret_hash", .string, .required)
            .field("environment", .string, .required)
            .field("scopes", .array(of: .string), .required)
            .field("redirect_uris", .array(of: .string), .required)
            .field("created_at", .datetime)
            .field("updated_at", .datetime)
            .unique(on: "client_id")
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(DeveloperApp.schema).delete()
    }
}

struct AddPublicClient: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(DeveloperApp.schema)
            .field("public_client", .bool, .required, .sql(.default(false)))
            .update()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(DeveloperApp.schema).deleteField("public_client").update()
    }
}

/// The app's minimum age for deposits and bets.
struct AddAppMinimumAge: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(DeveloperApp.schema).field("minimum_age", .int).update()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(DeveloperApp.schema).deleteField("minimum_age").update()
    }
}
