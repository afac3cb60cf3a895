import NIOConcurrencyHelpers
import SQLKit
import Vapor

/// SQLite only: read-only connections (`query_only`) for the ``Store``'s reads, each read run
/// straight on the calling thread, unless that is an event loop's (``read(logger:eventLoop:_:)``).
///
/// Through SQLiteNIO's pool, every statement hops to a thread pool, then to an event loop, then
/// back to the task: three thread switches for a read that takes SQLite microseconds. Here a read
/// takes an idle connection (opening one when none is idle), runs, and gives it back; statements
/// are prepared once per connection. Write-ahead logging means a reader never waits for the
/// writer.
final class SQLiteReaders: Sendable {
    /// Idle connections kept beyond this many are closed.
    private static let keptIdle = 8

    private let path: String
    private let idle = NIOLockedValueBox<(connections: [DirectSQLiteConnection], closed: Bool)>(([], false))

    init(path: String) {
        self.path = path
    }

    /// Runs `body` on a connection of its own. Called on an event loop's thread (a task that
    /// prefers the loop, ``EventLoopTaskExecutor``), it runs on Swift's shared threads instead, as
    /// a read blocks its thread.
    func read<T: Sendable>(logger: Logger, eventLoop: any EventLoop, _ body: @Sendable (any SQLDatabase) async throws -> T) async throws -> T {
        if MultiThreadedEventLoopGroup.currentEventLoop != nil {
            return try await withTaskExecutorPreference(globalConcurrentExecutor) {
                try await run(logger: logger, eventLoop: eventLoop, body)
            }
        }
        return try await run(logger: logger, eventLoop: eventLoop, body)
    }

    private func run<T>(logger: Logger, eventLoop: any EventLoop, _ body: (any SQLDatabase) async throws -> T) async throws -> T {
        let connection = try checkOut()
        do {
            let value = try await body(DirectSQLiteDatabase(connection: connection, logger: logger, eventLoop: eventLoop))
            checkIn(connection)
            return value
        } catch {
            checkIn(connection)
            throw error
        }
    }

    /// Closes the idle connections; one checked out now is closed when it comes back.
    func close() {
        let connections = idle.withLockedValue { state in
            state.closed = true
            defer { state.connections = [] }
            return state.connections
        }
        for connection in connections { connection.close() }
    }

    private func checkOut() throws -> DirectSQLiteConnection {
        let (connection, closed) = idle.withLockedValue { ($0.connections.popLast(), $0.closed) }
        guard !closed else { throw StoreClosed() }
        if let connection { return connection }
        return try DirectSQLiteConnection(path: path, settings: DatabaseSetup.sqliteConnectionSettings + ["PRAGMA query_only=ON"])
    }

    private func checkIn(_ connection: DirectSQLiteConnection) {
        let kept = idle.withLockedValue { state in
            guard !state.closed, state.connections.count < Self.keptIdle else { return false }
            state.connections.append(connection)
            return true
        }
        if !kept { connection.close() }
    }
}
