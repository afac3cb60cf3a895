import Fluent
import Foundation
import SQLKit

/// A bet and its outcome. Append-only. `seq` grows, so a player's history pages by it.
final class BetRecord: Model, @unchecked Sendable {
    static let schema = "bets"

    @ID(custom: "seq", generatedBy: .database) var id: Int64?
    @Field(key: "bet_id") var betID: UUID
    @Parent(key: "app_id") var app: DeveloperApp
    @OptionalField(key: "player_id") var playerID: UUID?
    @OptionalField(key: "client_user_id") var clientUserID: String?
    @Field(key: "game_slug") var gameSlug: String
    /// For a credit bet: the game whose credits paid for it.
    @OptionalField(key: "credit_game") var creditGame: String?
    @Field(key: "game_version") var gameVersion: Int
    /// `backed`, `unbacked`, `credit` or `unbacked_credit`.
    @Field(key: "kind") var kind: String
    @OptionalField(key: "currency") var currency: String?
    @OptionalField(key: "economy") var economy: String?
    /// The decimals the amounts are written with.
    @Field(key: "minor_units") var minorUnits: Int
    /// Per payline, in minor units.
    @Field(key: "wager") var wager: Int64
    @Field(key: "stake") var stake: Int64
    @Field(key: "payout") var payout: Int64
    /// JSON: the paylines played, the stops, the window and the wins (as multiples of the wager).
    @Field(key: "paylines") var paylines: String
    @Field(key: "result") var result: String
    @OptionalField(key: "fairness_seed_id") var fairnessSeedID: UUID?
    @OptionalField(key: "client_seed") var clientSeed: String?
    @OptionalField(key: "nonce") var nonce: Int64?
    @OptionalField(key: "transaction_id") var transactionID: UUID?
    /// The wallet's balance right after a backed bet.
    @OptionalField(key: "balance_after") var balanceAfter: Int64?
    @Field(key: "created_at") var createdAt: Date

    init() {}
}

struct CreateBetRecord: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(BetRecord.schema)
            .field("seq", .int64, .identifier(auto: true))
            .field("bet_id", .uuid, .required)
            .field("app_id", .uuid, .required, .references(DeveloperApp.schema, "id", onDelete: .cascade))
            .field("player_id", .uuid, .references(Player.schema, "id", onDelete: .cascade))
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
            .field("fairness_seed_id", .uuid, .references(FairnessSeed.schema, "id", onDelete: .cascade))
            .field("client_seed", .string)
            .field("nonce", .int64)
            .field("transaction_id", .uuid)
            .field("balance_after", .int64)
            .field("created_at", .datetime, .required)
            .unique(on: "bet_id")
            .create()
        let sql = try database.sql()
        try await sql.create(index: "bets_player").on(BetRecord.schema).column("app_id").column("player_id").column("seq").run()
        try await sql.create(index: "bets_client_user").on(BetRecord.schema).column("app_id").column("client_user_id").column("seq").run()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(BetRecord.schema).delete()
    }
}

/// The play session a bet was placed in, for the session's figures.
struct AddBetSession: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(BetRecord.schema).field("session_id", .uuid).update()
        try await database.sql().create(index: "bets_session").on(BetRecord.schema).column("session_id").run()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(BetRecord.schema).deleteField("session_id").update()
    }
}

/// A player's bets by time, for the loss limits' windows.
struct AddBetTimeIndex: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.sql().create(index: "bets_player_time").on(BetRecord.schema).column("player_id").column("created_at").run()
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
        try await database.sql().create(index: "bets_session").on(BetRecord.schema).column("session_id").run()
    }
}
