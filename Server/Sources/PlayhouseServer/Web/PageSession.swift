import Fluent
import Foundation
import SQLKit

/// A player's visit to the hosted pages. The SDK asks for one with the player's token and gets a
/// one-time ticket (60 s) in the page URL; opening it swaps the ticket for an HttpOnly cookie (30
/// minutes), so no token ever travels in a URL. Forms carry the session's CSRF token.
struct PageSession: Sendable {
    var id: UUID
    var appID: UUID
    var playerID: UUID
    var csrf: String
    /// The page to open first: `/wallet`, `/wallet/deposit`, …
    var page: String
    /// The play session of the token that opened the visit: the reality-check page acts on it.
    var playSessionID: UUID?
    var expiresAt: Date

    /// Its columns, qualified, for reads that join other tables.
    static let columns: SQLQueryString = "page_sessions.id, page_sessions.app_id, page_sessions.player_id, page_sessions.csrf, page_sessions.page, page_sessions.play_session_id, page_sessions.expires_at"

    init(row: some SQLRow) throws {
        id = try row.decode(column: "id", as: UUID.self)
        appID = try row.decode(column: "app_id", as: UUID.self)
        playerID = try row.decode(column: "player_id", as: UUID.self)
        csrf = try row.decode(column: "csrf", as: String.self)
        page = try row.decode(column: "page", as: String.self)
        playSessionID = try row.decode(column: "play_session_id", as: UUID?.self)
        expiresAt = try row.decode(column: "expires_at", as: Date.self)
    }

    /// Whether a posted form carries this visit's CSRF token (compared in constant time).
    func accepts(csrf: String?) -> Bool {
        SecretToken.matches(csrf, self.csrf)
    }
}
