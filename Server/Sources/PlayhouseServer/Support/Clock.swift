import Foundation
import NIOConcurrencyHelpers

/// The server's source of the current time. Production uses the system clock; tests move it
/// forward, or stop it, so that expiry and reality checks can be tested without sleeping.
public final class ServerClock: Sendable {
    private struct State {
        var offset: TimeInterval = 0
        /// When stopped, the time it stopped at (before the offset).
        var stoppedAt: Date?
    }

    private let state = NIOLockedValueBox(State())

    /// The current time, shifted by whatever a test advanced the clock by.
    public func now() -> Date {
        state.withLockedValue { ($0.stoppedAt ?? Date()).addingTimeInterval($0.offset) }
    }

    /// Moves this clock forward (tests only).
    public func advance(by seconds: TimeInterval) { state.withLockedValue { $0.offset += seconds } }

    /// Stops this clock: time moves only by ``advance(by:)`` from now on (tests only).
    public func stop() { state.withLockedValue { $0.stoppedAt = $0.stoppedAt ?? Date() } }
}
