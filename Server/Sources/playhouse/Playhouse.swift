import ArgumentParser
import Logging
import PlayhouseServer
import class Vapor.Application

@main
struct Playhouse: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "playhouse",
        abstract: "The Playhouse server: player accounts, sessions, wallet, bets and more for mobile games.",
        subcommands: [Serve.self, Migrate.self, Apps.self, Currencies.self, ListsCommand.self, Promotions.self, LedgerCommand.self, Payments.self, Games.self,
                      FairnessCommand.self, SMS.self, SigningKeysCommand.self, ContentCommand.self, CatalogCommand.self, DataCommand.self,
                      OperatorsCommand.self, AuditLogCommand.self, PlayersCommand.self],
        defaultSubcommand: Serve.self
    )
}

/// Options every command shares: where the data is, and how much to log.
struct ServerOptions: ParsableArguments {
    @Option(help: "Address to listen on. [env: PLAYHOUSE_HOST] (default: 127.0.0.1)")
    var host: String?

    @Option(help: "Port to listen on. [env: PLAYHOUSE_PORT] (default: 8080)")
    var port: Int?

    @Option(name: .customLong("data-dir"), help: "Directory of the embedded SQLite database. [env: PLAYHOUSE_DATA_DIR] (default: ./.playhouse)")
    var dataDirectory: String?

    @Option(name: .customLong("database-url"), help: "A postgres:// URL; uses PostgreSQL instead of SQLite. [env: PLAYHOUSE_DATABASE_URL]")
    var databaseURL: String?

    @Option(name: .customLong("public-url"), help: "The URL clients reach this server at. [env: PLAYHOUSE_PUBLIC_URL]")
    var publicURL: String?

    @Option(name: .customLong("log-level"), help: "trace, debug, info, notice, warning, error or critical. [env: PLAYHOUSE_LOG_LEVEL] (default: info)")
    var logLevel: String?

    func resolve() throws -> PlayhouseConfiguration {
        var configuration: PlayhouseConfiguration
        do {
            configuration = try PlayhouseConfiguration.fromEnvironment()
        } catch let error as ConfigurationError {
            throw ValidationError(error.description)
        }
        if let host { configuration.host = host }
        if let port {
            guard (0...65535).contains(port) else { throw ValidationError("--port must be between 0 and 65535") }
            configuration.port = port
        }
        if let dataDirectory { configuration.dataDirectory = dataDirectory }
        if let databaseURL { configuration.databaseURL = databaseURL }
        if let publicURL { configuration.publicURL = publicURL }
        if let logLevel {
            guard let level = Logger.Level(rawValue: logLevel.lowercased()) else {
                throw ValidationError("--log-level must be one of trace, debug, info, notice, warning, error, critical")
            }
            configuration.logLevel = level
        }
        return configuration
    }
}

extension ServerOptions {
    /// What every command but `serve` shares: its settings resolved, logging set up (warnings only,
    /// unless `logLevel` is nil: then the configured level), a migrated application on the data
    /// directory that serves nothing, shut down after `body`. A problem the server refuses with
    /// becomes a readable error.
    func withApplication<T>(logLevel: Logger.Level? = .warning, _ body: (Application) async throws -> T) async throws -> T {
        let configuration = try resolve()
        CommandLogging.bootstrap(logLevel ?? configuration.logLevel)
        let app = try await PlayhouseApplication.make(configuration)
        do {
            let result = try await cliProblem { try await body(app) }
            try await app.asyncShutdown()
            return result
        } catch {
            try? await app.asyncShutdown()
            throw error
        }
    }

    /// ``withApplication(logLevel:_:)`` with the developer app `reference` names (its client id or
    /// id); an unknown one is an error.
    func withApp<T>(_ reference: String, _ body: (Application, AppRecord) async throws -> T) async throws -> T {
        try await withApplication { application in
            guard let found = try await application.apps.find(reference) else { throw CLIError("no app \(reference)") }
            return try await body(application, found)
        }
    }
}

/// A command-line failure: printed as `Error: …` with exit code 1.
struct CLIError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// Runs `body`, turning a server validation problem into a readable command-line error.
func cliProblem<T>(_ body: () async throws -> T) async throws -> T {
    do {
        return try await body()
    } catch let error as PlayhouseProblem {
        throw CLIError(error.description)
    }
}

/// Sets up logging once per process, at the configured level.
enum CommandLogging {
    nonisolated(unsafe) private static var bootstrapped = false

    static func bootstrap(_ level: Logger.Level) {
        guard !bootstrapped else { return }
        bootstrapped = true
        LoggingSystem.bootstrap { label in LogfmtLogHandler(label: label, level: level) }
    }
}
