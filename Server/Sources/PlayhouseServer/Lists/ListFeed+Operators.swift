import Foundation
import PlayhouseAPI
import SQLKit

/// What an operator reads of an app's lists (`playhouse lists show`, `playhouse lists stats`), never changing them.
extension ListFeed {
    /// Every list the player sees now, with its items and shares (read-only), in the lists' order.
    public func lists(app: UUID, player: UUID) async throws -> [ShoppingListSnapshot] {
        var lists: [ShoppingListSnapshot] = [], page = try PageRequest(limit: 100)
        while true {
            let answer = try await snapshot(app: app, player: player, page: page)
            lists += answer.data
            guard let next = answer.nextCursor else { break }
            page = try PageRequest(limit: 100, cursor: next)
        }
        return lists.sorted { ($0.list.position, $0.list.id) < ($1.list.position, $1.list.id) }
    }

    /// The player of `app` that `reference` names: their id, or their email.
    public func player(app: UUID, _ reference: String) async throws -> UUID? {
        try await players.find(appID: app, idOrEmail: reference)?.id
    }

    /// How much an app's lists hold.
    public struct Stats: Sendable, Codable, Equatable {
        public var lists: Int
        public var deletedLists: Int
        public var items: Int
        public var deletedItems: Int
        public var tickedItems: Int
        /// Players who own a list.
        public var owners: Int
        /// Shares by status (`pending`, `accepted`, …).
        public var shares: [String: Int]
        /// Mutation ids remembered (until the retention period passes).
        public var mutations: Int
        /// The feed's last position, and how far it has been purged.
        public var feedPosition: Int64
        public var purgedPosition: Int64

        enum CodingKeys: String, CodingKey {
            case deletedItems = "deleted_items", deletedLists = "deleted_lists", feedPosition = "feed_position", items, lists,
                mutations, owners, purgedPosition = "purged_position", shares, tickedItems = "ticked_items"
        }
    }

    public func stats(app: UUID) async throws -> Stats {
        try await store.read { sql in
            func count(_ query: SQLQueryString) async throws -> Int {
                try await sql.raw(query).first()?.decode(column: "n", as: Int.self) ?? 0
            }
            let (last, purged) = try await Self.feed(app, sql)
            var shares: [String: Int] = [:]
            for row in try await sql.raw("SELECT status, COUNT(*) AS n FROM list_shares WHERE app_id = \(bind: app) GROUP BY status").all() {
                shares[try row.decode(column: "status", as: String.self)] = try row.decode(column: "n", as: Int.self)
            }
            return Stats(
                lists: try await count("SELECT COUNT(*) AS n FROM shopping_lists WHERE app_id = \(bind: app) AND deleted_at IS NULL"),
                deletedLists: try await count("SELECT COUNT(*) AS n FROM shopping_lists WHERE app_id = \(bind: app) AND deleted_at IS NOT NULL"),
                items: try await count("SELECT COUNT(*) AS n FROM list_items WHERE app_id = \(bind: app) AND deleted_at IS NULL"),
                deletedItems: try await count("SELECT COUNT(*) AS n FROM list_items WHERE app_id = \(bind: app) AND deleted_at IS NOT NULL"),
                tickedItems: try await count("SELECT COUNT(*) AS n FROM list_items WHERE app_id = \(bind: app) AND deleted_at IS NULL AND ticked = \(bind: true)"),
                owners: try await count("SELECT COUNT(DISTINCT owner_id) AS n FROM shopping_lists WHERE app_id = \(bind: app) AND deleted_at IS NULL"),
                shares: shares,
                mutations: try await IdempotentRequest.listAnswerCount(app: app, sql),
                feedPosition: last, purgedPosition: purged)
        }
    }
}
