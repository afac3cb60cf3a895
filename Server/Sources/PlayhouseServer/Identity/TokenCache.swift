import Foundation
import NIOConcurrencyHelpers
import PostgresKit
import SQLKit
import Vapor

/// Access tokens this instance has looked up in the last moment, so that a client's run of calls
/// reads its token from the database once instead of on every call.
///
/// An entry is used for at most ``lifetime`` seconds. A revocation is seen at once
/// (``revoking(_:cache:in:_:)``): the instance that makes it forgets what it covers before and
/// after the revoking transaction, and on PostgreSQL the transaction tells every instance when it
/// commits (``changes``, ``ChangeNotices``), which forget it too. On SQLite the command line is
/// another process, which no server hears: what it revokes or changes reaches the server once its
/// entries are older than ``lifetime``. A read that raced a revocation is not remembered: the
/// cache notes the generation before it reads and keeps what it read only if nothing was forgotten
/// meanwhile. Until an instance listens (PostgreSQL) it reads every token from the database. A
/// change of an app (``AppService``) is made the same way, so that no instance goes on using the
/// app's record as its tokens carried it. A lifetime of 0 turns the cache off.
final class TokenCache: Sendable {
    /// What a revocation names: one token, every token of an authorization, of a play session or
    /// of a player (whose account was deleted); or every token of an app, whose record (which a
    /// token carries: its rate limits, its minimum age) changed, or which was deleted. (An instance
    /// that does not know a notice's kind forgets everything.)
    enum Revoked: Equatable, Sendable {
        case token(UUID)
        case family(UUID)
        case session(UUID)
        case player(UUID)
        case app(UUID)

        func covers(_ token: StoredToken) -> Bool {
            switch self {
            case .token(let id): token.id == id
            case .family(let id): token.familyID == id
            case .session(let id): token.sessionID == id
            case .player(let id): token.playerID == id
            case .app(let id): token.app.id == id
            }
        }

        /// How a notice names it: `token:<id>`, `family:<id>`, `session:<id>`, `player:<id>` or `app:<id>`.
        var payload: String {
            switch self {
            case .token(let id): "token:" + id.uuidString
            case .family(let id): "family:" + id.uuidString
            case .session(let id): "session:" + id.uuidString
            case .player(let id): "player:" + id.uuidString
            case .app(let id): "app:" + id.uuidString
            }
        }

        init?(payload: String) {
            let parts = payload.split(separator: ":", maxSplits: 1).map(String.init)
            guard parts.count == 2, let id = UUID(uuidString: parts[1]) else { return nil }
            switch parts[0] {
            case "token": self = .token(id)
            case "family": self = .family(id)
            case "session": self = .session(id)
            case "player": self = .player(id)
            case "app": self = .app(id)
            default: return nil
            }
        }
    }

    private struct Entry {
        var token: StoredToken
        var readAt: Date
    }

    let lifetime: TimeInterval
    /// More entries than this and the stale ones are dropped (all of them, if none is stale).
    let capacity: Int
    private let entries = NIOLockedValueBox<[String: Entry]>([:])
    /// What tells this instance of revocations and changes of apps, its own and (PostgreSQL) every
    /// other instance's.
    let changes: ChangeNotices

    /// `postgres`: where revocations are announced (PostgreSQL).
    init(lifetime: TimeInterval, capacity: Int = 100_000, postgres: (configuration: SQLPostgresConfiguration, channel: String)? = nil) {
        self.lifetime = lifetime
        self.capacity = capacity
        changes = ChangeNotices(postgres: postgres) { [entries] payload in
            let revoked = payload.flatMap(Revoked.init(payload:))
            entries.withLockedValue { entries in
                guard let revoked else { return entries.removeAll() }
                entries = entries.filter { !revoked.covers($0.value.token) }
            }
        }
    }

    /// Where a read of the database begun now stands: its generation, for ``remember(_:hash:readAt:generation:)``,
    /// or nil when the cache is not to be used (off, or not listening yet). Starts listening (PostgreSQL).
    func readBegins(logger: Logger, on eventLoop: any EventLoop) -> UInt64? {
        guard lifetime > 0 else { return nil }
        changes.start(logger: logger, on: eventLoop)
        let (trusted, generation) = changes.current
        return trusted ? generation : nil
    }

    /// The token stored under `hash`, if it was read less than ``lifetime`` ago and the cache may be trusted.
    func token(hash: String, now: Date) -> StoredToken? {
        guard lifetime > 0, changes.current.trusted else { return nil }
        return entries.withLockedValue { entries in
            guard let entry = entries[hash] else { return nil }
            guard now.timeIntervalSince(entry.readAt) < lifetime, entry.readAt <= now else {
                entries[hash] = nil
                return nil
            }
            return entry.token
        }
    }

    /// Keeps a token read from the database at `readAt` by a read begun at `generation`
    /// (``readBegins(logger:on:)``), unless something was forgotten since.
    func remember(_ token: StoredToken, hash: String, readAt: Date, generation: UInt64) {
        guard lifetime > 0 else { return }
        entries.withLockedValue { entries in
            guard changes.isCurrent(generation) else { return }
            if entries.count >= capacity {
                entries = entries.filter { readAt.timeIntervalSince($0.value.readAt) < lifetime }
                if entries.count >= capacity { entries.removeAll(keepingCapacity: true) }
            }
            entries[hash] = Entry(token: token, readAt: readAt)
        }
    }

    /// Forgets the tokens `revoked` covers, here, and no read begun before is remembered.
    func forget(_ revoked: Revoked) {
        changes.forget(revoked.payload)
    }

    /// Tells every instance, when the transaction of `sql` commits, to forget what `revoked`
    /// covers (PostgreSQL; nothing on SQLite, where ``revoking(_:cache:in:_:)`` forgets in the
    /// process that made the change).
    func announce(_ revoked: Revoked, on sql: any SQLDatabase) async throws {
        try await changes.announce(revoked.payload, on: sql)
    }

    /// The one way to make a change that cached tokens must not outlive (a revocation, a change of
    /// an app): runs `change` in a transaction of `store` that announces `revoked` (every instance
    /// forgets it when it commits, on PostgreSQL), and forgets it on this instance before (no read
    /// that races the change is kept) and after (none kept meanwhile survives). Inside a
    /// transaction it is part of that one; its caller makes the change the same way, so that this
    /// instance forgets again once the outer transaction commits.
    static func revoking<T: Sendable>(_ revoked: Revoked, cache: TokenCache?, in store: Store,
                                      _ change: @escaping @Sendable (any SQLDatabase) async throws -> T) async throws -> T {
        cache?.forget(revoked)
        defer { cache?.forget(revoked) }
        return try await store.transaction { sql in
            let done = try await change(sql)
            try await cache?.announce(revoked, on: sql)
            return done
        }
    }
}
