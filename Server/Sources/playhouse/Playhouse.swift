import ArgumentParser
import Logging
import PlayhouseServer

@main
struct Playhouse: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "playhouse",
        abstract: "The Playhouse server: player accounts, sessions, wallet, bets and more for mobile games.",
        subcommands: [Serve.self, Migrate.self, Apps.self, Currencies.self, Promotions.self, LedgerCommand.self, Payments.self, Games.self,
                      FairnessCommand.self, SMS.self, SigningKeysCommand.self, ContentCommand.self, CatalogCommand.self],
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

/// Sets up logging once per process, at the configured level.
enum CommandLogging {
    nonisolated(unsafe) private static var bootstrapped = false

    static func bootstrap(_ level: Logger.Level) {
        guard !bootstrapped else { return }
        bootstrapped = true
        LoggingSystem.bootstrap { label in LogfmtLogHandler(label: label, level: level) }
    }
}
