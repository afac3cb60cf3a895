import Foundation
import PlayhouseAPI

/// Keeps game data calls under the app's limits by what the server's answers announce
/// (`RateLimit-Remaining`, `RateLimit-Reset`): once an answer says no call is left in the window,
/// the next call waits for the window to end rather than run into a `429`, or, when that is longer
/// than ``longestWait``, fails at once with `rate_limited` (an hour's limit spent) without asking
/// the server.
actor RateLimitPacer {
    /// The longest a call waits for its window; beyond it, the call fails instead.
    let longestWait: Duration
    private var closedUntil: ContinuousClock.Instant?

    init(longestWait: Duration) {
        self.longestWait = longestWait
    }

    /// Waits, if the last answer said the window is spent, until it ends.
    func wait() async throws(PlayhouseError) {
        guard let closedUntil else { return }
        let wait = closedUntil - .now
        guard wait > .zero else {
            self.closedUntil = nil
            return
        }
        guard wait <= longestWait else {
            let seconds = Int((Double(wait.components.seconds) + Double(wait.components.attoseconds) / 1e18).rounded(.up))
            throw PlayhouseError(code: .rateLimited, status: 429, message: "The app's calls are spent for now; more are allowed in \(seconds) s.")
        }
        do { try await Task.sleep(for: wait) } catch { throw PlayhouseError(code: .cancelled, message: "The request was cancelled.") }
    }

    /// What an answer announced: when no call is left, the window's end.
    func heard(_ response: HTTPResponse) {
        guard let remaining = response.header("RateLimit-Remaining").flatMap({ Int($0) }),
              let reset = response.header("RateLimit-Reset").flatMap({ Int($0) }) else { return }
        closedUntil = remaining > 0 ? nil : .now + .seconds(max(reset, 0))
    }
}
