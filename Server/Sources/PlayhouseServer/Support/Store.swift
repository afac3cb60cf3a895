import Foundation
import Logging
import NIOCore
import PostgresKit
import Prometheus
import SQLKit

/// The one way every feature reads and writes the database.
///
/// A feature's service holds a store and says what kind of work it does; the store picks the
/// connection, and each statement's SQL is prepared once per connection and kept:
///
/// - ``read(_:)``: statements that only read, outside any transaction.
/// - ``readTogether(_:)``: statements that only read and must see one version of the data.
/// - ``write(_:)``: one statement that writes, which is its own transaction.
/// - ``transaction(_:)``: several statements, committed together or not at all.
/// - ``write(_:)-([SQLQueryString])``: several writes that need nothing back, all or none: on
///   PostgreSQL one statement (a data-modifying `WITH`), one round trip with no `BEGIN` and `COMMIT`.
///
/// On SQLite, reads run straight on the calling thread (on Swift's shared threads when called on
/// an event loop's) on read-only connections of their own (``SQLiteReaders``), and every write on
/// the one writer connection (``SQLiteWriter``), one transaction at a time, queued in this
/// process, as SQLite has one writer anyway. On PostgreSQL,
/// each runs on a pooled connection as named prepared statements (``PreparedPostgresSQL``); a
/// write or transaction that the database ends with a serialization failure or a deadlock runs
/// again (and `GET /metrics` counts the deadlocks).
///
/// Inside a transaction, ``init(_:)`` makes the store of that transaction's connection: every
/// service built on it reads and writes there, and its own ``transaction(_:)`` joins the one
/// already running. Rows are decoded by the services, column by column, into plain values.
public struct Store: Sendable {
    fileprivate enum Route: Sendable {
        case sqlite(SQLiteStore)
        case postgres(PostgresStore)
        case connection(any SQLDatabase)
    }

    private let route: Route
    let logger: Logger
    let eventLoop: any EventLoop

    fileprivate init(route: Route, logger: Logger, eventLoop: any EventLoop) {
        self.route = route
        self.logger = logger
        self.eventLoop = eventLoop
    }

    /// The store of `connection`, which is inside a transaction: everything runs on it.
    init(_ connection: any SQLDatabase) {
        self.init(route: .connection(connection), logger: connection.logger, eventLoop: connection.eventLoop)
    }

    /// Whether this store runs inside a transaction.
    var inTransaction: Bool {
        if case .connection = route { return true }
        return false
    }

    /// The SQL dialect's name: `sqlite` or `postgresql`.
    var dialect: String {
        switch route {
        case .sqlite: "sqlite"
        case .postgres: "postgresql"
        case .connection(let sql): sql.dialect.name
        }
    }

    /// Runs reads, outside any transaction (inside one, on its connection).
    func read<T: Sendable>(_ body: @escaping @Sendable (any SQLDatabase) async throws -> T) async throws -> T {
        switch route {
        case .sqlite(let store): try await store.readers.read(logger: logger, eventLoop: eventLoop, body)
        case .postgres(let store): try await store.session(logger: logger, eventLoop: eventLoop, body)
        case .connection(let sql): try await body(sql)
        }
    }

    /// Runs reads that must see one version of the data, whatever is written meanwhile: in one read
    /// transaction (on SQLite a deferred `BEGIN` on a read-only connection, which `query_only`
    /// allows; on PostgreSQL `REPEATABLE READ READ ONLY`); inside a transaction, on its connection.
    func readTogether<T: Sendable>(_ body: @escaping @Sendable (any SQLDatabase) async throws -> T) async throws -> T {
        switch route {
        case .sqlite(let store): try await store.readers.read(logger: logger, eventLoop: eventLoop) { try await $0.runTransaction(body) }
        case .postgres(let store):
            try await store.session(logger: logger, eventLoop: eventLoop) {
                try await $0.runTransaction(begin: "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY", body)
            }
        case .connection(let sql): try await body(sql)
        }
    }

    /// Runs one statement that writes: on PostgreSQL with no `BEGIN` and `COMMIT` around it, two
    /// round trips it does not need; on SQLite, and inside a transaction, as ``transaction(_:)``.
    /// On PostgreSQL it runs again when the database ends it with a serialization failure or a
    /// deadlock, as ``transaction(_:)`` does.
    func write<T: Sendable>(_ body: @escaping @Sendable (any SQLDatabase) async throws -> T) async throws -> T {
        switch route {
        case .postgres(let store): try await store.again { try await store.session(logger: logger, eventLoop: eventLoop, body) }
        default: try await transaction(body)
        }
    }

    /// Writes `statements` (inserts, updates and deletes whose rows are not wanted back), all or
    /// none. On PostgreSQL they are one statement, each a part of a data-modifying `WITH`: they see
    /// the same snapshot (not one another's rows), and the constraints are checked at its end, so a
    /// row may refer to one written beside it. On SQLite, and inside a transaction, they run one
    /// after another in the transaction.
    func write(_ statements: [SQLQueryString]) async throws {
        guard !statements.isEmpty else { return }
        if case .postgres = route {
            let last = statements.count - 1
            let parts = statements[..<last].enumerated().map { "part\(unsafeRaw: String($0.offset)) AS (\($0.element))" as SQLQueryString }
            let together: SQLQueryString = parts.isEmpty ? statements[last] : "WITH \(parts.joined(separator: ", ")) \(statements[last])"
            try await write { sql in try await sql.raw(together).run() }
        } else {
            try await transaction { sql in
                for statement in statements { try await sql.raw(statement).run() }
            }
        }
    }

    /// Runs `body` in one transaction: committed when it returns, rolled back when it throws.
    /// On SQLite it begins `IMMEDIATE`, so it never fails halfway upgrading a read lock; on
    /// PostgreSQL it runs again (up to five times) when the database ends it with a
    /// serialization failure or a deadlock, so `body` must do all its work through `sql`.
    func transaction<T: Sendable>(_ body: @escaping @Sendable (any SQLDatabase) async throws -> T) async throws -> T {
        switch route {
        case .sqlite(let store):
            return try await store.writer.transaction(on: eventLoop, logger: logger, body)
        case .postgres(let store):
            return try await store.again { try await store.session(logger: logger, eventLoop: eventLoop) { sql in try await sql.runTransaction(body) } }
        case .connection(let sql):
            return try await body(sql)
        }
    }
}

/// The store's engines, made once per application: ``Store`` values are made from one per
/// request (or command) with its logger and event loop.
enum StoreEngine: Sendable {
    case sqlite(SQLiteStore)
    case postgres(PostgresStore)

    func store(logger: Logger, eventLoop: any EventLoop) -> Store {
        switch self {
        case .sqlite(let store): Store(route: .sqlite(store), logger: logger, eventLoop: eventLoop)
        case .postgres(let store): Store(route: .postgres(store), logger: logger, eventLoop: eventLoop)
        }
    }

    /// Closes what the engine keeps open, once nothing runs on it any more.
    func shutdown() async {
        switch self {
        case .sqlite(let store): await store.close()
        case .postgres(let store): await store.close()
        }
    }
}

/// SQLite: read-only connections for reads, the one writer connection for writes, and the
/// connections that watch for commits.
final class SQLiteStore: Sendable {
    let readers: SQLiteReaders
    let writer: SQLiteWriter
    /// The database file.
    let path: String

    init(path: String) {
        self.path = path
        readers = SQLiteReaders(path: path)
        writer = SQLiteWriter(path: path)
    }

    func close() async {
        readers.close()
        await writer.close()
    }

    /// A new watch of the database's commits, for one cache alone (each watch's looks are its
    /// own); its owner closes it.
    func commitWatch() -> SQLiteCommitWatch { SQLiteCommitWatch(path: path) }
}

/// PostgreSQL: a pool of connections for each event loop; a store takes its connections from its
/// own event loop's, so that a request's statements and their replies stay on the loop it runs on.
/// `@unchecked` because AsyncKit's pools are not marked `Sendable`: each event loop's pool is
/// confined to its loop, and its methods hop there when called from elsewhere.
final class PostgresStore: @unchecked Sendable {
    private let pools: EventLoopGroupConnectionPool<PostgresConnectionSource>
    /// Where the connections go, for a connection of its own (``ListChangeListener``'s).
    let configuration: SQLPostgresConfiguration
    /// Counts the statements the database ended in a deadlock.
    private let deadlocks: Counter

    init(configuration: SQLPostgresConfiguration, connectionsPerEventLoop: Int, on eventLoopGroup: any EventLoopGroup, deadlocks: Counter) {
        self.configuration = configuration
        self.deadlocks = deadlocks
        pools = EventLoopGroupConnectionPool(source: PostgresConnectionSource(sqlConfiguration: configuration),
                                             maxConnectionsPerEventLoop: connectionsPerEventLoop, requestTimeout: .seconds(10),
                                             on: eventLoopGroup)
    }

    /// Runs `body` on a pooled connection, outside any transaction, as prepared statements
    /// (``PreparedPostgresSQL``), on the connection's event loop (``EventLoopTaskExecutor``), where
    /// its replies arrive.
    func session<T: Sendable>(logger: Logger, eventLoop: any EventLoop,
                              _ body: @escaping @Sendable (any SQLDatabase) async throws -> T) async throws -> T {
        let pool = pools.pool(for: eventLoop)
        let connection: PostgresConnection
        do {
            connection = try await pool.requestConnection(logger: logger).get()
        } catch ConnectionPoolError.shutdown {
            throw StoreClosed()
        }
        defer { pool.releaseConnection(connection, logger: logger) }
        do {
            return try await withTaskExecutorPreference(EventLoopTaskExecutor(connection.eventLoop)) {
                try await body(PreparedPostgresSQL(connection: connection, logger: logger))
            }
        } catch let error as PSQLError where error.serverInfo?[.sqlState] == "40P01" {
            deadlocks.increment()
            throw error
        }
    }

    func close() async {
        try? await pools.shutdownAsync()
    }

    /// Runs `work` (a transaction, or a statement that is its own) and, when the database ends it
    /// with a serialization failure or a deadlock, having written nothing, again: up to five times
    /// more, each after a short random pause so that the two sides of a deadlock do not meet again.
    func again<T>(_ work: () async throws -> T) async throws -> T {
        var attempt = 0
        while true {
            do {
                return try await work()
            } catch let error as PSQLError where attempt < 5 && Self.isRetryable(error) {
                attempt += 1
                try await Task.sleep(for: .milliseconds(Int.random(in: 1...(10 * attempt))))
            }
        }
    }

    /// Serialization failure or deadlock: the transaction did nothing and may simply run again.
    private static func isRetryable(_ error: PSQLError) -> Bool {
        guard let state = error.serverInfo?[.sqlState] else { return false }
        return state == "40001" || state == "40P01"
    }
}

/// The store was closed (the server is stopping) before a statement could run: a request that
/// meets it is answered `503`.
struct StoreClosed: Error {}

extension Store {
    /// Whether `error` is PostgreSQL refusing a text it cannot hold (a NUL character, a byte
    /// sequence that is not UTF-8): bad input, whatever statement met it.
    static func isUnstorableText(_ error: any Error) -> Bool {
        guard let error = error as? PSQLError, let state = error.serverInfo?[.sqlState] else { return false }
        return state == "22021" || state == "22P05"
    }

    /// Whether `error` is the database refusing a statement: an error with its SQLSTATE. A
    /// statement that is its own transaction then wrote nothing. (A connection lost on the way
    /// carries none: the statement may have committed.)
    static func wroteNothing(_ error: any Error) -> Bool {
        (error as? PSQLError)?.serverInfo?[.sqlState] != nil
    }

    /// Whether `error` is the database refusing a write for a constraint: a unique key taken, a
    /// row referred to that is not there.
    static func isConstraintViolation(_ error: any Error) -> Bool {
        switch error {
        case let error as PSQLError: error.serverInfo?[.sqlState]?.hasPrefix("23") == true
        case let error as DirectSQLiteError: error.isConstraintFailure
        default: false
        }
    }
}
