import Foundation
import NIOConcurrencyHelpers

/// Wakes the change feed's long polls (`GET /v1/lists/changes?wait=`) when a list a waiting
/// player sees has changed. A poll takes a ``Ticket`` before it reads, so a change committed
/// between its read and its wait still wakes it.
///
/// On SQLite, where every instance is this process, the writer wakes the players itself after its
/// commit. On PostgreSQL the writer sends `NOTIFY` on ``channel`` in its transaction (delivered at
/// the commit), and every instance, this one included, wakes its own waiters from what its
/// ``ListChangeListener`` hears, so a change at any instance reaches the polls at all of them.
final class ListChangeSignal: Sendable {
    /// The PostgreSQL channel changes are announced on; nil on SQLite.
    let channel: String?
    private let waiting = NIOLockedValueBox<[UUID: [ObjectIdentifier: Ticket]]>([:])
    private let hearing = NIOLockedValueBox(false)

    /// On PostgreSQL, whether this instance's ``ListChangeListener`` is listening now; changes
    /// announced while it is not reach this instance's polls only when they wait out their time.
    var listening: Bool {
        get { hearing.withLockedValue { $0 } }
        set { hearing.withLockedValue { $0 = newValue } }
    }

    init(channel: String?) { self.channel = channel }

    /// The channel for `engine`: none on SQLite; on PostgreSQL one per schema, so that servers
    /// sharing a database in schemas of their own do not hear each other.
    static func channel(_ engine: StoreEngine, schema: String?) -> String? {
        guard case .postgres = engine else { return nil }
        return "playhouse_lists" + (schema.map { "_" + $0 } ?? "")
    }

    /// A ticket for the next change `player` sees: take it before reading the feed, then
    /// ``Ticket/wait(upTo:)`` if the read found nothing, and ``Ticket/close()`` when done.
    func ticket(for player: UUID) -> Ticket {
        let ticket = Ticket(player: player, signal: self)
        waiting.withLockedValue { $0[player, default: [:]][ObjectIdentifier(ticket)] = ticket }
        return ticket
    }

    /// Wakes every ticket of these players.
    func wake(_ players: some Sequence<UUID>) {
        let tickets = waiting.withLockedValue { waiting in players.flatMap { waiting[$0].map { Array($0.values) } ?? [] } }
        for ticket in tickets { ticket.fire() }
    }

    /// Wakes every ticket: each poll reads the feed again.
    func wakeAll() {
        let tickets = waiting.withLockedValue { $0.values.flatMap(\.values) }
        for ticket in tickets { ticket.fire() }
    }

    /// How many polls are waiting, for metrics and tests.
    var waiters: Int { waiting.withLockedValue { $0.values.reduce(0) { $0 + $1.count } } }

    fileprivate func remove(_ ticket: Ticket) {
        waiting.withLockedValue { waiting in
            waiting[ticket.player]?[ObjectIdentifier(ticket)] = nil
            if waiting[ticket.player]?.isEmpty == true { waiting[ticket.player] = nil }
        }
    }

    /// A `NOTIFY` payload naming `players`: their ids, comma-separated (at most 8000 bytes: a list
    /// has at most ``ListLimits/sharesPerList`` players and its owner, 37 bytes each).
    static func payload(_ players: Set<UUID>) -> String {
        players.map { $0.uuidString.lowercased() }.sorted().joined(separator: ",")
    }

    /// The players a payload names.
    static func players(_ payload: String) -> [UUID] {
        payload.split(separator: ",").compactMap { UUID(uuidString: String($0)) }
    }

    /// One poll's wait for a change.
    final class Ticket: Sendable {
        fileprivate let player: UUID
        private let signal: ListChangeSignal
        private enum State {
            case idle
            case fired
            case waiting(CheckedContinuation<Void, Never>)
        }
        private let state = NIOLockedValueBox(State.idle)

        fileprivate init(player: UUID, signal: ListChangeSignal) {
            self.player = player
            self.signal = signal
        }

        fileprivate func fire() {
            let continuation: CheckedContinuation<Void, Never>? = state.withLockedValue { state in
                if case .waiting(let continuation) = state {
                    state = .idle
                    return continuation
                }
                state = .fired
                return nil
            }
            continuation?.resume()
        }

        /// Whether a change came (since the ticket was taken, or since the last wait) before `timeout`.
        func wait(upTo timeout: Duration) async -> Bool {
            await withTaskGroup(of: Bool.self) { group in
                group.addTask { await self.waitForFire(); return true }
                group.addTask { try? await Task.sleep(for: timeout); return false }
                let first = await group.next() ?? false
                group.cancelAll()
                stopWaiting()
                return first
            }
        }

        /// Takes the ticket back.
        func close() { signal.remove(self) }

        /// Ends a wait the timeout cut short, leaving the ticket as it was.
        private func stopWaiting() {
            let continuation: CheckedContinuation<Void, Never>? = state.withLockedValue { state in
                guard case .waiting(let continuation) = state else { return nil }
                state = .idle
                return continuation
            }
            continuation?.resume()
        }

        private func waitForFire() async {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let ready = state.withLockedValue { state -> Bool in
                    if case .fired = state { state = .idle; return true }
                    state = .waiting(continuation)
                    return false
                }
                if ready { continuation.resume() }
            }
        }
    }
}
