import Fluent
import Foundation
import SQLKit

/// An authorization request (`GET /oauth/authorize`) waiting for the player on the hosted page.
/// It is found by a random handle (stored as a digest) and bound to the browser that started it
/// by a cookie, so another site cannot submit the hosted forms for it.
struct AuthorizationRequest: Sendable {
    var id = UUID.random()
    var handleHash: String
    var browserHash: String
    var appID: UUID
    var redirectURI: String
    var redirectURISent: Bool
    var scope: String
    var state: String?
    var codeChallenge: String
    var playerID: UUID?
    var expiresAt: Date
    var completedAt: Date?
    /// Set when the sign-in approves a device (RFC 8628) instead of redirecting.
    var deviceAuthorizationID: UUID?
    /// OpenID Connect: the app's `nonce`, for the id_token.
    var nonce: String?
    /// OpenID Connect's `prompt`: `login` and `consent` ask again even when the browser is signed
    /// in and the scopes allowed; `none` asks nothing and fails instead.
    var prompt: Set<String> = []
    /// When the player typed their credentials: the id_token's `auth_time`.
    var authTime: Date?

    /// Its columns, of the table aliased `r`.
    static let columns: SQLQueryString = """
        r.id, r.handle_hash, r.browser_hash, r.app_id, r.redirect_uri, r.redirect_uri_sent, r.scope, r.state, r.code_challenge, \
        r.player_id, r.expires_at, r.completed_at, r.device_authorization_id, r.nonce, r.prompt, r.auth_time
        """

    init(handleHash: String, browserHash: String, appID: UUID, redirectURI: String, redirectURISent: Bool, scope: String,
         state: String? = nil, codeChallenge: String, expiresAt: Date, deviceAuthorizationID: UUID? = nil, nonce: String? = nil,
         prompt: Set<String> = []) {
        self.handleHash = handleHash
        self.browserHash = browserHash
        self.appID = appID
        self.redirectURI = redirectURI
        self.redirectURISent = redirectURISent
        self.scope = scope
        self.state = state
        self.codeChallenge = codeChallenge
        self.expiresAt = expiresAt
        self.deviceAuthorizationID = deviceAuthorizationID
        self.nonce = nonce
        self.prompt = prompt
    }

    init(row: some SQLRow) throws {
        id = try row.decode(column: "id", as: UUID.self)
        handleHash = try row.decode(column: "handle_hash", as: String.self)
        browserHash = try row.decode(column: "browser_hash", as: String.self)
        appID = try row.decode(column: "app_id", as: UUID.self)
        redirectURI = try row.decode(column: "redirect_uri", as: String.self)
        redirectURISent = try row.decode(column: "redirect_uri_sent", as: Bool.self)
        scope = try row.decode(column: "scope", as: String.self)
        state = try row.decode(column: "state", as: String?.self)
        codeChallenge = try row.decode(column: "code_challenge", as: String.self)
        playerID = try row.decode(column: "player_id", as: UUID?.self)
        expiresAt = try row.decode(column: "expires_at", as: Date.self)
        completedAt = try row.decode(column: "completed_at", as: Date?.self)
        deviceAuthorizationID = try row.decode(column: "device_authorization_id", as: UUID?.self)
        nonce = try row.decode(column: "nonce", as: String?.self)
        prompt = Set(try row.decode(column: "prompt", as: String?.self).map(TokenService.scopes) ?? [])
        authTime = try row.decode(column: "auth_time", as: Date?.self)
    }

    var insert: SQLQueryString {
        """
        INSERT INTO authorization_requests (id, handle_hash, browser_hash, app_id, redirect_uri, redirect_uri_sent, scope, state,
                                            code_challenge, player_id, expires_at, completed_at, device_authorization_id, nonce,
                                            prompt)
        VALUES (\(bind: id), \(bind: handleHash), \(bind: browserHash), \(bind: appID), \(bind: redirectURI), \(bind: redirectURISent),
                \(bind: scope), \(bind: state), \(bind: codeChallenge), \(bind: playerID), \(bind: expiresAt), \(bind: completedAt),
                \(bind: deviceAuthorizationID), \(bind: nonce), \(bind: prompt.isEmpty ? nil : prompt.sorted().joined(separator: " ")))
        """
    }
}
