import Foundation
import NIOConcurrencyHelpers

/// The server's source of the current time. Production uses the system clock; tests set their own
/// so that expiry can be tested without sleeping.
public final class ServerClock: Sendable {
    private let offset = NIOLockedValueBox<TimeInterval>(0)

    /// The current time, shifted by whatever a test advanced the clock by.
    public func now() -> Date { Date().addingTimeInterval(offset.withLockedValue { $0 }) }

    /// Moves this clock forward (tests only).
    public func advance(by seconds: TimeInterval) { offset.withLockedValue { $0 += seconds } }
}
