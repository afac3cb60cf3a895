import NIOConcurrencyHelpers
import PostgresKit
import Vapor

/// On PostgreSQL, this instance's ear for list changes made at any instance: one connection of
/// its own that `LISTEN`s on ``ListChangeSignal/channel`` and wakes the long polls waiting here
/// for the players each `NOTIFY` names. When the connection is lost it connects again after a
/// second, and wakes every poll (each reads the feed again), so a change announced meanwhile is
/// not waited out.
final class ListChangeListener: LifecycleHandler, Sendable {
    let configuration: SQLPostgresConfiguration
    let signal: ListChangeSignal
    private let running = NIOLockedValueBox<(task: Task<Void, Never>?, connection: PostgresConnection?)>((nil, nil))

    init(configuration: SQLPostgresConfiguration, signal: ListChangeSignal) {
        self.configuration = configuration
        self.signal = signal
    }

    /// Starts listening (also when a test boots the application without `async`).
    public func didBoot(_ application: Application) throws {
        let logger = application.logger, eventLoop = application.eventLoopGroup.any()
        let task = Task { await self.listen(logger: logger, on: eventLoop) }
        running.withLockedValue { $0.task = task }
    }

    public func shutdownAsync(_ application: Application) async {
        let (task, connection) = running.withLockedValue { running in
            defer { running = (nil, nil) }
            return running
        }
        task?.cancel()
        try? await connection?.close()
        await task?.value
    }

    private func listen(logger: Logger, on eventLoop: any EventLoop) async {
        guard let channel = signal.channel else { return }
        var connected = false
        while !Task.isCancelled {
            do {
                let connection = try await PostgresConnection.connect(on: eventLoop, configuration: configuration.coreConfiguration,
                                                                      id: 0, logger: logger).get()
                running.withLockedValue { $0.connection = connection }
                if Task.isCancelled { try? await connection.close(); return }
                try await connection.listen(on: channel) { notifications in
                    signal.listening = true
                    defer { signal.listening = false }
                    if connected { signal.wakeAll() }
                    connected = true
                    for try await notification in notifications {
                        signal.wake(ListChangeSignal.players(notification.payload))
                    }
                }
            } catch {
                if Task.isCancelled { return }
                logger.warning("Listening for list changes failed; trying again in a second", metadata: ["error": "\(String(reflecting: error))"])
            }
            if let connection = running.withLockedValue({ $0.connection }) { try? await connection.close() }
            try? await Task.sleep(for: .seconds(1))
        }
    }
}
