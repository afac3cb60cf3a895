import NIOConcurrencyHelpers
import PostgresKit
import Vapor

/// On PostgreSQL, the one way this instance hears what any instance (or the CLI) announces with
/// `NOTIFY` on a channel: a connection of its own that `LISTEN`s there and tells `heard` of each
/// notification. Whenever it starts listening (the first time, and again a second after the
/// connection is lost) `heard` hears ``Event/listening`` first, and ``Event/stopped`` when it is
/// lost, so that what was announced while nobody listened is not missed: the listener's owner
/// reads again, or trusts nothing it remembers, until it listens again. (A connection that dies
/// without the socket saying so is not noticed.) Nothing listens before ``start(logger:on:)``, so
/// an instance that never needs a channel keeps no connection for it.
final class PostgresNotifications: Sendable {
    enum Event: Sendable {
        /// Listening from now on.
        case listening
        case notification(payload: String)
        /// Not listening any more (the connection was lost, or the server stops).
        case stopped
    }

    let configuration: SQLPostgresConfiguration
    let channel: String
    private let heard: @Sendable (Event) -> Void
    private let running = NIOLockedValueBox<(task: Task<Void, Never>?, connection: PostgresConnection?, stopped: Bool)>((nil, nil, false))

    init(configuration: SQLPostgresConfiguration, channel: String, heard: @escaping @Sendable (Event) -> Void) {
        self.configuration = configuration
        self.channel = channel
        self.heard = heard
    }

    /// Starts listening, unless it has started (or stopped) already.
    func start(logger: Logger, on eventLoop: any EventLoop) {
        running.withLockedValue { running in
            guard running.task == nil, !running.stopped else { return }
            running.task = Task { await self.listen(logger: logger, on: eventLoop) }
        }
    }

    /// Stops listening for good.
    func stop() async {
        let (task, connection) = running.withLockedValue { running in
            defer { running = (nil, nil, true) }
            return (running.task, running.connection)
        }
        task?.cancel()
        try? await connection?.close()
        await task?.value
    }

    private func listen(logger: Logger, on eventLoop: any EventLoop) async {
        while !Task.isCancelled {
            do {
                let connection = try await PostgresConnection.connect(on: eventLoop, configuration: configuration.coreConfiguration,
                                                                      id: 0, logger: logger).get()
                running.withLockedValue { $0.connection = connection }
                if Task.isCancelled { try? await connection.close(); return }
                try await connection.listen(on: channel) { notifications in
                    heard(.listening)
                    defer { heard(.stopped) }
                    for try await notification in notifications { heard(.notification(payload: notification.payload)) }
                }
            } catch {
                if Task.isCancelled { return }
                logger.warning("Listening on \(channel) failed; trying again in a second", metadata: ["error": "\(String(reflecting: error))"])
            }
            if let connection = running.withLockedValue({ $0.connection }) { try? await connection.close() }
            try? await Task.sleep(for: .seconds(1))
        }
    }

    /// Announces `payload` on `channel` when the transaction of `sql` commits: the one way anything
    /// is announced (a cache's change, ``ChangeNotices``; a list's, ``ListChangeSignal``).
    static func announce(_ payload: String, on channel: String, _ sql: any SQLDatabase) async throws {
        try await sql.raw("SELECT pg_notify(\(bind: channel), \(bind: payload))").run()
    }

    /// The channel `name` for `schema`'s server: servers sharing a database in schemas of their
    /// own do not hear each other. A channel name is an identifier, at most 63 bytes, so a long
    /// schema name is cut (between characters).
    static func channel(_ name: String, schema: String?) -> String {
        var channel = ""
        for scalar in ("playhouse_" + name + (schema.map { "_" + $0 } ?? "")).unicodeScalars {
            guard channel.utf8.count + String(scalar).utf8.count <= 63 else { break }
            channel.unicodeScalars.append(scalar)
        }
        return channel
    }
}
