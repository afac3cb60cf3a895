import Foundation

/// A clock that moves only when told to: ``advance(by:)`` wakes every sleeper whose time has come.
/// ``nextWakeUp(timeout:)`` waits until something sleeps on the clock and says when it wants to
/// wake, so a test can step from one timer to the next.
public final class ManualClock: PlayhouseClock, @unchecked Sendable {
    private struct Sleeper {
        var id: UUID
        var deadline: Duration
        var continuation: CheckedContinuation<Void, any Error>
    }

    private let lock = NSLock()
    private var current: Duration = .zero
    private var sleepers: [Sleeper] = []

    public init() {}

    public var now: Duration { lock.withLock { current } }

    public func sleep(for duration: Duration) async throws {
        let id = UUID()
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                lock.lock()
                if Task.isCancelled {
                    lock.unlock()
                    continuation.resume(throwing: CancellationError())
                    return
                }
                guard duration > .zero else {
                    lock.unlock()
                    continuation.resume()
                    return
                }
                sleepers.append(Sleeper(id: id, deadline: current + duration, continuation: continuation))
                lock.unlock()
            }
        } onCancel: {
            let cancelled: Sleeper? = lock.withLock {
                guard let index = sleepers.firstIndex(where: { $0.id == id }) else { return nil }
                return sleepers.remove(at: index)
            }
            cancelled?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Moves time forward by `duration`, waking every sleeper it passes, earliest first.
    public func advance(by duration: Duration) {
        advance(to: now + duration)
    }

    /// Moves time forward to `instant` (never back), waking every sleeper it passes.
    public func advance(to instant: Duration) {
        let due: [Sleeper] = lock.withLock {
            current = max(current, instant)
            let due = sleepers.filter { $0.deadline <= current }.sorted { $0.deadline < $1.deadline }
            sleepers.removeAll { $0.deadline <= current }
            return due
        }
        due.forEach { $0.continuation.resume() }
    }

    /// Waits (in real time, up to `timeout`) until something sleeps on the clock; returns the
    /// earliest time a sleeper wants to wake, or nil when nothing went to sleep in time.
    public func nextWakeUp(timeout: Duration = .seconds(30)) async -> Duration? {
        let deadline = ContinuousClock.now + timeout
        while true {
            // Looks once more after the deadline: a busy machine may not have run this task in time.
            if let earliest = lock.withLock({ sleepers.map(\.deadline).min() }) { return earliest }
            if ContinuousClock.now >= deadline { return nil }
            try? await Task.sleep(for: .milliseconds(1))
        }
    }
}
