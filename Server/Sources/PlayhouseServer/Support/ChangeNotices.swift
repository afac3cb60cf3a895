import NIOConcurrencyHelpers
import PostgresKit
import Vapor

/// Whether what an instance remembers of data any instance (or the command line) can change may
/// be trusted now, and when to forget it: the one way a cache learns of changes made elsewhere.
///
/// On PostgreSQL a change announces itself with `NOTIFY` on ``channel`` in its transaction
/// (``announce(_:on:)``, delivered when it commits), and every instance listens there
/// (``PostgresNotifications``, from its first ``start(logger:on:)`` on). It forgets what a notice
/// names; it forgets everything when it starts listening and when it stops, and trusts nothing
/// while it does not listen (a change may pass unheard). Without a channel (SQLite: one server
/// process) it trusts what it remembers from the start and forgets when told (``forget(_:)``).
///
/// Forgetting starts a new generation: a read begun before a change must not be remembered after
/// it, so the cache notes ``current`` before it reads and remembers what it read only if
/// ``isCurrent(_:)`` still holds (asked inside the cache's own lock, where it forgets too).
final class ChangeNotices: Sendable {
    /// The channel changes are announced on; nil without one (SQLite).
    let channel: String?
    private let notifications: PostgresNotifications?
    private let state: NIOLockedValueBox<(generation: UInt64, trusted: Bool)>
    /// The cache's own forgetting: what a notice's payload names, or everything (nil).
    private let forgetting: @Sendable (_ payload: String?) -> Void

    /// `postgres`: where changes are announced (PostgreSQL). `forget` drops what the cache
    /// remembers of a notice's payload, or everything when it is nil; it must not keep the cache
    /// alive (it captures the cache's storage, not the cache).
    init(postgres: (configuration: SQLPostgresConfiguration, channel: String)?, forget: @escaping @Sendable (_ payload: String?) -> Void) {
        channel = postgres?.channel
        forgetting = forget
        state = NIOLockedValueBox((0, postgres == nil))
        guard let postgres else { notifications = nil; return }
        // Weakly: the notifications' handler must not keep this alive.
        let heard = NIOLockedValueBox<WeakNotices>(WeakNotices())
        notifications = PostgresNotifications(configuration: postgres.configuration, channel: postgres.channel) { event in
            heard.withLockedValue { $0.notices }?.heard(event)
        }
        heard.withLockedValue { $0.notices = self }
    }

    /// Starts listening (PostgreSQL), unless it has started already.
    func start(logger: Logger, on eventLoop: any EventLoop) {
        notifications?.start(logger: logger, on: eventLoop)
    }

    /// Whether what is remembered may be trusted now, and the generation a read begun now belongs to.
    var current: (trusted: Bool, generation: UInt64) {
        state.withLockedValue { ($0.trusted, $0.generation) }
    }

    /// Whether nothing was forgotten since `generation`: what a read begun then found may be remembered.
    func isCurrent(_ generation: UInt64) -> Bool {
        state.withLockedValue { $0.generation == generation }
    }

    /// Forgets what `payload` names (everything when nil): something changed.
    func forget(_ payload: String?) {
        state.withLockedValue { $0.generation += 1 }
        forgetting(payload)
    }

    /// Tells every instance, when the transaction of `sql` commits, that what `payload` names
    /// changed (PostgreSQL; nothing without a channel).
    func announce(_ payload: String, on sql: any SQLDatabase) async throws {
        guard let channel else { return }
        try await PostgresNotifications.announce(payload, on: channel, sql)
    }

    /// Stops listening (PostgreSQL).
    func close() async {
        await notifications?.stop()
    }

    private func heard(_ event: PostgresNotifications.Event) {
        switch event {
        case .listening:
            forget(nil)
            state.withLockedValue { $0.trusted = true }
        case .notification(let payload):
            forget(payload)
        case .stopped:
            state.withLockedValue { $0.trusted = false }
            forget(nil)
        }
    }
}

private struct WeakNotices {
    weak var notices: ChangeNotices?
}

extension StoreEngine {
    /// Where changes of `topic` are announced on this engine (``ChangeNotices``): on PostgreSQL
    /// only, on a channel of the schema's own.
    func changeChannel(_ topic: String, schema: String?) -> (configuration: SQLPostgresConfiguration, channel: String)? {
        switch self {
        case .sqlite: nil
        case .postgres(let store): (store.configuration, PostgresNotifications.channel(topic, schema: schema))
        }
    }
}
