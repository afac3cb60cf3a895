import Foundation

/// The time the SDK's timers run on (heartbeats, retries of heartbeats). The default is the
/// system's monotonic clock; tests inject a ``ManualClock`` so that hours pass in no time.
public protocol PlayhouseClock: Sendable {
    /// Time since a fixed origin; only differences mean anything.
    var now: Duration { get }
    func sleep(for duration: Duration) async throws
}

/// The system's monotonic clock.
public struct SystemPlayhouseClock: PlayhouseClock {
    private let origin = ContinuousClock.now

    public init() {}

    public var now: Duration { ContinuousClock.now - origin }

    public func sleep(for duration: Duration) async throws {
        try await Task.sleep(for: duration)
    }
}
