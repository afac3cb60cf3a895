import Foundation
import NIOConcurrencyHelpers
import SQLKit
import Vapor

/// SQLite only: where this process's money transactions run, one at a time (the caller holds the
/// money gate): a connection of their own, opened on first use and kept until shutdown, on a
/// thread of their own.
///
/// A transaction's statements run straight through on that thread, as SQLite's one writer, with
/// no hop to a thread pool and back between them; with a connection of its own, a movement never
/// waits for a pooled connection that readers are using. The connection has the pool's settings
/// (foreign keys, `synchronous=NORMAL`, a busy timeout).
final class MoneyConnection: Sendable {
    /// The thread every process's money transactions run on.
    private static let thread = DedicatedThreadExecutor(name: "playhouse-money")

    private let path: String
    private let connection = NIOLockedValueBox<DirectSQLiteConnection?>(nil)

    init(path: String) {
        self.path = path
    }

    /// Runs `body` in one `BEGIN IMMEDIATE` transaction on the money thread: committed when it
    /// returns, rolled back when it throws.
    func transaction<T: Sendable>(on eventLoop: any EventLoop, logger: Logger,
                                  _ body: @escaping @Sendable (any SQLDatabase) async throws -> T) async throws -> T {
        try await withTaskExecutorPreference(Self.thread) {
            try await DirectSQLiteDatabase(connection: try open(), logger: logger, eventLoop: eventLoop)
                .runTransaction(begin: "BEGIN IMMEDIATE", body)
        }
    }

    private func open() throws -> DirectSQLiteConnection {
        if let open = connection.withLockedValue({ $0 }), open.isOpen { return open }
        let opened = try DirectSQLiteConnection(path: path, settings: ["PRAGMA foreign_keys=ON"] + DatabaseSetup.sqliteConnectionSettings)
        connection.withLockedValue { $0 = opened }
        return opened
    }

    /// Closes the connection; the caller holds the money gate.
    func close() {
        connection.withLockedValue { open in
            open?.close()
            open = nil
        }
    }
}

/// Closes the money connection when the application shuts down, once no transaction is running.
struct MoneyConnectionLifecycle: LifecycleHandler {
    func shutdownAsync(_ application: Application) async {
        let connection = application.playhouse.moneyConnection
        try? await application.playhouse.moneyGate.run { connection.close() }
    }
}
