import NIOConcurrencyHelpers
import PostgresKit
import Vapor

/// On PostgreSQL, this instance's ear for list changes made at any instance: one connection of
/// its own that `LISTEN`s on ``ListChangeSignal/channel`` and wakes the long polls waiting here
/// for the players each `NOTIFY` names. Whenever it starts listening (at start, and again a second
/// after the connection is lost) it wakes every poll, which reads the feed again, so a change
/// announced while it was not listening is not waited out. (A connection that dies without the
/// socket saying so is not noticed: polls then wait out their time, up to 30 seconds.)
final class ListChangeListener: LifecycleHandler, Sendable {
    let configuration: SQLPostgresConfiguration
    let signal: ListChangeSignal
    private let running = NIOLockedValueBox<(task: Task<Void, Never>?, connection: PostgresConnection?)>((nil, nil))

    init(configuration: SQLPostgresConfiguration, signal: ListChangeSignal) {
        self.configuration = configuration
        self.signal = signal
    }

    /// Listens from the first long poll on (also when a test boots the application without `async`):
    /// an instance whose clients never long-poll keeps no connection for it.
    public func didBoot(_ application: Application) throws {
        let logger = application.logger, eventLoop = application.eventLoopGroup.any()
        signal.whenFirstWaiting { [self] in
            let task = Task { await self.listen(logger: logger, on: eventLoop) }
            running.withLockedValue { $0.task = task }
        }
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
        while !Task.isCancelled {
            do {
                let connection = try await PostgresConnection.connect(on: eventLoop, configuration: configuration.coreConfiguration,
                                                                      id: 0, logger: logger).get()
                running.withLockedValue { $0.connection = connection }
                if Task.isCancelled { try? await connection.close(); return }
                try await connection.listen(on: channel) { notifications in
                    signal.listening = true
                    defer { signal.listening = false }
                    // Polls that began before this LISTEN (at start, or while it was lost) read again.
                    signal.wakeAll()
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
