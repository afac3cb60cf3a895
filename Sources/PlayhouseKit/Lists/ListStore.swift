import Foundation
import GRDB

/// One owner's shopping lists on this device, in a SQLite file of its own (GRDB): a signed-in
/// player's (`lists-<player id>.sqlite`) or the userless lists (`lists-userless.sqlite`). So a
/// player's unsent changes stay in their file when another player signs in, and go out when they
/// sign in again.
///
/// It holds what the server last said (lists, items, shares, each as the feed gave it, and the
/// feed's cursor), and the queue of operations the server has not answered, in order. Each change
/// is one transaction: an operation made on the device is queued in one; a server answer removes
/// its operations in one; a page of the feed is applied, with its cursor, in one. The app sees the
/// ``ListView``: the server's state with the queue applied on top.
final class ListStore: Sendable {
    /// The player whose lists these are; nil for the userless ones.
    let owner: String?
    let url: URL
    fileprivate let database: DatabaseQueue

    init(url: URL, owner: String?) throws {
        self.url = url
        self.owner = owner
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        // Another client in this process (or an app extension) may have the file open: wait for it.
        var configuration = Configuration()
        configuration.busyMode = .timeout(10)
        database = try DatabaseQueue(path: url.path, configuration: configuration)
        var migrator = DatabaseMigrator()
        migrator.registerMigration("lists") { db in
            try db.create(table: "lists") { table in
                table.primaryKey("id", .text)
                table.column("body", .blob).notNull()
            }
            try db.create(table: "items") { table in
                table.primaryKey("id", .text)
                table.column("list_id", .text).notNull().indexed()
                table.column("body", .blob).notNull()
            }
            try db.create(table: "shares") { table in
                table.primaryKey("key", .text)
                table.column("list_id", .text).notNull().indexed()
                table.column("body", .blob).notNull()
            }
            try db.create(table: "queue") { table in
                table.autoIncrementedPrimaryKey("seq")
                table.column("body", .blob).notNull()
                table.column("made_at", .double).notNull()
                // 1: the server applied it (or had it already); kept in the view until a pull brings it.
                table.column("answered", .integer).notNull().defaults(to: 0)
            }
            try db.create(table: "state") { table in
                table.primaryKey("key", .text)
                table.column("value", .text).notNull()
            }
        }
        try migrator.migrate(database)
    }

    /// An operation waiting in the queue.
    struct Queued: Sendable {
        var seq: Int64
        var operation: ListOperation
        var madeAt: Date
    }

    /// What the app sees now.
    func view() throws -> ListView {
        try database.read { db in try Self.view(db, owner: owner) }
    }

    /// Queues `operations` made at `date`, in one transaction, provided the view after them
    /// passes `check` (which throws, and nothing is queued, when it does not); answers the view
    /// before and after.
    func enqueue(_ operations: [ListOperation], at date: Date,
                 check: (ListView) throws -> Void = { _ in }) throws -> (before: ListView, after: ListView) {
        try database.write { db in
            let before = try Self.view(db, owner: owner)
            for operation in operations {
                try db.execute(sql: "INSERT INTO queue (body, made_at) VALUES (?, ?)",
                               arguments: [try PlayhouseJSON.makeEncoder().encode(operation), date.timeIntervalSince1970])
            }
            let after = try Self.view(db, owner: owner)
            try check(after)
            return (before, after)
        }
    }

    /// The first `limit` operations the server has not answered, in order.
    func queued(limit: Int = .max) throws -> [Queued] {
        try database.read { db in try Self.queued(db, limit: limit, answered: false) }
    }

    /// How many operations the server has not answered.
    func queueLength() throws -> Int {
        try database.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM queue WHERE answered = 0") ?? 0 }
    }

    /// Records the server's answers, in one transaction: a refused operation leaves the queue (and
    /// its effect the view); an applied or ignored one stays in the view, answered, until the
    /// pull that brings the server's state of it (``apply(_:cursor:restart:complete:)``). Answers
    /// the view before and after.
    func answered(_ answers: [(seq: Int64, refused: Bool)]) throws -> (before: ListView, after: ListView) {
        try database.write { db in
            let before = try Self.view(db, owner: owner)
            for (seq, refused) in answers {
                try db.execute(sql: refused ? "DELETE FROM queue WHERE seq = ?" : "UPDATE queue SET answered = 1 WHERE seq = ?", arguments: [seq])
            }
            return (before, try Self.view(db, owner: owner))
        }
    }

    /// The feed's cursor; nil before the first sync (or after the server said it is gone).
    func cursor() throws -> String? {
        try database.read { db in try String.fetchOne(db, sql: "SELECT value FROM state WHERE key = 'cursor'") }
    }

    /// Applies a page of the feed and its cursor, in one transaction; `restart` first forgets
    /// everything the server said before (a resync from a snapshot). A `complete` page (the last,
    /// of a pull that began after every answer the queue holds) has the server's state of every
    /// answered operation, which then leave the queue. Answers the view before and after.
    func apply(_ changes: [ListChange], cursor: String, restart: Bool = false,
               complete: Bool = false) throws -> (before: ListView, after: ListView) {
        try database.write { db in
            let before = try Self.view(db, owner: owner)
            if complete { try db.execute(sql: "DELETE FROM queue WHERE answered = 1") }
            if restart {
                for table in ["lists", "items", "shares"] { try db.execute(sql: "DELETE FROM \(table)") }
            }
            let encoder = PlayhouseJSON.makeEncoder()
            for change in changes {
                switch change {
                case .list(let list):
                    if list.deleted {
                        try db.execute(sql: "DELETE FROM lists WHERE id = ?", arguments: [list.id])
                        try db.execute(sql: "DELETE FROM items WHERE list_id = ?", arguments: [list.id])
                        try db.execute(sql: "DELETE FROM shares WHERE list_id = ?", arguments: [list.id])
                    } else {
                        try db.execute(sql: "INSERT OR REPLACE INTO lists (id, body) VALUES (?, ?)", arguments: [list.id, try encoder.encode(list)])
                    }
                case .item(let item):
                    if item.deleted {
                        try db.execute(sql: "DELETE FROM items WHERE id = ?", arguments: [item.id])
                    } else {
                        try db.execute(sql: "INSERT OR REPLACE INTO items (id, list_id, body) VALUES (?, ?, ?)",
                                       arguments: [item.id, item.listID, try encoder.encode(item)])
                    }
                case .share(let share):
                    try db.execute(sql: "INSERT OR REPLACE INTO shares (key, list_id, body) VALUES (?, ?, ?)",
                                   arguments: [ListView.shareKey(share.listID, share.playerID), share.listID, try encoder.encode(share)])
                    // A share that no longer gives the owner of this store the list takes the list away.
                    if share.playerID == owner && !share.status.grantsAccess && share.status != .pending {
                        try db.execute(sql: "DELETE FROM lists WHERE id = ?", arguments: [share.listID])
                        try db.execute(sql: "DELETE FROM items WHERE list_id = ?", arguments: [share.listID])
                    }
                }
            }
            try db.execute(sql: "INSERT OR REPLACE INTO state (key, value) VALUES ('cursor', ?)", arguments: [cursor])
            return (before, try Self.view(db, owner: owner))
        }
    }

    /// Forgets the feed's cursor, so the next sync starts again from what the server has now.
    func forgetCursor() throws {
        try database.write { db in try db.execute(sql: "DELETE FROM state WHERE key = 'cursor'") }
    }

    /// The queue's operations, in order: those not answered yet (`answered: false`), or all.
    private static func queued(_ db: Database, limit: Int, answered: Bool) throws -> [Queued] {
        let decoder = PlayhouseJSON.makeDecoder()
        let which = answered ? "" : "WHERE answered = 0"
        return try Row.fetchAll(db, sql: "SELECT seq, body, made_at FROM queue \(which) ORDER BY seq LIMIT ?",
                                arguments: [min(limit, Int(Int32.max))]).map { row in
            Queued(seq: row["seq"], operation: try decoder.decode(ListOperation.self, from: row["body"] as Data),
                   madeAt: Date(timeIntervalSince1970: row["made_at"]))
        }
    }

    fileprivate static func view(_ db: Database, owner: String?) throws -> ListView {
        let decoder = PlayhouseJSON.makeDecoder()
        var base = ListView()
        for row in try Row.fetchAll(db, sql: "SELECT body FROM lists") {
            let list = try decoder.decode(ShoppingList.self, from: row["body"] as Data)
            base.lists[list.id] = list
        }
        for row in try Row.fetchAll(db, sql: "SELECT body FROM items") {
            let item = try decoder.decode(ListItem.self, from: row["body"] as Data)
            base.items[item.id] = item
        }
        for row in try Row.fetchAll(db, sql: "SELECT body FROM shares") {
            let share = try decoder.decode(ListShare.self, from: row["body"] as Data)
            base.shares[ListView.shareKey(share.listID, share.playerID)] = share
        }
        return base.applying(try queued(db, limit: .max, answered: true).map { ($0.operation, $0.madeAt) }, player: owner)
    }
}

extension ListStore {
    /// Forgets everything: lists, items, shares, the queue, the cursor (the userless lists, once
    /// moved to a player). Answers the view before and after.
    func clear() throws -> (before: ListView, after: ListView) {
        try database.write { db in
            let before = try Self.view(db, owner: owner)
            for table in ["lists", "items", "shares", "queue", "state"] { try db.execute(sql: "DELETE FROM \(table)") }
            return (before, ListView())
        }
    }
}
