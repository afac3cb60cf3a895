import FluentSQLiteDriver
import Foundation
import NIOConcurrencyHelpers
import NIOPosix
import SQLKit
import Vapor

/// SQLite only: the connection this process's money transactions run on, opened on first use
/// and kept until shutdown. With a connection of their own, movements never wait in the gate for
/// a pooled connection that readers are using. It has the pool's settings (foreign keys,
/// `synchronous=NORMAL`, a busy timeout), and is only used inside the money gate, one
/// transaction at a time.
final class MoneyConnection: Sendable {
    private let path: String
    private let connection = NIOLockedValueBox<SQLiteConnection?>(nil)

    init(path: String) {
        self.path = path
    }

    func sql(on eventLoop: any EventLoop, logger: Logger) async throws -> any SQLDatabase {
        if let open = connection.withLockedValue({ $0 }), !open.isClosed { return open.sql() }
        let opened = try await SQLiteConnection.open(storage: .file(path: path), threadPool: .singleton, logger: logger, on: eventLoop)
        for pragma in ["PRAGMA foreign_keys=ON"] + DatabaseSetup.sqliteConnectionSettings {
            _ = try await opened.query(pragma)
        }
        connection.withLockedValue { $0 = opened }
        return opened.sql()
    }

    func close() async {
        let open = connection.withLockedValue { open in
            defer { open = nil }
            return open
        }
        try? await open?.close()
    }
}

/// Closes the money connection when the application shuts down.
struct MoneyConnectionLifecycle: LifecycleHandler {
    func shutdownAsync(_ application: Application) async {
        await application.playhouse.moneyConnection.close()
    }
}
