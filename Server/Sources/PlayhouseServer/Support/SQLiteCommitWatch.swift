import NIOConcurrencyHelpers

/// SQLite: tells whether any connection (this process's or another's, such as the CLI's) committed
/// to the database since the last look (`PRAGMA data_version`: a few microseconds, no query), for
/// a cache that must forget what it read when the database changed (``GameDataCurrent``). One
/// watch serves one cache: a look answers for the looks before it. Made by
/// ``SQLiteStore/commitWatch()``.
///
/// Each look takes a query-only connection of the watch's own (opening one when none is free, at
/// most 8 kept), so that lookers do not queue for one; each connection compares with what it saw
/// at its own last look, and says "changed" the first time. A look may run on an event loop: a
/// busy database answers at once, as a change, rather than after the usual busy timeout.
final class SQLiteCommitWatch: Sendable {
    private let path: String
    private let idle = NIOLockedValueBox<(connections: [Connection], closed: Bool)>(([], false))

    init(path: String) {
        self.path = path
    }

    /// Whether the database changed since the connection this look takes last looked; a
    /// connection that cannot be opened or asked throws, and is dropped.
    func changed() throws -> Bool {
        let taken = idle.withLockedValue { $0.connections.popLast() }
        do {
            let connection = try taken ?? Connection(path: path)
            let changed = try connection.changed()
            let kept = idle.withLockedValue { idle in
                guard !idle.closed, idle.connections.count < 8 else { return false }
                idle.connections.append(connection)
                return true
            }
            if !kept { connection.close() }
            return changed
        } catch {
            taken?.close()
            throw error
        }
    }

    /// Closes the idle connections; a look after this opens one and closes it again.
    func close() {
        for connection in idle.withLockedValue({ idle in defer { idle = ([], true) }; return idle.connections }) { connection.close() }
    }

    /// A connection and the data version it saw last.
    private final class Connection: @unchecked Sendable {
        private let connection: DirectSQLiteConnection
        private var seen: Int64?

        init(path: String) throws {
            connection = try DirectSQLiteConnection(path: path, settings: DatabaseSetup.sqliteConnectionSettings
                                                    + ["PRAGMA query_only=ON", "PRAGMA busy_timeout=0"])
        }

        /// Whether another connection committed since the last call (true the first time).
        func changed() throws -> Bool {
            var now: Int64?
            try connection.execute("PRAGMA data_version", []) { row in now = try row.decode(column: "data_version", as: Int64.self) }
            defer { seen = now }
            return now == nil || now != seen
        }

        func close() { connection.close() }
    }
}
