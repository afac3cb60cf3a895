import Fluent
import Foundation

/// Deletes sign-in leftovers nobody can use any more: finished or expired authorization requests,
/// codes, device authorizations and PINs, and tokens a week past expiry. Anyone can create
/// authorization requests without credentials, so without this the tables would only grow.
///
/// Run from the requests that create such rows, once in `oneIn` of them: every instance sweeps now
/// and then, no instance needs a timer, and a sweep never races a shutdown.
struct ExpiredGrantSweeper: Sendable {
    let database: any Database
    let now: Date

    static let oneIn = 200
    /// Expired tokens are kept this long, so that introspection and reuse checks see them a while.
    static let tokenRetention: TimeInterval = 7 * 24 * 3600

    func sweepSometimes() async {
        guard Int.random(in: 0..<Self.oneIn) == 0 else { return }
        do { try await sweep() } catch {
            database.logger.warning("sweeping expired sign-in rows failed", metadata: ["error": .string("\(error)")])
        }
    }

    func sweep() async throws {
        try await AuthorizationRequest.query(on: database).filter(\.$expiresAt < now).delete()
        try await AuthorizationCode.query(on: database).filter(\.$expiresAt < now).delete()
        try await DeviceAuthorization.query(on: database).filter(\.$expiresAt < now).delete()
        try await PhonePin.query(on: database).filter(\.$expiresAt < now).delete()
        try await OAuthToken.query(on: database).filter(\.$expiresAt < now.addingTimeInterval(-Self.tokenRetention)).delete()
    }
}
