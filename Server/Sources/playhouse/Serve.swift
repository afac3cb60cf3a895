import ArgumentParser
import Foundation
import PlayhouseServer
import Vapor

struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run the server (the default command). Applies pending migrations first."
    )

    @OptionGroup var options: ServerOptions

    func run() async throws {
        let configuration = try options.resolve()
        CommandLogging.bootstrap(configuration.logLevel)
        _ = PlayhouseApplication.runTasksOnEventLoops(configuration)
        let app = try await PlayhouseApplication.make(configuration, arguments: ["playhouse", "serve"])
        if configuration.paymentSettleInterval > 0 {
            app.lifecycle.use(BackgroundWork.paymentSettler(every: .milliseconds(Int(configuration.paymentSettleInterval * 1000))))
        }
        app.lifecycle.use(BackgroundWork.contentStatsWriter(every: .seconds(5)))
        do {
            if let welcome = try await PlayhouseApplication.welcome(app) {
                FileHandle.standardOutput.write(Data((welcome + "\n").utf8))
            }
            try await app.execute()
            // Stopped (SIGTERM, Ctrl-C): the server stops taking requests and lets those in flight
            // finish, before the application closes what they use (its database connections).
            await app.server.shutdown()
        } catch {
            try? await app.asyncShutdown()
            throw error
        }
        try await app.asyncShutdown()
    }
}

struct Migrate: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Apply pending database migrations and exit.")

    @OptionGroup var options: ServerOptions

    func run() async throws {
        let configuration = try options.resolve()
        CommandLogging.bootstrap(configuration.logLevel)
        try await withApplication(configuration) { _ in print("Migrations are up to date.") }
    }
}

/// Runs `body` with a migrated application that serves nothing, then shuts it down.
func withApplication<T>(_ configuration: PlayhouseConfiguration, _ body: (Application) async throws -> T) async throws -> T {
    let app = try await PlayhouseApplication.make(configuration)
    do {
        let result = try await body(app)
        try await app.asyncShutdown()
        return result
    } catch {
        try? await app.asyncShutdown()
        throw error
    }
}
