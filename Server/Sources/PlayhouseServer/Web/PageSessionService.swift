import Fluent
import Foundation
import SQLKit

/// Page sessions in the database: a one-time ticket for the SDK's page URL, swapped once for the
/// page cookie, and the session a cookie stands for. Only hashes of tickets and cookies are stored.
struct PageSessionService {
    static let ticketLifetime: TimeInterval = 60
    static let sessionLifetime: TimeInterval = 30 * 60

    let database: any Database
    let now: Date

    /// A new visit of the player's to `page`: its one-time ticket and when the ticket expires.
    func open(appID: UUID, playerID: UUID, page: String, playSessionID: UUID? = nil) async throws -> (ticket: String, expiresAt: Date) {
        let ticket = SecretToken.generate(prefix: "pht_")
        let session = PageSession()
        session.$app.id = appID
        session.$player.id = playerID
        session.ticketHash = SecretToken.hash(ticket)
        session.csrf = SecretToken.generate(prefix: "")
        session.page = page
        session.playSessionID = playSessionID
        session.expiresAt = now.addingTimeInterval(Self.ticketLifetime)
        try await session.create(on: database)
        return (ticket, session.expiresAt)
    }

    /// Uses up a ticket: a new cookie for its session and the page to open first; nil when the
    /// ticket is unknown, used or expired.
    func enter(ticket: String) async throws -> (cookie: String, page: String)? {
        guard ticket.utf8.count <= 100 else { return nil }
        let cookie = SecretToken.generate(prefix: "")
        guard let row = try await database.sql().raw("""
            UPDATE page_sessions SET ticket_hash = NULL, cookie_hash = \(bind: SecretToken.hash(cookie)),
                   expires_at = \(bind: now.addingTimeInterval(Self.sessionLifetime))
            WHERE ticket_hash = \(bind: SecretToken.hash(ticket)) AND expires_at > \(bind: now) RETURNING page
            """).first() else { return nil }
        return (cookie, try row.decode(column: "page", as: String.self))
    }

    /// The live session a cookie stands for, and its app; nil when there is none or it expired.
    func session(cookie: String) async throws -> (PageSession, AppRecord)? {
        guard cookie.utf8.count <= 100,
              let session = try await PageSession.query(on: database).filter(\.$cookieHash == SecretToken.hash(cookie))
                  .filter(\.$expiresAt > now).with(\.$app).first() else { return nil }
        return (session, try AppRecord(session.app))
    }
}
