import Foundation
import Fluent
import SQLKit

/// Shopping lists, their items and shares, the mutation ids applied, and each app's change feed.
///
/// Every list, item and share row carries `change_seq`, the feed position of its last change, from
/// its app's `list_feeds.last_seq`; deleted lists and items stay as tombstones (`deleted_at`)
/// until the retention period has passed, when they are purged and `purged_seq` moves past them.
struct CreateShoppingLists: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema("list_feeds")
            .field("app_id", .uuid, .identifier(auto: false), .references("apps", "id", onDelete: .cascade))
            .field("last_seq", .int64, .required)
            .field("purged_seq", .int64, .required)
            .create()
        try await database.schema("shopping_lists")
            .field("id", .uuid, .identifier(auto: false))
            .field("app_id", .uuid, .required, .references("apps", "id", onDelete: .cascade))
            .field("owner_id", .uuid, .required, .references("players", "id", onDelete: .cascade))
            .field("name", .string, .required)
            .field("position", .string, .required)
            .field("created_at", .datetime, .required)
            .field("modified_at", .datetime, .required)
            .field("deleted_at", .datetime)
            .field("change_seq", .int64, .required)
            .create()
        try await database.schema("list_items")
            .field("id", .uuid, .identifier(auto: false))
            .field("app_id", .uuid, .required, .references("apps", "id", onDelete: .cascade))
            .field("list_id", .uuid, .required, .references("shopping_lists", "id", onDelete: .cascade))
            .field("description", .string, .required)
            .field("count", .int, .required)
            .field("unit", .string)
            .field("ticked", .bool, .required)
            .field("offer_ern", .string)
            .field("creator_id", .uuid, .required)
            .field("position", .string, .required)
            .field("modified_at", .datetime, .required)
            .field("deleted_at", .datetime)
            .field("change_seq", .int64, .required)
            .create()
        try await database.schema("list_shares")
            .field("app_id", .uuid, .required, .references("apps", "id", onDelete: .cascade))
            .field("list_id", .uuid, .required, .references("shopping_lists", "id", onDelete: .cascade))
            .field("player_id", .uuid, .required, .references("players", "id", onDelete: .cascade))
            .field("access", .string, .required)
            .field("status", .string, .required)
            .field("invited_by", .uuid, .required)
            .field("modified_at", .datetime, .required)
            .field("change_seq", .int64, .required)
            .compositeIdentifier(over: "list_id", "player_id")
            .create()
        try await Self.createListMutations(on: database)
        let sql = try database.sql()
        // The change feed reads each table by app and position; access by owner, list and player.
        try await sql.create(index: "shopping_lists_feed").on("shopping_lists").column("app_id").column("change_seq").run()
        try await sql.create(index: "shopping_lists_owner").on("shopping_lists").column("owner_id").run()
        try await sql.create(index: "list_items_feed").on("list_items").column("app_id").column("change_seq").run()
        try await sql.create(index: "list_items_list").on("list_items").column("list_id").run()
        try await sql.create(index: "list_shares_feed").on("list_shares").column("app_id").column("change_seq").run()
        try await sql.create(index: "list_shares_player").on("list_shares").column("player_id").run()
        try await sql.create(index: "list_mutations_age").on("list_mutations").column("created_at").run()
    }

    /// The mutation ids applied and their answers, as kept until ``MoveListAnswersToStoredAnswers``.
    static func createListMutations(on database: any Database) async throws {
        try await database.schema("list_mutations")
            .field("app_id", .uuid, .required, .references("apps", "id", onDelete: .cascade))
            .field("player_id", .uuid, .required, .references("players", "id", onDelete: .cascade))
            .field("mutation_id", .uuid, .required)
            .field("fingerprint", .string, .required)
            .field("outcome", .string, .required)
            .field("created_at", .datetime, .required)
            .compositeIdentifier(over: "player_id", "mutation_id")
            .create()
    }

    func revert(on database: any Database) async throws {
        for table in ["list_mutations", "list_shares", "list_items", "shopping_lists", "list_feeds"] {
            try await database.schema(table).delete()
        }
    }
}

/// Mutation ids' answers move to the one store of answers (``IdempotentRequest``'s, as a request's
/// `Idempotency-Key`), each with its time, and `list_mutations` goes. Rows move a page at a time
/// (one statement to carry a page, one to delete it), so that a migration stopped half way carries
/// on; the revert carries them back the same way.
struct MoveListAnswersToStoredAnswers: AsyncMigration {
    static let page = 250

    func prepare(on database: any Database) async throws {
        let sql = try database.sql()
        while true {
            let rows = try await sql.raw("""
                SELECT app_id, player_id, mutation_id, fingerprint, outcome, created_at FROM list_mutations
                ORDER BY player_id, mutation_id LIMIT \(unsafeRaw: String(Self.page))
                """).all()
            guard !rows.isEmpty else { break }
            var answers: [(answer: IdempotentRequest.StoredAnswer, app: UUID, at: Date)] = []
            var carried: [SQLQueryString] = []
            for row in rows {
                let player = try row.decode(column: "player_id", as: UUID.self), mutation = try row.decode(column: "mutation_id", as: UUID.self)
                let outcome = try row.decode(column: "outcome", as: String.self)
                // The status is what the operation would have had as a request: its refusal's, else 200.
                let refusal = (try? JSONDecoder().decode(ListService.Outcome.self, from: Data(outcome.utf8)))?.refusal
                answers.append((IdempotentRequest.StoredAnswer(id: UUID.random(), owner: IdempotentRequest.owner(listsOf: player),
                                                               key: mutation.uuidString.lowercased(),
                                                               fingerprint: try row.decode(column: "fingerprint", as: String.self),
                                                               status: Int(refusal?.status.code ?? 200), body: outcome),
                                try row.decode(column: "app_id", as: UUID.self), try row.decode(column: "created_at", as: Date.self)))
                carried.append("(player_id = \(bind: player) AND mutation_id = \(bind: mutation))")
            }
            try await IdempotentRequest.carryOver(answers, sql)
            try await sql.raw("DELETE FROM list_mutations WHERE \(carried.joined(separator: " OR "))").run()
        }
        try await database.schema("list_mutations").delete()
    }

    func revert(on database: any Database) async throws {
        try await CreateShoppingLists.createListMutations(on: database)
        try await database.sql().create(index: "list_mutations_age").on("list_mutations").column("created_at").run()
        let sql = try database.sql()
        var after: UUID?
        while true {
            let page = try await IdempotentRequest.listAnswersPage(after: after, limit: Self.page, sql)
            guard let last = page.last else { break }
            let rows = page.compactMap { row -> SQLQueryString? in
                guard let player = IdempotentRequest.player(ofListsOwner: row.answer.owner),
                      let mutation = UUID(uuidString: row.answer.key) else { return nil }
                return "(\(bind: row.app), \(bind: player), \(bind: mutation), \(bind: row.answer.fingerprint), \(bind: row.answer.body), \(bind: row.at))"
            }
            if !rows.isEmpty {
                try await sql.raw("""
                    INSERT INTO list_mutations (app_id, player_id, mutation_id, fingerprint, outcome, created_at) VALUES \(rows.joined(separator: ", "))
                    """).run()
            }
            after = last.answer.id
        }
        try await IdempotentRequest.forgetAllListAnswers(sql)
    }
}
