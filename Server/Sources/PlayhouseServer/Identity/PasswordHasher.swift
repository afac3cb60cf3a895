import Foundation
import NIOPosix
import Vapor

/// Hashes and checks player passwords with bcrypt, off the event loops. The cost is the server's
/// `passwordHashCost` (12 by default: about a quarter of a second per hash on one core), so
/// password logins per second are bounded by it on purpose.
struct PasswordHasher: Sendable {
    let cost: Int
    let threadPool: NIOThreadPool

    /// Bcrypt reads at most 72 bytes; longer passwords are refused rather than silently cut.
    static let maximumBytes = 72
    static let minimumCharacters = 8

    func hash(_ password: String) async throws -> String {
        try await threadPool.runIfActive { [cost] in try Bcrypt.hash(password, cost: cost) }
    }

    /// Whether `password` matches `digest`. With no digest (no such player), a hash of the same
    /// cost is still computed, so the answer takes as long either way.
    func verify(_ password: String, against digest: String?) async throws -> Bool {
        try await threadPool.runIfActive { [cost] in
            guard let digest else {
                _ = try Bcrypt.hash(password, cost: cost)
                return false
            }
            return (try? Bcrypt.verify(password, created: digest)) ?? false
        }
    }
}
