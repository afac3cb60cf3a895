import PostgresKit
import Vapor

/// On PostgreSQL, this instance's ear for list changes made at any instance
/// (``PostgresNotifications`` on ``ListChangeSignal/channel``): it wakes the long polls waiting
/// here for the players each `NOTIFY` names. Whenever it starts listening it wakes every poll,
/// which reads the feed again, so a change announced while it was not listening is not waited out.
/// (A connection that dies without the socket saying so is not noticed: polls then wait out their
/// time, up to 30 seconds.)
final class ListChangeListener: LifecycleHandler, Sendable {
    let notifications: PostgresNotifications?
    let signal: ListChangeSignal

    init(configuration: SQLPostgresConfiguration, signal: ListChangeSignal) {
        self.signal = signal
        notifications = signal.channel.map { channel in
            PostgresNotifications(configuration: configuration, channel: channel) { [signal] event in
                switch event {
                case .listening:
                    signal.listening = true
                    // Polls that began before this LISTEN (at start, or while it was lost) read again.
                    signal.wakeAll()
                case .notification(let payload): signal.wake(ListChangeSignal.players(payload))
                case .stopped: signal.listening = false
                }
            }
        }
    }

    /// Listens from the first long poll on (also when a test boots the application without `async`):
    /// an instance whose clients never long-poll keeps no connection for it.
    public func didBoot(_ application: Application) throws {
        let logger = application.logger, eventLoop = application.eventLoopGroup.any()
        signal.whenFirstWaiting { [notifications] in notifications?.start(logger: logger, on: eventLoop) }
    }

    public func shutdownAsync(_ application: Application) async {
        await notifications?.stop()
    }
}
