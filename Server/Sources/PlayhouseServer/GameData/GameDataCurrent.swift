import Foundation
import NIOConcurrencyHelpers
import PlayhouseAPI
import PostgresKit
import Vapor

/// Which version of each place's game data readers get now, as this instance remembers it, so
/// that a read of a document it has rendered before costs no database round trip. Each import or
/// rollback (at any instance, or by the CLI) changes `game_data_current`; this instance forgets
/// everything it remembers when it learns of such a change, and remembers nothing while it cannot
/// learn of one:
///
/// - on SQLite, before a read it asks the store whether the database changed since it last asked
///   (``SQLiteCommitWatch``: a few microseconds, no query), at most once per ``lookInterval``:
///   another process's import (the
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
        case sqlite(SQLiteCommitWatch)
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
    /// SQLite: when it last looked (nanoseconds of uptime).
    private let lastLook = NIOLockedValueBox<UInt64>(0)
    private let commits: SQLiteCommitWatch?

    init(_ watch: Watch) {
        let postgres: (configuration: SQLPostgresConfiguration, channel: String)?
        switch watch {
        case .sqlite(let commits): (self.commits, postgres) = (commits, nil)
        case .postgres(let configuration, let channel): (commits, postgres) = (nil, (configuration, channel))
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

    /// Stops listening (PostgreSQL) and closes the connections it asks (SQLite).
    func close() async {
        await changes.close()
        commits?.close()
    }

    /// SQLite: forgets every place's version when the database changed since the last look; a
    /// look that fails forgets everything too.
    private func checkDataVersion(logger: Logger) {
        guard let commits else { return }
        let now = DispatchTime.now().uptimeNanoseconds
        let due = lastLook.withLockedValue { last in
            guard now &- last >= Self.lookInterval else { return false }
            last = now
            return true
        }
        guard due else { return }
        let changed: Bool
        do {
            changed = try commits.changed()
        } catch {
            logger.warning("Cannot ask SQLite whether game data changed", metadata: ["error": "\(String(reflecting: error))"])
            changed = true
        }
        if changed { forget() }
    }
}

extension StoreEngine {
    /// How game data's current versions are watched on this engine (``GameDataCurrent/Watch``).
    func gameDataWatch(schema: String?) -> GameDataCurrent.Watch {
        switch self {
        case .sqlite(let store): .sqlite(store.commitWatch())
        case .postgres(let store): .postgres(store.configuration, channel: PostgresNotifications.channel("game_data", schema: schema))
        }
    }
}
