import Foundation
import GRDB
import PlayhouseAPI

/// The catalog's answers as the app last had them, kept on disk (GRDB) so that a call answers at
/// once from the cache and then from the network (``CatalogAPI``).
///
/// Two tables: every object an answer held that has an ERN (`ern:offer:…`), each with when it was
/// last fetched; and each answer (by its call's path and parameters) with its body, its `ETag` and
/// the ERNs of its objects. An answer is fresh while it and every object it holds are younger than
/// their type's lifetime (``CatalogCacheLifetimes``): a list with one member missing or stale is
/// not answered from the cache. The cache keeps at most ``maxAnswers`` answers and ``maxObjects``
/// objects, the least recently fetched going first.
public final class SQLiteCatalogCache: Sendable {
    /// An answer as the cache has it.
    struct Answer: Sendable {
        var body: Data
        var etag: String?
        var erns: [String]
        var fetchedAt: Date
    }

    /// The database file.
    public let url: URL
    public let maxAnswers: Int
    public let maxObjects: Int
    private let database: DatabaseQueue

    /// The cache in the database file at `url` (made, with its folder, on first use).
    public init(url: URL, maxAnswers: Int = 1000, maxObjects: Int = 20000) throws {
        self.url = url
        self.maxAnswers = maxAnswers
        self.maxObjects = maxObjects
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        database = try DatabaseQueue(path: url.path)
        var migrator = DatabaseMigrator()
        migrator.registerMigration("catalog cache") { db in
            try db.create(table: "catalog_objects") { table in
                table.primaryKey("ern", .text)
                table.column("body", .blob).notNull()
                table.column("fetched_at", .double).notNull().indexed()
            }
            try db.create(table: "catalog_answers") { table in
                table.primaryKey("key", .text)
                table.column("body", .blob).notNull()
                table.column("etag", .text)
                table.column("erns", .text).notNull()
                table.column("fetched_at", .double).notNull().indexed()
            }
        }
        try migrator.migrate(database)
    }

    /// The app's cache: `Playhouse/playhouse-<client id>.catalog.sqlite` in Application Support.
    public static func standard(clientID: String) throws -> SQLiteCatalogCache {
        try SQLiteCatalogCache(url: LocalStore.url(clientID: clientID, extension: "catalog.sqlite"))
    }

    /// The answer stored for `key`, fresh or not.
    func answer(_ key: String) async throws -> Answer? {
        try await database.read { db in
            guard let row = try Row.fetchOne(db, sql: "SELECT body, etag, erns, fetched_at FROM catalog_answers WHERE key = ?", arguments: [key])
            else { return nil }
            let erns = try JSONDecoder().decode([String].self, from: Data((row["erns"] as String).utf8))
            return Answer(body: row["body"], etag: row["etag"], erns: erns, fetchedAt: Date(timeIntervalSince1970: row["fetched_at"]))
        }
    }

    /// When each of `erns` was last fetched; an ERN the cache does not hold is left out.
    func fetched(_ erns: [String]) async throws -> [String: Date] {
        guard !erns.isEmpty else { return [:] }
        return try await database.read { db in
            var fetched: [String: Date] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT ern, fetched_at FROM catalog_objects WHERE ern IN (\(Self.placeholders(erns.count)))",
                                         arguments: StatementArguments(erns)) {
                fetched[row["ern"]] = Date(timeIntervalSince1970: row["fetched_at"])
            }
            return fetched
        }
    }

    /// Stores the answer to `key` and each of its `objects` (by ERN), fetched at `date`, in one
    /// transaction; then keeps the cache within its bounds.
    func store(_ key: String, body: Data, etag: String?, objects: [String: Data], at date: Date) async throws {
        try await database.write { [maxAnswers, maxObjects] db in
            let erns = String(decoding: try JSONEncoder().encode(objects.keys.sorted()), as: UTF8.self)
            try db.execute(sql: """
                INSERT INTO catalog_answers (key, body, etag, erns, fetched_at) VALUES (?, ?, ?, ?, ?)
                ON CONFLICT (key) DO UPDATE SET body = excluded.body, etag = excluded.etag, erns = excluded.erns, fetched_at = excluded.fetched_at
                """, arguments: [key, body, etag, erns, date.timeIntervalSince1970])
            for (ern, object) in objects {
                try db.execute(sql: """
                    INSERT INTO catalog_objects (ern, body, fetched_at) VALUES (?, ?, ?)
                    ON CONFLICT (ern) DO UPDATE SET body = excluded.body, fetched_at = excluded.fetched_at
                    """, arguments: [ern, object, date.timeIntervalSince1970])
            }
            for (table, limit) in [("catalog_answers", maxAnswers), ("catalog_objects", maxObjects)] {
                try db.execute(sql: """
                    DELETE FROM \(table) WHERE rowid IN (SELECT rowid FROM \(table) ORDER BY fetched_at DESC LIMIT -1 OFFSET ?)
                    """, arguments: [limit])
            }
        }
    }

    /// Marks the answer to `key` and its objects fetched again at `date` (the server said `304`).
    func refresh(_ key: String, erns: [String], at date: Date) async throws {
        try await database.write { db in
            try db.execute(sql: "UPDATE catalog_answers SET fetched_at = ? WHERE key = ?", arguments: [date.timeIntervalSince1970, key])
            guard !erns.isEmpty else { return }
            try db.execute(sql: "UPDATE catalog_objects SET fetched_at = ? WHERE ern IN (\(Self.placeholders(erns.count)))",
                           arguments: StatementArguments([date.timeIntervalSince1970] + erns.map { $0 as any DatabaseValueConvertible }))
        }
    }

    /// `?, ?, …`: `count` placeholders (SQLite's JSON functions are not on every platform the SDK runs on).
    private static func placeholders(_ count: Int) -> String {
        Array(repeating: "?", count: count).joined(separator: ", ")
    }

    /// The object with `ern` as last fetched, fresh or not.
    func object(_ ern: String) async throws -> Data? {
        try await database.read { db in try Data.fetchOne(db, sql: "SELECT body FROM catalog_objects WHERE ern = ?", arguments: [ern]) }
    }

    /// Forgets everything.
    func clear() async throws {
        try await database.write { db in
            try db.execute(sql: "DELETE FROM catalog_answers")
            try db.execute(sql: "DELETE FROM catalog_objects")
        }
    }

    /// Forgets the answers and objects past their lifetimes (an answer's is the shortest of its
    /// objects').
    func clearOutOfDate(now: Date, lifetimes: CatalogCacheLifetimes) async throws {
        try await database.write { db in
            for row in try Row.fetchAll(db, sql: "SELECT key, erns, fetched_at FROM catalog_answers") {
                let erns = try JSONDecoder().decode([String].self, from: Data((row["erns"] as String).utf8))
                if now.timeIntervalSince1970 - (row["fetched_at"] as Double) >= lifetimes.lifetime(ofAnswerWith: erns) {
                    try db.execute(sql: "DELETE FROM catalog_answers WHERE key = ?", arguments: [row["key"] as String])
                }
            }
            for row in try Row.fetchAll(db, sql: "SELECT ern, fetched_at FROM catalog_objects") {
                let ern: String = row["ern"]
                if now.timeIntervalSince1970 - (row["fetched_at"] as Double) >= lifetimes.lifetime(ofERN: ern) {
                    try db.execute(sql: "DELETE FROM catalog_objects WHERE ern = ?", arguments: [ern])
                }
            }
        }
    }
}

/// How long the catalog cache keeps each type of object fresh, in seconds: eTilbudsavis'
/// lifetimes by default (stores an hour, everything else 15 minutes).
public struct CatalogCacheLifetimes: Sendable, Equatable {
    /// By ERN type: `store`, `offer`, `dealer`, `catalog`.
    public var byType: [String: TimeInterval]
    /// For any other type, and for answers that hold no ERN (a catalog's pages).
    public var otherwise: TimeInterval

    public init(byType: [String: TimeInterval] = ["store": 3600, "offer": 900, "dealer": 900, "catalog": 900], otherwise: TimeInterval = 900) {
        self.byType = byType
        self.otherwise = otherwise
    }

    /// The lifetime of the object with `ern` (`ern:<type>:<id>`).
    public func lifetime(ofERN ern: String) -> TimeInterval {
        let parts = ern.split(separator: ":", maxSplits: 2)
        return parts.count == 3 ? byType[String(parts[1])] ?? otherwise : otherwise
    }

    /// The lifetime of an answer holding the objects `erns`: the shortest of theirs.
    public func lifetime(ofAnswerWith erns: [String]) -> TimeInterval {
        erns.map(lifetime(ofERN:)).min() ?? otherwise
    }
}
