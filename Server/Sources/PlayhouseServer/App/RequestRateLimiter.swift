import Foundation
import NIOConcurrencyHelpers
import SQLKit

/// The calls an app may make per second and per hour (``RequestRateLimits``), counted across every
/// instance without a database round trip per call.
///
/// Each window (the current second, the current hour) has one counter in the database,
/// `rate_limit_counters`, which ``WindowRateLimiter`` also keeps its counts in. An instance does
/// not count calls there one by one: it claims a share of the window's allowance (a twentieth of
/// the limit, less as the allowance runs out) with one statement that adds the share to the
/// counter and returns the sum, and it admits calls from its share until the share is spent. A
/// claim is granted only the part that still fits under the limit, so all instances together never
/// admit more than the limit; what an instance has claimed and not used when the window ends is
/// lost, at most one share per instance. Once a claim is granted nothing, the instance refuses the
/// rest of the window's calls without asking again. A call answered `304` gives its share back.
final class RequestRateLimiter: Sendable {
    enum Span: String, Sendable, CaseIterable {
        case second, hour

        var seconds: Int64 { self == .second ? 1 : 3600 }
    }

    /// What a call was told: admitted or not, and the window the answer's headers describe.
    struct Decision: Sendable {
        var admitted: Bool
        /// The window closest to its limit, or the one that refused the call.
        var span: Span
        var limit: Int
        /// Calls left in the window, as this instance last heard.
        var remaining: Int
        /// Seconds until the window ends.
        var reset: Int
        /// The windows the call took a share of, to give back if it is answered `304`.
        var taken: [(span: Span, window: Int64)]

        /// `RateLimit-Limit`, `RateLimit-Remaining` and `RateLimit-Reset` (the IETF draft's
        /// names), and `RateLimit-Policy` naming both windows.
        func headers(_ limits: RequestRateLimits) -> [String: String] {
            ["RateLimit-Limit": String(limit), "RateLimit-Remaining": String(remaining), "RateLimit-Reset": String(reset),
             "RateLimit-Policy": "\(limits.second);w=1, \(limits.hour);w=3600"]
        }
    }

    private struct Allowance {
        var window: Int64
        /// The limit the allowance was claimed under: a new one (set with the CLI) is claimed afresh.
        var limit: Int
        /// Calls this instance may still admit in the window.
        var share = 0
        /// The window's counter as this instance last read it: every instance's claims.
        var claimed = 0
        /// A claim was granted nothing: the window's calls are refused.
        var exhausted = false
        /// The claim under way, which the calls that find no share wait for: one at a time, so
        /// that a burst of calls does not scatter the allowance in shares none of them uses.
        var claiming: Task<Void, any Error>?
    }

    private enum Step {
        case taken(Allowance)
        case refused(Allowance)
        case wait(Task<Void, any Error>)
    }

    /// An app's window of one span.
    private struct Key: Hashable {
        var app: UUID
        var span: Span

        /// Its counter's key in `rate_limit_counters`.
        var counter: String { "calls:\(app.uuidString.lowercased()):\(span.rawValue)" }
    }

    private let allowances = NIOLockedValueBox([Key: Allowance]())

    /// Admits a call of `app` at `now` if both its windows allow it (taking a share of each), or
    /// refuses it (taking nothing).
    func admit(_ app: AppRecord, now: Date, store: Store) async throws -> Decision {
        var taken: [(span: Span, window: Int64)] = []
        var closest: Decision?
        for span in [Span.hour, .second] {
            let limit = span == .second ? app.rateLimits.second : app.rateLimits.hour
            let seconds = Int64(now.timeIntervalSince1970)
            let window = seconds - seconds % span.seconds
            let reset = Int(max(1, window + span.seconds - seconds))
            let admitted: Bool, allowance: Allowance
            do {
                (admitted, allowance) = try await take(Key(app: app.id, span: span), limit: limit, window: window, store: store)
            } catch {
                give(back: taken, of: app)
                throw error
            }
            let decision = Decision(admitted: admitted, span: span, limit: limit, remaining: max(0, limit - allowance.claimed + allowance.share),
                                    reset: reset, taken: [])
            guard admitted else {
                give(back: taken, of: app)
                return decision
            }
            taken.append((span, window))
            if closest.map({ Double(decision.remaining) / Double(decision.limit) < Double($0.remaining) / Double($0.limit) }) ?? true {
                closest = decision
            }
        }
        closest!.taken = taken
        return closest!
    }

    /// Gives back the shares a call took (it was answered `304`), while their windows last.
    func give(back taken: [(span: Span, window: Int64)], of app: AppRecord) {
        allowances.withLockedValue { allowances in
            for (span, window) in taken {
                let key = Key(app: app.id, span: span)
                if allowances[key]?.window == window { allowances[key]!.share += 1 }
            }
        }
    }

    /// One call's share of `key`'s window: from this instance's share, else after a new claim.
    private func take(_ key: Key, limit: Int, window: Int64, store: Store) async throws -> (Bool, Allowance) {
        while true {
            let step = allowances.withLockedValue { allowances -> Step in
                // A call that began as the window ended counts in the next one, once this instance is in it.
                let window = max(window, allowances[key]?.window ?? window)
                var allowance = allowances[key].flatMap { $0.window == window && $0.limit == limit ? $0 : nil }
                    ?? Allowance(window: window, limit: limit, claiming: allowances[key]?.claiming)
                defer { allowances[key] = allowance }
                if allowance.share > 0 {
                    allowance.share -= 1
                    return .taken(allowance)
                }
                if allowance.exhausted { return .refused(allowance) }
                if let claiming = allowance.claiming { return .wait(claiming) }
                let share = max(1, min(limit / 20, (limit - allowance.claimed) / 4))
                let claiming = Task { try await self.claim(share, of: key, limit: limit, window: window, store: store) }
                allowance.claiming = claiming
                return .wait(claiming)
            }
            switch step {
            case .taken(let allowance): return (true, allowance)
            case .refused(let allowance): return (false, allowance)
            case .wait(let claiming): try await claiming.value
            }
        }
    }

    /// Claims `share` more of `key`'s window and keeps what is granted: only what fits under the
    /// limit. When the counter is already in a later window (another instance's clock is ahead, or
    /// the window ended meanwhile), nothing is granted and this instance moves to that window, where
    /// the calls waiting claim again.
    private func claim(_ share: Int, of key: Key, limit: Int, window: Int64, store: Store) async throws {
        let counted: (count: Int, window: Int64)
        do {
            counted = try await store.write { sql in
                try await RateLimitCounters.add(Int64(share), to: key.counter, window: window, on: sql)
            }
        } catch {
            allowances.withLockedValue { $0[key]?.claiming = nil }
            throw error
        }
        allowances.withLockedValue { allowances in
            guard var allowance = allowances[key], allowance.window == window, allowance.limit == limit else {
                allowances[key]?.claiming = nil
                return
            }
            allowance.claiming = nil
            if counted.window > window {
                allowances[key] = Allowance(window: counted.window, limit: limit, claimed: counted.count)
                return
            }
            let granted = max(0, min(share, limit - (counted.count - share)))
            allowance.claimed = max(allowance.claimed, counted.count)
            allowance.share += granted
            if granted == 0 { allowance.exhausted = true }
            allowances[key] = allowance
        }
    }
}
