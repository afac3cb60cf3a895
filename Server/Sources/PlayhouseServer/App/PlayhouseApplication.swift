import Fluent
import Foundation
#if canImport(Glibc)
import Glibc
#endif
import NIOCore
import NIOPosix
import PlayhouseAPI
import Vapor

/// Builds configured Playhouse applications for the CLI and for tests.
public enum PlayhouseApplication {
    /// A configured application. `arguments` are what Vapor's command runner sees (`["playhouse"]`
    /// serves). Migrations run unless `migrate` is false.
    public static func make(_ configuration: PlayhouseConfiguration, arguments: [String] = ["playhouse"],
                            environment: String = "production", migrate: Bool = true) async throws -> Application {
        let app = try await Application.make(Environment(name: environment, arguments: arguments))
        do {
            try await configure(app, with: configuration, migrate: migrate)
        } catch {
            try? await app.asyncShutdown()
            throw error
        }
        return app
    }

    /// On PostgreSQL, makes the event loops this process's executor of Swift tasks as well, once,
    /// before any application is made; answers whether they now are. A request's handler then runs
    /// on the event loop its connection and its database replies arrive on, instead of hopping to
    /// Swift's own threads and back at every statement: PostgreSQL servers do about a tenth more
    /// deposits and a quarter more heartbeats on 2 cores (`scripts/bench-wallet`,
    /// `scripts/bench-sessions`).
    ///
    /// Not on SQLite, whose reads run on the thread of the task that makes them (``SQLiteReaders``):
    /// there they would hold up an event loop, and heartbeats ran at less than half the speed.
    public static func runTasksOnEventLoops(_ configuration: PlayhouseConfiguration) -> Bool {
        guard configuration.databaseURL != nil else { return false }
        return NIOSingletons.unsafeTryInstallSingletonPosixEventLoopGroupAsConcurrencyGlobalExecutor()
    }

    /// Lets the C allocator keep up to 8 MiB of freed memory per arena for its next allocations,
    /// and serve allocations below 4 MiB from its arenas, instead of handing memory back to the
    /// kernel (`madvise`, `munmap`) as soon as it is freed. Called once, by `playhouse serve`.
    ///
    /// With glibc's defaults a request that allocates and frees a few hundred kilobytes pays the
    /// kernel to zero those pages again on the next request: SQLite's temporary tables and sorters
    /// for one "offers near a point" query cost 81 page faults, about a seventh of its CPU
    /// (`scripts/bench-catalog`, `perf record`). The cost: up to 8 MiB kept per arena (glibc makes
    /// at most 8 per core), and allocations of 4 MiB or more always mapped anew, as setting the
    /// thresholds stops glibc from raising them as it goes.
    public static func keepFreedMemoryForReuse() {
        #if canImport(Glibc)
        // `mallopt` is in <malloc.h>, which Swift's Glibc module leaves out; its option numbers are
        // glibc's M_TRIM_THRESHOLD (-1) and M_MMAP_THRESHOLD (-3).
        typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
        guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "mallopt") else { return }
        let mallopt = unsafeBitCast(symbol, to: Mallopt.self)
        _ = mallopt(-1, 8 << 20)
        _ = mallopt(-3, 4 << 20)
        #endif
    }

    /// What a newcomer needs next, when the database has no app yet; nil otherwise.
    public static func welcome(_ app: Application) async throws -> String? {
        guard try await app.apps.list().isEmpty else { return nil }
        let base = app.playhouse.configuration.resolvedPublicURL
        return """

            Welcome to Playhouse. This database has no apps yet. Create one:

                playhouse apps create --name "My Game" --redirect-uri mygame://authorize --environment sandbox

            then get a token with its client id and secret:

                curl -u CLIENT_ID:CLIENT_SECRET -d grant_type=client_credentials \(base)/oauth/token

            API reference: \(base)/openapi.json    Health: \(base)/healthz    Metrics: \(base)/metrics

            """
    }

    /// Applies pending migrations and says how many in one line (each migration's own lines are
    /// at the debug level), and makes the first signing key of each purpose in a new database, so
    /// that publishing the keys is only ever a read; answers how many migrations ran.
    @discardableResult
    public static func migrate(_ app: Application) async throws -> Int {
        try await DatabaseSetup.prepare(app)
        let migrator = Migrator(databases: app.databases, migrations: app.migrations, logger: app.logger,
                                on: app.eventLoopGroup.any(), migrationLogLevel: .debug)
        try await migrator.setupIfNeeded().get()
        let pending = try await migrator.previewPrepareBatch().get().count
        try await migrator.prepareBatch().get()
        if pending > 0 { app.logger.info("applied \(pending) migration\(pending == 1 ? "" : "s")") }
        for purpose in SigningKeys.Purpose.allCases { _ = try await app.signingKeys(purpose).current() }
        return pending
    }
}

/// What the CLI asks of the application beyond its services (``ServiceContext``).
extension Application {
    /// Why each campaign of `placement` is or is not shown to a player (or, without one, an
    /// installation) of the app `appID` at `at`.
    public func explainPlacement(_ placement: String, appID: UUID, playerID: UUID?, installationID: String?,
                                 at: Date) async throws -> PlacementExplanation {
        try await placements.explain(placement, for: .init(appID: appID, playerID: playerID, installationID: installationID), at: at)
    }

    /// The content statistics of the app `appID` for the last `days` days, this instance's counts written first.
    public func contentStats(appID: UUID, days: Int) async throws -> [ContentStatsRow] {
        try await playhouse.contentStats.report(appID: appID, days: days, now: now, store: store)
    }
}
