import Foundation
import Logging
import PostgresKit
import PostgresNIO
@testable import PlayhouseServer

/// Where each test's database comes from: a copy of one that the test process migrated when it
/// first needed it, instead of every test running the migrations (a quarter of a second on
/// SQLite, over a second of PostgreSQL's work on PostgreSQL, for each of hundreds of tests).
///
/// SQLite: the migrated file's bytes, written as the test's file. PostgreSQL: a database of the
/// test's own, made with the migrated one as its template (`CREATE DATABASE … TEMPLATE`), with the
/// tables in the schema ``schema``, as a server configured with `PLAYHOUSE_DATABASE_SCHEMA` keeps
/// them. The copies have no signing keys: each test's server makes its own, as a new database's does.
///
/// A configuration names its database (``Engine/isolatedConfiguration()``); the database is made when
/// the first application opens it and dropped, when asked, once the last one on it has closed.
actor TestDatabases {
    static let shared = TestDatabases()

    /// The schema of every PostgreSQL test database.
    static let schema = "playhouse_test"

    /// The migrated SQLite file, and its write-ahead log if it kept one.
    private var sqliteTemplate: Task<(file: Data, log: Data?), any Error>?
    private var postgresTemplate: Task<String, any Error>?
    /// Each database made (its SQLite path or PostgreSQL name), until it is dropped; the
    /// applications open on it; and those to drop once none is.
    private var made: [String: Task<Void, any Error>] = [:]
    private var users: [String: Int] = [:]
    private var toDrop: Set<String> = []

    /// Makes the database `configuration` names, unless it was made already (an application that
    /// opens it meanwhile waits for it), and counts one more application on it.
    func open(_ configuration: PlayhouseConfiguration) async throws {
        let name = Self.name(configuration)
        users[name, default: 0] += 1
        let making = made[name] ?? Task { try await make(configuration) }
        made[name] = making
        do {
            try await making.value
        } catch {
            users[name, default: 1] -= 1
            if users[name] == 0 { (users[name], made[name]) = (nil, nil) }
            throw error
        }
    }

    private func make(_ configuration: PlayhouseConfiguration) async throws {
        if configuration.databaseURL != nil {
            let template = try await postgresTemplateName()
            try await Self.postgres("CREATE DATABASE \"\(Self.name(configuration))\" TEMPLATE \"\(template)\"")
        } else {
            let template = try await sqliteTemplateFiles()
            try FileManager.default.createDirectory(atPath: configuration.dataDirectory, withIntermediateDirectories: true)
            try template.file.write(to: URL(fileURLWithPath: configuration.sqlitePath))
            try template.log?.write(to: URL(fileURLWithPath: configuration.sqlitePath + "-wal"))
        }
    }

    /// Counts one application fewer on the database; drops it when none is left and this one or
    /// an earlier one asked for it.
    func close(_ configuration: PlayhouseConfiguration, drop: Bool) async {
        let name = Self.name(configuration)
        if drop { toDrop.insert(name) }
        users[name, default: 1] -= 1
        guard users[name] == 0 else { return }
        users[name] = nil
        guard toDrop.remove(name) != nil else { return }
        made[name] = nil
        if configuration.databaseURL != nil {
            try? await Self.postgres("DROP DATABASE IF EXISTS \"\(name)\" WITH (FORCE)")
        } else {
            try? FileManager.default.removeItem(atPath: configuration.dataDirectory)
        }
    }

    /// The database's name on PostgreSQL (the URL's), its file on SQLite.
    private static func name(_ configuration: PlayhouseConfiguration) -> String {
        if let url = configuration.databaseURL { return String(URLComponents(string: url)?.path.dropFirst() ?? "") }
        return configuration.sqlitePath
    }

    /// `url` with another database.
    static func url(_ url: String, database: String) -> String {
        var components = URLComponents(string: url)!
        components.path = "/" + database
        return components.string!
    }

    // MARK: The templates

    private func sqliteTemplateFiles() async throws -> (file: Data, log: Data?) {
        if sqliteTemplate == nil {
            sqliteTemplate = Task {
                var configuration = PlayhouseConfiguration()
                configuration.logLevel = .warning
                configuration.dataDirectory = FileManager.default.temporaryDirectory.appendingPathComponent("playhouse-template-\(UUID().uuidString)").path
                defer { try? FileManager.default.removeItem(atPath: configuration.dataDirectory) }
                try await Self.migrate(configuration)
                let log = URL(fileURLWithPath: configuration.sqlitePath + "-wal")
                return (try Data(contentsOf: URL(fileURLWithPath: configuration.sqlitePath)),
                        FileManager.default.fileExists(atPath: log.path) ? try Data(contentsOf: log) : nil)
            }
        }
        return try await sqliteTemplate!.value
    }

    private func postgresTemplateName() async throws -> String {
        if postgresTemplate == nil {
            postgresTemplate = Task {
                guard let url = Engine.postgresURL else { throw ConfigurationError("PLAYHOUSE_TEST_DATABASE_URL is not set") }
                let now = Int(Date().timeIntervalSince1970)
                // Templates of earlier runs (a test process cannot drop its own as it ends), and tests'
                // databases of runs that were killed: those of the last two hours may still be in use
                // by a run going on beside this one. Each name ends in _<unix time>_<random>.
                let leftovers = try await Self.postgresNames(
                    "SELECT datname FROM pg_database WHERE datname LIKE 'playhouse\\_template\\_%' OR datname LIKE 't\\_%'")
                for old in leftovers {
                    guard let made = old.split(separator: "_").dropLast().last.flatMap({ Int($0) }), made < now - 7200 else { continue }
                    try? await Self.postgres("DROP DATABASE IF EXISTS \"\(old)\" WITH (FORCE)")
                }
                let name = "playhouse_template_\(now)_\(UUID().uuidString.prefix(8).lowercased())"
                try await Self.postgres("CREATE DATABASE \"\(name)\"")
                var configuration = PlayhouseConfiguration()
                configuration.logLevel = .warning
                configuration.databaseURL = Self.url(url, database: name)
                configuration.postgresSchema = Self.schema
                try await Self.migrate(configuration)
                return name
            }
        }
        return try await postgresTemplate!.value
    }

    /// Migrates a new database and takes its signing keys out again.
    private static func migrate(_ configuration: PlayhouseConfiguration) async throws {
        let app = try await PlayhouseApplication.make(configuration, environment: "testing")
        do {
            try await app.sql().raw("DELETE FROM signing_keys").run()
        } catch {
            try? await app.asyncShutdown()
            throw error
        }
        try await app.asyncShutdown()
    }

    // MARK: PostgreSQL, outside any application

    /// Runs `statement` on the database `PLAYHOUSE_TEST_DATABASE_URL` names, on a connection of its own.
    private static func postgres(_ statement: String) async throws {
        _ = try await postgresNames(statement)
    }

    /// Runs `statement` on the database `PLAYHOUSE_TEST_DATABASE_URL` names, and answers its rows'
    /// first column, as text.
    private static func postgresNames(_ statement: String) async throws -> [String] {
        guard let url = Engine.postgresURL else { throw ConfigurationError("PLAYHOUSE_TEST_DATABASE_URL is not set") }
        let configuration = try SQLPostgresConfiguration(url: url).coreConfiguration
        let logger = Logger(label: "playhouse.tests.databases")
        let connection = try await PostgresConnection.connect(configuration: configuration, id: 1, logger: logger)
        do {
            var names: [String] = []
            for try await row in try await connection.query(PostgresQuery(unsafeSQL: statement), logger: logger) {
                names.append(try row.decode(String.self))
            }
            try await connection.close()
            return names
        } catch {
            try? await connection.close()
            // PostgresNIO's errors say what went wrong only when reflected.
            throw ConfigurationError("\(statement): \(String(reflecting: error))")
        }
    }
}
