import Fluent
import Foundation
import SQLKit

struct CreateBetRecord: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema("bets")
            .field("seq", .int64, .identifier(auto: true))
            .field("bet_id", .uuid, .required)
            .field("app_id", .uuid, .required, .references("apps", "id", onDelete: .cascade))
            .field("player_id", .uuid, .references("players", "id", onDelete: .cascade))
            .field("client_user_id", .string)
            .field("game_slug", .string, .required)
            .field("credit_game", .string)
            .field("game_version", .int, .required)
            .field("kind", .string, .required)
            .field("currency", .string)
            .field("economy", .string)
            .field("minor_units", .int, .required)
            .field("wager", .int64, .required)
            .field("stake", .int64, .required)
            .field("payout", .int64, .required)
            .field("paylines", .string, .required)
            .field("result", .string, .required)
            .field("fairness_seed_id", .uuid, .references("fairness_seeds", "id", onDelete: .cascade))
            .field("client_seed", .string)
            .field("nonce", .int64)
            .field("transaction_id", .uuid)
            .field("balance_after", .int64)
            .field("created_at", .datetime, .required)
            .unique(on: "bet_id")
            .create()
        let sql = try database.sql()
        try await sql.create(index: "bets_player").on("bets").column("app_id").column("player_id").column("seq").run()
        try await sql.create(index: "bets_client_user").on("bets").column("app_id").column("client_user_id").column("seq").run()
    }

    func revert(on database: any Database) async throws {
        try await database.schema("bets").delete()
    }
}

/// The play session a bet was placed in, for the session's figures.
struct AddBetSession: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema("bets").field("session_id", .uuid).update()
        try await database.sql().create(index: "bets_session").on("bets").column("session_id").run()
    }

    func revert(on database: any Database) async throws {
        try await database.schema("bets").deleteField("session_id").update()
    }
}

/// A player's bets by time, for the loss limits' windows.
struct AddBetTimeIndex: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.sql().create(index: "bets_player_time").on("bets").column("player_id").column("created_at").run()
    }

    func revert(on database: any Database) async throws {
        try await database.sql().drop(index: "bets_player_time").run()
    }
}

/// A session's figures are kept as its bets come (``SessionBetTotals``), so nothing reads a
/// session's bets any more: the index that found them only cost every bet a write.
struct DropBetSessionIndex: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.sql().drop(index: "bets_session").run()
    }

    func revert(on database: any Database) async throws {
        try await database.sql().create(index: "bets_session").on("bets").column("session_id").run()
    }
}

/// Only an app's own users' bets (placed with an app token for a `client_user_id`) are found by
/// that id; a player's bets store none. The index keeps only the bets that have one, so a
/// player's bet writes one index entry fewer.
struct PartialBetClientUserIndex: AsyncMigration {
    func prepare(on database: any Database) async throws {
        let sql = try database.sql()
        try await sql.drop(index: "bets_client_user").run()
        try await sql.raw("CREATE INDEX bets_client_user ON bets (app_id, client_user_id, seq) WHERE client_user_id IS NOT NULL").run()
    }

    func revert(on database: any Database) async throws {
        let sql = try database.sql()
        try await sql.drop(index: "bets_client_user").run()
        try await sql.create(index: "bets_client_user").on("bets").column("app_id").column("client_user_id").column("seq").run()
    }
}
