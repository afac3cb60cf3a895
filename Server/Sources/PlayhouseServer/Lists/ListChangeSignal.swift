import Foundation
import NIOConcurrencyHelpers
import Vapor

/// Wakes the change feed's long polls (`GET /v1/lists/changes?wait=`) when a list a waiting
/// player sees has changed. A poll takes a ``Ticket`` before it reads, so a change committed
/// between its read and its wait still wakes it.
///
/// On SQLite, where every instance is this process, the writer wakes the players itself after its
/// commit. On PostgreSQL the writer sends `NOTIFY` on ``channel`` in its transaction (delivered at
/// the commit), and every instance, this one included, wakes its own waiters from what its
/// ``ListChangeListener`` hears, so a change at any instance reaches the polls at all of them.
/// When the server stops, every poll answers at once (``ListChangeSignal/Closing``).
final class ListChangeSignal: Sendable {
    /// The PostgreSQL channel changes are announced on; nil on SQLite.
    let channel: String?
    private let waiting = NIOLockedValueBox<[UUID: [ObjectIdentifier: Ticket]]>([:])
    private let hearing = NIOLockedValueBox(false)
    private let closed = NIOLockedValueBox(false)

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
        return PostgresNotifications.channel("lists", schema: schema)
    }

    /// Starts listening for other instances' changes (on PostgreSQL), once, when the first poll
    /// waits: an instance whose clients never long-poll keeps no connection for it.
    private let firstWait = NIOLockedValueBox<(@Sendable () -> Void)?>(nil)

    /// Runs `start` when the first poll takes a ticket (at once if one has).
    func whenFirstWaiting(_ start: @escaping @Sendable () -> Void) {
        firstWait.withLockedValue { $0 = start }
    }

    /// A ticket for the next change `player` sees: take it before reading the feed, then
    /// ``Ticket/wait(upTo:)`` if the read found nothing, and ``Ticket/close()`` when done.
    func ticket(for player: UUID) -> Ticket {
        if let start = firstWait.withLockedValue({ first -> (@Sendable () -> Void)? in defer { first = nil }; return first }) { start() }
        let ticket = Ticket(player: player, signal: self)
        waiting.withLockedValue { $0[player, default: [:]][ObjectIdentifier(ticket)] = ticket }
        return ticket
    }

    /// Wakes every ticket of these players.
    func wake(_ players: some Sequence<UUID>) {
        let tickets = waiting.withLockedValue { waiting in players.flatMap { waiting[$0].map { Array($0.values) } ?? [] } }
        for ticket in tickets { ticket.fire() }
    }

    /// The server is stopping: every poll answers now, and none waits from here on.
    func close() {
        closed.withLockedValue { $0 = true }
        wakeAll()
    }

    /// Whether the server is stopping (``close()``).
    var isClosed: Bool { closed.withLockedValue { $0 } }

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

    /// `NOTIFY` payloads naming `players`: their ids, comma-separated, at most 200 a payload
    /// (7,400 bytes; PostgreSQL takes fewer than 8,000).
    static func payloads(_ players: Set<UUID>) -> [String] {
        let ids = players.map { $0.uuidString.lowercased() }.sorted()
        return stride(from: 0, to: ids.count, by: 200).map { ids[$0..<min($0 + 200, ids.count)].joined(separator: ",") }
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
            /// A wait, with its number (so that a late timer ends only its own wait) and its timer.
            case waiting(CheckedContinuation<Bool, Never>, wait: Int, timer: Task<Void, Never>?)
        }
        private let state = NIOLockedValueBox((state: State.idle, waits: 0))

        fileprivate init(player: UUID, signal: ListChangeSignal) {
            self.player = player
            self.signal = signal
        }

        fileprivate func fire() {
            let woken: (CheckedContinuation<Bool, Never>, Task<Void, Never>?)? = state.withLockedValue { ticket in
                if case .waiting(let continuation, _, let timer) = ticket.state {
                    ticket.state = .idle
                    return (continuation, timer)
                }
                ticket.state = .fired
                return nil
            }
            woken?.1?.cancel()
            woken?.0.resume(returning: true)
        }

        /// Whether a change came (since the ticket was taken, or since the last wait) before `timeout`.
        func wait(upTo timeout: Duration) async -> Bool {
            await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
                let wait: Int? = state.withLockedValue { ticket in
                    if case .fired = ticket.state {
                        ticket.state = .idle
                        return nil
                    }
                    ticket.waits += 1
                    ticket.state = .waiting(continuation, wait: ticket.waits, timer: nil)
                    return ticket.waits
                }
                guard let wait else { return continuation.resume(returning: true) }
                let timer = Task { [weak self] in
                    try? await Task.sleep(for: timeout)
                    self?.timeOut(wait)
                }
                state.withLockedValue { ticket in
                    if case .waiting(let continuation, wait, nil) = ticket.state { ticket.state = .waiting(continuation, wait: wait, timer: timer) }
                }
            }
        }

        /// Ends the wait `wait` with no change, if it is still the one waiting.
        private func timeOut(_ wait: Int) {
            let continuation: CheckedContinuation<Bool, Never>? = state.withLockedValue { ticket in
                guard case .waiting(let continuation, let waiting, _) = ticket.state, waiting == wait else { return nil }
                ticket.state = .idle
                return continuation
            }
            continuation?.resume(returning: false)
        }

        /// Takes the ticket back.
        func close() { signal.remove(self) }
    }
}

extension ListChangeSignal {
    /// Ends the waiting polls when the server stops, before the database closes (lifecycle
    /// handlers stop in reverse order), and waits (a moment at most) for them to answer.
    struct Closing: LifecycleHandler {
        let signal: ListChangeSignal

        func shutdownAsync(_ application: Application) async {
            signal.close()
            for _ in 0..<200 where signal.waiters > 0 { try? await Task.sleep(for: .milliseconds(10)) }
        }
    }
}
