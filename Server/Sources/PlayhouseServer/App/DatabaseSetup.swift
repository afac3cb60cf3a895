import Fluent
import FluentPostgresDriver
import FluentSQLiteDriver
import Foundation
import Vapor

/// Chooses and configures the database: PostgreSQL when a URL is given, otherwise the embedded
/// SQLite file in the data directory.
enum DatabaseSetup {
    /// Registers the database with Fluent, for the migrations, and answers the ``Store``'s engine
    /// on it, for everything else: SQLite's readers and writer on the data directory's file, or
    /// pools of PostgreSQL connections of its own (which count their deadlocks in `metrics`).
    static func configure(_ app: Application, _ configuration: PlayhouseConfiguration, metrics: ServerMetrics) throws -> StoreEngine {
        if let url = configuration.databaseURL {
            guard url.hasPrefix("postgres://") || url.hasPrefix("postgresql://") else {
                throw ConfigurationError("PLAYHOUSE_DATABASE_URL must be a postgres:// URL")
            }
            var postgres: SQLPostgresConfiguration
            do {
                postgres = try SQLPostgresConfiguration(url: url)
            } catch {
                throw ConfigurationError("PLAYHOUSE_DATABASE_URL is not a valid PostgreSQL URL: \(error)")
            }
            if let schema = configuration.postgresSchema {
                guard schema.range(of: "^[a-z_][a-z0-9_]{0,62}$", options: .regularExpression) != nil else {
                    throw ConfigurationError("PLAYHOUSE_DATABASE_SCHEMA must be a lowercase SQL identifier")
                }
                // Then `public`, where the extensions the server uses live (`cube`): an extension is
                // the database's, in one schema, whichever schema the server's tables are in.
                postgres.searchPath = [schema, "public"]
            }
            // The migrations' connections; the store has pools of its own.
            app.databases.use(.postgres(configuration: postgres, maxConnectionsPerEventLoop: 1, connectionPoolTimeout: .seconds(10)), as: .psql)
            return .postgres(PostgresStore(configuration: postgres, connectionsPerEventLoop: configuration.postgresConnectionsPerEventLoop,
                                           on: app.eventLoopGroup, deadlocks: metrics.deadlocks))
        } else {
            let directory = URL(fileURLWithPath: configuration.dataDirectory)
            do {
                try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            } catch {
                throw ConfigurationError("cannot create the data directory \(directory.path): \(error.localizedDescription)")
            }
            // The migrations' connection; the store has connections of its own.
            app.databases.use(.sqlite(.file(configuration.sqlitePath), maxConnectionsPerEventLoop: 1), as: .sqlite)
            return .sqlite(SQLiteStore(path: configuration.sqlitePath))
        }
    }

    /// What every SQLite connection needs, because these belong to a connection, not to the file:
    /// `synchronous=NORMAL`, the durability the server promises; a busy timeout, so writers on two
    /// connections queue instead of failing with SQLITE_BUSY; and the file's first GiB read through
    /// a memory map rather than copied page by page into each connection's own cache (`pread` and
    /// that cache were a fifth of an "offers near a point" query's CPU with a million stores; the
    /// map costs about 1 %). The write-ahead log is still read and written as a file. What the map
    /// changes: a read error of the disk ends the process (SIGBUS) instead of failing the
    /// statement, and the file's pages read count in the process's resident memory.
    static let sqliteConnectionSettings = ["PRAGMA synchronous=NORMAL", "PRAGMA busy_timeout=5000", "PRAGMA mmap_size=\(1 << 30)"]

    /// Settings applied after connecting: SQLite gets write-ahead logging, so readers never wait
    /// for the writer, and every pooled connection (the pool keeps one per event loop open) gets
    /// ``sqliteConnectionSettings``.
    static func prepare(_ app: Application) async throws {
        let configuration = app.playhouse.configuration
        guard let sql = app.db as? any SQLDatabase else { return }
        if let schema = configuration.postgresSchema, configuration.databaseURL != nil {
            try await sql.raw("CREATE SCHEMA IF NOT EXISTS \(ident: schema)").run()
            return
        }
        guard sql.dialect.name == "sqlite" else { return }
        try await sql.raw("PRAGMA journal_mode=WAL").run()
        for eventLoop in app.eventLoopGroup.makeIterator() {
            guard let database = app.databases.database(.sqlite, logger: app.logger, on: eventLoop) else { continue }
            try await database.withConnection { connection in
                let sql = try connection.sql()
                for setting in sqliteConnectionSettings { try await sql.raw(SQLQueryString(setting)).run() }
            }
        }
    }

    /// A short name of the engine in use, for logs and metrics.
    static func engineName(_ configuration: PlayhouseConfiguration) -> String {
        configuration.databaseURL == nil ? "sqlite" : "postgresql"
    }
}
