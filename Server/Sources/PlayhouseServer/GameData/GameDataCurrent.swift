import Foundation
import NIOConcurrencyHelpers
import PlayhouseAPI
import PostgresKit
import SQLiteNIO
import Vapor

/// Which version of each place's game data readers get now, as this instance remembers it, so
/// that a read of a document it has rendered before costs no database round trip. Each import or
/// rollback (at any instance, or by the CLI) changes `game_data_current`; this instance forgets
/// everything it remembers when it learns of such a change, and remembers nothing while it cannot
/// learn of one:
///
/// - on SQLite, before a read it asks a connection of its own whether the database changed since
///   it last asked (`PRAGMA data_version`, which any other connection's commit changes; a few
///   microseconds, no query), at most once per ``lookInterval``: another process's import (the
///   CLI's) reaches readers that much later at most, as a `NOTIFY` does on PostgreSQL; this
///   process's own imports are forgotten at once;
/// - on PostgreSQL, an import or rollback announces itself with `NOTIFY` in its transaction, and
///   this instance listens there (``ChangeNotices``, from its first read on). Until it listens,
///   and whenever the connection is lost, every read asks the database.
///
/// A version never changes once stored, so what was read of it stays true; only which version is
/// current does. A place's version is remembered for ``longest`` at most, in case a change is not
/// heard. On SQLite a commit to any table changes the database, so on a server that writes, the
/// versions are read again often; the rendered answers (``GameDataAnswers``) stay.
final class GameDataCurrent: Sendable {
    /// How this instance learns that a place's current version changed.
    enum Watch: Sendable {
        case sqlite(path: String)
        case postgres(SQLPostgresConfiguration, channel: String)
    }

    private struct Key: Hashable {
        var appID: UUID
        var game: String
        var region: String
        var namespace: GameDataNamespace
    }


    /// How long a place's version is remembered at most, in nanoseconds: should a change not be
    /// heard (a PostgreSQL connection that died without saying so), readers get it this late.
    static let longest: UInt64 = 10_000_000_000

    /// SQLite: how long after one look whether the database changed the next one is taken, in
    /// nanoseconds. The reads in between trust the last one.
    static let lookInterval: UInt64 = 1_000_000

    /// Places remembered at most; past it, all are forgotten.
    static let capacity = 10_000
    /// Each place's version (nil: no data), with when it was read (nanoseconds of uptime).
    private let heads = NIOLockedValueBox<[Key: (head: GameDataService.Head?, readAt: UInt64)]>([:])
    /// What tells this instance that a current version changed (any change forgets every place's);
    /// imports and rollbacks announce themselves there.
    let changes: ChangeNotices
    /// SQLite: the free connections that ask whether the database changed.
    private let dataVersion = NIOLockedValueBox<[DataVersionWatch]>([])
    /// SQLite: when it last looked (nanoseconds of uptime).
    private let lastLook = NIOLockedValueBox<UInt64>(0)
    private let path: String?

    init(_ watch: Watch) {
        let postgres: (configuration: SQLPostgresConfiguration, channel: String)?
        switch watch {
        case .sqlite(let path): (self.path, postgres) = (path, nil)
        case .postgres(let configuration, let channel): (path, postgres) = (nil, (configuration, channel))
        }
        changes = ChangeNotices(postgres: postgres) { [heads] _ in heads.withLockedValue { $0 = [:] } }
    }

    /// The current version of `place`, as remembered or else as `read` finds it (nil: the place
    /// has no data).
    func head(of place: GameDataService.Place, logger: Logger, eventLoop: any EventLoop,
              read: () async throws -> GameDataService.Head?) async throws -> GameDataService.Head? {
        changes.start(logger: logger, on: eventLoop)
        checkDataVersion(logger: logger)
        let key = Key(appID: place.appID, game: place.game, region: place.region, namespace: place.namespace)
        let now = DispatchTime.now().uptimeNanoseconds
        let (trusted, generation) = changes.current
        if trusted, let known = heads.withLockedValue({ $0[key] }), now &- known.readAt < Self.longest { return known.head }
        let head = try await read()
        guard trusted else { return head }
        heads.withLockedValue { heads in
            guard changes.isCurrent(generation) else { return }
            if heads.count >= Self.capacity { heads = [:] }
            heads[key] = (head, now)
        }
        return head
    }

    /// Whether it remembers versions now (on PostgreSQL: whether it listens).
    var remembers: Bool { changes.current.trusted }

    /// Forgets every place's version: one of them changed.
    func forget() {
        changes.forget(nil)
    }

    /// Stops listening (PostgreSQL) and closes the connection it asks (SQLite).
    func close() async {
        await changes.close()
        for watch in dataVersion.withLockedValue({ watches in defer { watches = [] }; return watches }) { watch.close() }
    }

    /// SQLite: forgets every place's version when the database changed since the last look. Each
    /// look takes a connection of the watch's own (opening one when none is free), so that readers
    /// do not queue for one; each connection compares with what it saw last. A connection that
    /// cannot be opened or asked forgets everything and is dropped.
    private func checkDataVersion(logger: Logger) {
        guard let path else { return }
        let now = DispatchTime.now().uptimeNanoseconds
        let due = lastLook.withLockedValue { last in
            guard now &- last >= Self.lookInterval else { return false }
            last = now
            return true
        }
        guard due else { return }
        let taken = dataVersion.withLockedValue { $0.popLast() }
        let changed: Bool
        do {
            let watch = try taken ?? DataVersionWatch(path: path)
            changed = try watch.changed()
            dataVersion.withLockedValue { if $0.count < 8 { $0.append(watch) } else { watch.close() } }
        } catch {
            logger.warning("Cannot ask SQLite whether game data changed", metadata: ["error": "\(String(reflecting: error))"])
            taken?.close()
            changed = true
        }
        if changed { forget() }
    }
}

/// A connection that tells whether the SQLite database changed since it last asked.
private final class DataVersionWatch: @unchecked Sendable {
    private let connection: DirectSQLiteConnection
    private var seen: Int64?

    init(path: String) throws {
        // It is asked on an event loop (game data's reads run there on SQLite): a busy database
        // answers at once, as a change, rather than after the usual busy timeout.
        connection = try DirectSQLiteConnection(path: path, settings: DatabaseSetup.sqliteConnectionSettings + ["PRAGMA query_only=ON", "PRAGMA busy_timeout=0"])
    }

    /// Whether another connection committed since the last call (true the first time).
    func changed() throws -> Bool {
        var now: Int64?
        try connection.execute("PRAGMA data_version", []) { row in now = try row.decode(column: "data_version", as: Int64.self) }
        defer { seen = now }
        return now == nil || now != seen
    }

    func close() { connection.close() }
}

extension StoreEngine {
    /// How game data's current versions are watched on this engine (``GameDataCurrent/Watch``).
    func gameDataWatch(schema: String?) -> GameDataCurrent.Watch {
        switch self {
        case .sqlite(let store): .sqlite(path: store.path)
        case .postgres(let store): .postgres(store.configuration, channel: PostgresNotifications.channel("game_data", schema: schema))
        }
    }
}
