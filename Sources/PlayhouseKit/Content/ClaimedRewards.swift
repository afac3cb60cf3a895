import Foundation
import GRDB

/// The reward receipts this installation is claiming and has delivered to the app
/// (``ContentRequestEvent/rewardUnlocked(_:)``), so that each receipt unlocks once, whatever is
/// retried, relaunched or answered twice. A receipt is noted before it is claimed, and delivered
/// after: one whose delivery a crash cut off is claimed again (the server answers the same claim)
/// and delivered at the next ``ContentAPI/finishRewards()``.
public protocol ClaimedRewards: Sendable {
    /// Notes that `receiptID` is being claimed (nothing when it is noted already).
    func note(_ receiptID: String) async throws
    /// Marks `receiptID` delivered; true the first time, false when it was delivered before.
    func markDelivered(_ receiptID: String) async throws -> Bool
    /// The receipts noted and not yet delivered.
    func undelivered() async throws -> [String]
}

/// Receipts in a local SQLite database (GRDB), each change one transaction.
public final class SQLiteClaimedRewards: ClaimedRewards {
    /// The database file.
    public let url: URL
    private let database: DatabaseQueue

    /// The store in the database file at `url` (made, with its folder, on first use).
    public init(url: URL) throws {
        self.url = url
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        database = try DatabaseQueue(path: url.path)
        var migrator = DatabaseMigrator()
        migrator.registerMigration("claimed rewards") { db in
            try db.create(table: "claimed_rewards") { table in
                table.primaryKey("receipt_id", .text)
                table.column("noted_at", .datetime).notNull()
                table.column("delivered_at", .datetime)
            }
        }
        try migrator.migrate(database)
    }

    /// The app's store: `Playhouse/playhouse-<client id>.sqlite` in Application Support.
    public static func standard(clientID: String) throws -> SQLiteClaimedRewards {
        try SQLiteClaimedRewards(url: LocalStore.url(clientID: clientID, extension: "sqlite"))
    }

    public func note(_ receiptID: String) async throws {
        try await database.write { db in
            try db.execute(sql: "INSERT INTO claimed_rewards (receipt_id, noted_at) VALUES (?, ?) ON CONFLICT DO NOTHING",
                           arguments: [receiptID, Date()])
        }
    }

    public func markDelivered(_ receiptID: String) async throws -> Bool {
        try await database.write { db in
            try db.execute(sql: """
                INSERT INTO claimed_rewards (receipt_id, noted_at, delivered_at) VALUES (?, ?, ?)
                ON CONFLICT (receipt_id) DO UPDATE SET delivered_at = excluded.delivered_at WHERE delivered_at IS NULL
                """, arguments: [receiptID, Date(), Date()])
            return db.changesCount == 1
        }
    }

    public func undelivered() async throws -> [String] {
        try await database.read { db in
            try String.fetchAll(db, sql: "SELECT receipt_id FROM claimed_rewards WHERE delivered_at IS NULL ORDER BY noted_at")
        }
    }
}

/// The app's standard store (``SQLiteClaimedRewards/standard(clientID:)``), opened at first use.
actor StandardClaimedRewards: ClaimedRewards {
    private let clientID: String
    private var opened: SQLiteClaimedRewards?

    init(clientID: String) { self.clientID = clientID }

    private func store() throws -> SQLiteClaimedRewards {
        if let opened { return opened }
        let store = try SQLiteClaimedRewards.standard(clientID: clientID)
        opened = store
        return store
    }

    func note(_ receiptID: String) async throws { try await store().note(receiptID) }
    func markDelivered(_ receiptID: String) async throws -> Bool { try await store().markDelivered(receiptID) }
    func undelivered() async throws -> [String] { try await store().undelivered() }
}
