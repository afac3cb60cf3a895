import Fluent
import Foundation
import SQLKit

struct CreateLossFigures: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(LossFigures.table)
            .field("player_id", .uuid, .required, .references("players", "id", onDelete: .cascade))
            .field("currency", .string, .required)
            .field("hour", .int64, .required)
            .field("lost", .int64, .required)
            .unique(on: "player_id", "currency", "hour")
            .create()
        try await LossFigures.sumExistingBets(on: database.sql())
    }

    func revert(on database: any Database) async throws {
        try await database.schema(LossFigures.table).delete()
    }
}
