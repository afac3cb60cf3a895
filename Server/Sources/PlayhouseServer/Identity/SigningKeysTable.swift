import Crypto
import Fluent
import Foundation
import JWTKit
import NIOConcurrencyHelpers
import SQLKit

/// OpenID Connect: the server's signing keys, and what a sign-in request asked for and when the
/// player signed in, carried from the authorization request to its code.
struct AddOpenIDConnect: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema("signing_keys")
            .field("kid", .string, .identifier(auto: false))
            .field("algorithm", .string, .required)
            .field("private_pem", .string, .required)
            .field("created_at", .datetime, .required)
            .field("retired_at", .datetime)
            .create()
        try await database.schema("authorization_requests").field("nonce", .string).update()
        try await database.schema("authorization_codes").field("nonce", .string).update()
        try await database.schema("authorization_codes").field("auth_time", .datetime).update()
    }

    func revert(on database: any Database) async throws {
        try await database.schema("authorization_codes").deleteField("auth_time").update()
        try await database.schema("authorization_codes").deleteField("nonce").update()
        try await database.schema("authorization_requests").deleteField("nonce").update()
        try await database.schema("signing_keys").delete()
    }
}
