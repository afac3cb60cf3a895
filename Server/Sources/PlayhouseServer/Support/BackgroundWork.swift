import NIOConcurrencyHelpers
import Vapor

/// Work the server does on its own schedule while it runs (settling payments, writing content
/// statistics), so that no request has to: `work` runs every `interval` from boot, and once more
/// at shutdown when `atShutdown` says so (lifecycle handlers stop in reverse order, so it runs
/// before the database closes). A failure is logged and the next round tries again.
public final class BackgroundWork: LifecycleHandler, Sendable {
    let name: String
    let interval: Duration
    let atShutdown: Bool
    let work: @Sendable (Application) async throws -> Void
    private let loop = NIOLockedValueBox<Task<Void, Never>?>(nil)

    init(_ name: String, every interval: Duration, atShutdown: Bool = false, _ work: @escaping @Sendable (Application) async throws -> Void) {
        self.name = name
        self.interval = interval
        self.atShutdown = atShutdown
        self.work = work
    }

    public func didBootAsync(_ application: Application) async throws {
        loop.withLockedValue { loop in
            loop = Task {
                while !Task.isCancelled {
                    do { try await Task.sleep(for: interval) } catch { return }
                    await round(application)
                }
            }
        }
    }

    public func shutdownAsync(_ application: Application) async {
        if let task = loop.withLockedValue({ loop in defer { loop = nil }; return loop }) {
            task.cancel()
            await task.value
        }
        if atShutdown { await round(application) }
    }

    private func round(_ application: Application) async {
        do { try await work(application) } catch {
            application.logger.warning("\(name) failed; trying again later", metadata: ["error": "\(String(reflecting: error))"])
        }
    }
}

extension BackgroundWork {
    /// Settles due payments (``PaymentService/settleDue(playerID:limit:)``) every `interval`, so that
    /// pending payments complete, and payments left with the provider are concluded, even when no
    /// player looks. Every instance may run one: each payment settles once.
    public static func paymentSettler(every interval: Duration) -> BackgroundWork {
        BackgroundWork("Settling due payments", every: interval) { application in
            var settled = 0
            repeat { settled = try await application.payments.settleDue(limit: 200) } while settled == 200 && !Task.isCancelled
        }
    }

    /// Counts and keeps the dashboard's settled days and hours (``DashboardFigures/keepSettled()``)
    /// every `interval`, so that a read of the dashboard counts little and writes nothing. Every
    /// instance may run one: a count is kept once.
    public static func figureKeeper(every interval: Duration) -> BackgroundWork {
        BackgroundWork("Keeping the dashboard's counts", every: interval) { application in
            try await application.dashboard.keepSettled()
        }
    }

    /// Writes this instance's content statistics (``ContentStats``) every `interval`, and when it stops.
    public static func contentStatsWriter(every interval: Duration) -> BackgroundWork {
        BackgroundWork("Writing content statistics", every: interval, atShutdown: true) { application in
            try await application.playhouse.contentStats.flush(application.store)
        }
    }
}

extension BackgroundWork {
    /// Forgets list tombstones past ``PlayhouseConfiguration/listRetention`` (``ListFeed/purge(retention:)``)
    /// every `interval`. Every instance may run one: a second purge finds nothing.
    public static func listPurger(every interval: Duration) -> BackgroundWork {
        BackgroundWork("Purging old list tombstones", every: interval) { application in
            try await application.listFeed.purge(retention: application.playhouse.configuration.listRetention)
        }
    }
}

extension BackgroundWork {
    /// Deletes expired console sessions (``OperatorService/forgetExpiredSessions()``) every
    /// `interval`. Every instance may run one: a second finds nothing.
    public static func operatorSessionSweeper(every interval: Duration) -> BackgroundWork {
        BackgroundWork("Deleting expired console sessions", every: interval) { application in
            try await application.operators.forgetExpiredSessions()
        }
    }
}
