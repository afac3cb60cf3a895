import Foundation
import SQLKit

/// Page sessions in the database: a one-time ticket for the SDK's page URL, swapped once for the
/// page cookie, and the session a cookie stands for. Only hashes of tickets and cookies are stored.
struct PageSessionService {
    static let ticketLifetime: TimeInterval = 60
    static let sessionLifetime: TimeInterval = 30 * 60

    let store: Store
    let now: Date

    /// Ends every visit of the player's to the hosted pages, in the caller's transaction (a
    /// deleted account, ``DeleteAccount``): their cookies open nothing any more.
    static func forget(playerID: UUID, on sql: any SQLDatabase) async throws {
        try await sql.raw("DELETE FROM page_sessions WHERE player_id = \(bind: playerID)").run()
    }

    /// A new visit of the player's to `page`: its one-time ticket and when the ticket expires.
    func open(appID: UUID, playerID: UUID, page: String, playSessionID: UUID? = nil) async throws -> (ticket: String, expiresAt: Date) {
        let ticket = SecretToken.generate(prefix: "pht_"), expiresAt = now.addingTimeInterval(Self.ticketLifetime)
        try await store.write { sql in
            try await sql.raw("""
                INSERT INTO page_sessions (id, app_id, player_id, ticket_hash, csrf, page, play_session_id, expires_at)
                VALUES (\(bind: UUID.random()), \(bind: appID), \(bind: playerID), \(bind: SecretToken.hash(ticket)), \(bind: SecretToken.generate(prefix: "")),
                        \(bind: page), \(bind: playSessionID), \(bind: expiresAt))
                """).run()
        }
        return (ticket, expiresAt)
    }

    /// Uses up a ticket: a new cookie for its session and the page to open first; nil when the
    /// ticket is unknown, used or expired.
    func enter(ticket: String) async throws -> (cookie: String, page: String)? {
        guard ticket.utf8.count <= 100 else { return nil }
        let cookie = SecretToken.generate(prefix: ""), now = self.now
        guard let row = try await store.write({ sql in
            try await sql.raw("""
                UPDATE page_sessions SET ticket_hash = NULL, cookie_hash = \(bind: SecretToken.hash(cookie)),
                       expires_at = \(bind: now.addingTimeInterval(Self.sessionLifetime))
                WHERE ticket_hash = \(bind: SecretToken.hash(ticket)) AND expires_at > \(bind: now) RETURNING page
                """).first()
        }) else { return nil }
        return (cookie, try row.decode(column: "page", as: String.self))
    }

    /// The live session a cookie stands for, and its app; nil when there is none or it expired.
    func session(cookie: String) async throws -> (PageSession, AppRecord)? {
        let now = self.now
        guard cookie.utf8.count <= 100, let row = try await store.read({ sql in
            try await sql.raw("""
                SELECT \(PageSession.columns), \(unsafeRaw: AppRecord.selectList("a")) FROM page_sessions JOIN apps a ON a.id = page_sessions.app_id
                WHERE cookie_hash = \(bind: SecretToken.hash(cookie)) AND expires_at > \(bind: now)
                """).first()
        }) else { return nil }
        return (try PageSession(row: row), try AppRecord(row: row))
    }
}
