import Foundation
import PlayhouseAPI

/// When the SDK's heartbeats come: every minute while all is well, sooner when a reality check
/// falls due within the minute (so it shows on time), every 5 seconds while the player is briefly
/// without credentials, and with growing waits after failures.
public struct HeartbeatSchedule: Sendable, Equatable {
    /// Between heartbeats while all is well.
    public var interval: Duration
    /// Between attempts while no player credentials are at hand (a sign-in or refresh under way).
    public var withoutCredentials: Duration
    /// How many such attempts before the credentials count as revoked.
    public var attemptsWithoutCredentials: Int
    /// The wait after the first failed heartbeat; it doubles with each further failure.
    public var firstRetry: Duration
    /// The longest wait between retries.
    public var longestRetry: Duration
    /// How many heartbeats in a row may fail (offline, a server error) before the credentials count
    /// as revoked. A failure that says the session is over revokes at once.
    public var failuresBeforeRevoking: Int

    public init(interval: Duration = .seconds(60), withoutCredentials: Duration = .seconds(5), attemptsWithoutCredentials: Int = 12,
                firstRetry: Duration = .seconds(5), longestRetry: Duration = .seconds(60), failuresBeforeRevoking: Int = 8) {
        self.interval = interval
        self.withoutCredentials = withoutCredentials
        self.attemptsWithoutCredentials = attemptsWithoutCredentials
        self.firstRetry = firstRetry
        self.longestRetry = longestRetry
        self.failuresBeforeRevoking = failuresBeforeRevoking
    }

    /// The wait after a heartbeat that answered `status` and took `roundTrip`. When the reality
    /// check falls due before the next regular beat, the beat is timed to reach the server as it
    /// falls due: half a round trip early.
    public func delay(after status: PlaySessionStatus, roundTrip: Duration) -> Duration {
        let check = status.realityCheck
        guard check.enabled, !check.due else { return interval }
        let remaining = Duration.milliseconds(check.remainingMs)
        guard remaining < interval else { return interval }
        return max(remaining - roundTrip / 2, .zero)
    }

    /// The wait after the `failures`-th failed heartbeat in a row.
    public func retryDelay(failures: Int) -> Duration {
        min(longestRetry, firstRetry * (1 << min(max(failures - 1, 0), 16)))
    }
}
