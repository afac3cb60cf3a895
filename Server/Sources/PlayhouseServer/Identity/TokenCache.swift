import Foundation
import NIOConcurrencyHelpers

/// Access tokens this instance has looked up in the last moment, so that a client's run of calls
/// reads its token from the database once instead of on every call.
///
/// Staleness is bounded: an entry is used for at most ``lifetime`` seconds. A token revoked through
/// this instance is forgotten at once, and for ``lifetime`` seconds afterwards no read of it is
/// remembered (a read that raced the revoking transaction may have seen the token still live). A
/// token revoked through another instance, or an app deleted with the CLI, stops working here
/// within ``lifetime`` seconds. A lifetime of 0 turns the cache off.
final class TokenCache: Sendable {
    /// What a revocation names: one token, every token of an authorization, or of a play session.
    enum Revoked: Equatable, Sendable {
        case token(UUID)
        case family(UUID)
        case session(UUID)

        func covers(_ token: StoredToken) -> Bool {
            switch self {
            case .token(let id): token.id == id
            case .family(let id): token.familyID == id
            case .session(let id): token.sessionID == id
            }
        }
    }

    private struct Entry {
        var token: StoredToken
        var readAt: Date
    }

    private struct State {
        var entries: [String: Entry] = [:]
        var revocations: [(revoked: Revoked, at: Date)] = []
    }

    let lifetime: TimeInterval
    /// More entries than this and the stale ones are dropped (all of them, if none is stale).
    let capacity: Int
    private let state = NIOLockedValueBox(State())

    init(lifetime: TimeInterval, capacity: Int = 100_000) {
        self.lifetime = lifetime
        self.capacity = capacity
    }

    /// The token stored under `hash`, if it was read less than ``lifetime`` ago.
    func token(hash: String, now: Date) -> StoredToken? {
        guard lifetime > 0 else { return nil }
        return state.withLockedValue { state in
            guard let entry = state.entries[hash] else { return nil }
            guard now.timeIntervalSince(entry.readAt) < lifetime else {
                state.entries[hash] = nil
                return nil
            }
            return entry.token
        }
    }

    /// Keeps a token read from the database at `readAt`, unless a revocation covering it is recent.
    func remember(_ token: StoredToken, hash: String, readAt: Date) {
        guard lifetime > 0 else { return }
        state.withLockedValue { state in
            state.revocations.removeAll { readAt.timeIntervalSince($0.at) >= lifetime }
            guard !state.revocations.contains(where: { $0.revoked.covers(token) }) else { return }
            if state.entries.count >= capacity {
                state.entries = state.entries.filter { readAt.timeIntervalSince($0.value.readAt) < lifetime }
                if state.entries.count >= capacity { state.entries.removeAll(keepingCapacity: true) }
            }
            state.entries[hash] = Entry(token: token, readAt: readAt)
        }
    }

    /// Forgets the tokens `revoked` covers, and refuses to remember them for ``lifetime`` seconds.
    func forget(_ revoked: Revoked, now: Date) {
        guard lifetime > 0 else { return }
        state.withLockedValue { state in
            state.entries = state.entries.filter { !revoked.covers($0.value.token) }
            state.revocations.removeAll { now.timeIntervalSince($0.at) >= lifetime }
            state.revocations.append((revoked, now))
        }
    }
}
