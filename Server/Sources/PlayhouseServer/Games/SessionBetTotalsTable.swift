import Fluent
import Foundation
import PlayhouseAPI
import SQLKit

struct CreateSessionBetTotals: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(SessionBetTotals.table)
            .field("session_id", .uuid, .required, .references("play_sessions", "id", onDelete: .cascade))
            .field("currency", .string, .required)
            .field("economy", .string, .required)
            .field("minor_units", .int, .required)
            .field("bets", .int64, .required)
            .field("backed", .int64, .required)
            .field("wagered", .int64, .required)
            .field("won", .int64, .required)
            .unique(on: "session_id", "currency", "economy")
            .create()
        try await SessionBetTotals.sumExistingBets(on: database.sql())
    }

    func revert(on database: any Database) async throws {
        try await database.schema(SessionBetTotals.table).delete()
    }
}
