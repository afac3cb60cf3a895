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
        PlayhouseApplication.keepFreedMemoryForReuse()
        let app = try await PlayhouseApplication.make(configuration, arguments: ["playhouse", "serve"])
        if configuration.paymentSettleInterval > 0 {
            app.lifecycle.use(BackgroundWork.paymentSettler(every: .milliseconds(Int(configuration.paymentSettleInterval * 1000))))
        }
        app.lifecycle.use(BackgroundWork.contentStatsWriter(every: .seconds(5)))
        app.lifecycle.use(BackgroundWork.figureKeeper(every: .seconds(60)))
        app.lifecycle.use(BackgroundWork.listPurger(every: .seconds(3600)))
        app.lifecycle.use(BackgroundWork.operatorSessionSweeper(every: .seconds(3600)))
        app.lifecycle.use(BackgroundWork.exclusionSweeper(every: .seconds(3600)))
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
        try await options.withApplication(logLevel: nil) { _ in print("Migrations are up to date.") }
    }
}
