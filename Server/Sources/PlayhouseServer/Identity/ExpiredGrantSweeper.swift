import Foundation
import SQLKit

/// Deletes sign-in leftovers nobody can use any more: finished or expired authorization requests,
/// codes, device authorizations, PINs and browser sign-ins, and tokens a week past expiry. Anyone can create
/// authorization requests without credentials, so without this the tables would only grow.
///
/// Run from the requests that create such rows, once in `oneIn` of them: every instance sweeps now
/// and then, no instance needs a timer, and a sweep never races a shutdown.
struct ExpiredGrantSweeper: Sendable {
    let store: Store
    let now: Date

    static let oneIn = 200
    /// Expired tokens are kept this long, so that introspection and reuse checks see them a while.
    static let tokenRetention: TimeInterval = 7 * 24 * 3600

    func sweepSometimes() async {
        guard Int.random(in: 0..<Self.oneIn) == 0 else { return }
        do { try await sweep() } catch {
            store.logger.warning("sweeping expired sign-in rows failed", metadata: ["error": .string("\(error)")])
        }
    }

    func sweep() async throws {
        let now = self.now
        try await store.transaction { sql in
            try await sql.raw("DELETE FROM authorization_requests WHERE expires_at < \(bind: now)").run()
            try await sql.raw("DELETE FROM authorization_codes WHERE expires_at < \(bind: now)").run()
            try await sql.raw("DELETE FROM device_authorizations WHERE expires_at < \(bind: now)").run()
            try await sql.raw("DELETE FROM phone_pins WHERE expires_at < \(bind: now)").run()
            try await sql.raw("DELETE FROM browser_sign_ins WHERE expires_at < \(bind: now)").run()
            try await sql.raw("DELETE FROM oauth_tokens WHERE expires_at < \(bind: now.addingTimeInterval(-Self.tokenRetention))").run()
        }
    }
}
