import Crypto
import Fluent
import Foundation
import SQLKit
import Vapor

/// The assets table.
struct CreateAssets: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema("assets")
            .field("sha256", .string, .identifier(auto: false))
            .field("content_type", .string, .required)
            .field("bytes", .data, .required)
            .field("created_at", .datetime, .required)
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema("assets").delete()
    }
}
