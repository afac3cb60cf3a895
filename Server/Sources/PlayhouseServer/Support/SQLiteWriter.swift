import Foundation
import NIOConcurrencyHelpers
import SQLKit
import Vapor

/// SQLite only: where this process's writes run, one transaction at a time, as SQLite has one
/// writer anyway: a connection of their own, opened on first use and kept until shutdown, on a
/// thread of their own, queued in arrival order (a ``SerialGate``).
///
/// A transaction's statements run straight through on that thread, with no hop to a thread pool
/// and back between them; with a connection of its own, a write never waits for a connection that
/// readers are using. Each begins `IMMEDIATE`, so none fails halfway upgrading a read lock and
/// none spins on a busy database. The connection has foreign keys on, `synchronous=NORMAL` and a
/// busy timeout (for another process's writer, such as the CLI's).
final class SQLiteWriter: Sendable {
    /// The thread every process's writes run on.
    private static let thread = DedicatedThreadExecutor(name: "playhouse-sqlite-writer")

    private let path: String
    private let gate = SerialGate()
    /// The open connection, and whether the writer has been closed for good.
    private let connection = NIOLockedValueBox<(open: DirectSQLiteConnection?, closed: Bool)>((nil, false))

    init(path: String) {
        self.path = path
    }

    /// Runs `body` in one `BEGIN IMMEDIATE` transaction on the writer's thread, after the
    /// transactions queued before it: committed when it returns, rolled back when it throws.
    func transaction<T: Sendable>(on eventLoop: any EventLoop, logger: Logger,
                                  _ body: @escaping @Sendable (any SQLDatabase) async throws -> T) async throws -> T {
        try await gate.run {
            try await withTaskExecutorPreference(Self.thread) {
                try await DirectSQLiteDatabase(connection: try open(), logger: logger, eventLoop: eventLoop)
                    .runTransaction(begin: "BEGIN IMMEDIATE", body)
            }
        }
    }

    private func open() throws -> DirectSQLiteConnection {
        let (open, closed) = connection.withLockedValue { $0 }
        guard !closed else { throw StoreClosed() }
        if let open, open.isOpen { return open }
        let opened = try DirectSQLiteConnection(path: path, settings: ["PRAGMA foreign_keys=ON"] + DatabaseSetup.sqliteConnectionSettings)
        connection.withLockedValue { $0.open = opened }
        return opened
    }

    /// Closes the connection once the transactions queued before this call have run; any after
    /// it meet ``StoreClosed``.
    func close() async {
        try? await gate.run {
            connection.withLockedValue { state in
                state.open?.close()
                state.open = nil
                state.closed = true
            }
        }
    }
}
