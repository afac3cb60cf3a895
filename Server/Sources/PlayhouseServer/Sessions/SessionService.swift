import Fluent
import Foundation

/// Starts and ends play sessions. Ending a session revokes every token issued in it.
struct SessionService: Sendable {
    let database: any Database
    let now: Date

    /// A new session for `playerID` in `appID`; returns its id.
    func start(appID: UUID, playerID: UUID) async throws -> UUID {
        let session = PlaySession(appID: appID, playerID: playerID, startedAt: now)
        try await session.create(on: database)
        return try session.requireID()
    }

    /// Ends the session (if it is still open) and revokes its tokens, in one transaction.
    func end(_ sessionID: UUID) async throws {
        try await database.transaction { transaction in
            try await PlaySession.query(on: transaction)
                .filter(\.$id == sessionID).filter(\.$endedAt == nil)
                .set(\.$endedAt, to: now).update()
            try await TokenService(database: transaction, now: now).revokeSession(sessionID)
        }
    }
}
