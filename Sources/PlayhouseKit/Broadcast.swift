import Foundation

/// Hands every value to each open stream: every caller of ``stream(startingWith:)`` gets its own
/// `AsyncStream`, which ends its subscription when it is dropped or cancelled.
final class Broadcast<Element: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var continuations: [UUID: AsyncStream<Element>.Continuation] = [:]

    /// A new stream of the values to come, after `first` when given: the current state, so that a
    /// late subscriber does not wait for a change that already happened. Its owner calls this and
    /// ``yield(_:)`` from one actor, so no value comes between `first` and the next.
    func stream(startingWith first: Element? = nil) -> AsyncStream<Element> {
        let (stream, continuation) = AsyncStream<Element>.makeStream()
        if let first { continuation.yield(first) }
        let id = UUID()
        lock.withLock { continuations[id] = continuation }
        continuation.onTermination = { [weak self] _ in
            guard let self else { return }
            _ = self.lock.withLock { self.continuations.removeValue(forKey: id) }
        }
        return stream
    }

    func yield(_ element: Element) {
        for continuation in lock.withLock({ Array(continuations.values) }) { continuation.yield(element) }
    }
}
