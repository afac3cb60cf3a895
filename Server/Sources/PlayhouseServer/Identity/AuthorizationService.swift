import Foundation
import PlayhouseAPI
import SQLKit

/// The rules of the authorization code flow's front half (RFC 6749 §4.1.1–4.1.2, OAuth 2.1): check
/// an authorization request, hold it while the player signs in on the hosted page, and answer the
/// app's redirect URI with a code or an error.
struct AuthorizationService: Sendable {
    let store: Store
    let now: Date
    let configuration: PlayhouseConfiguration

    /// Why an authorization request ends without a code.
    enum Failure: Error, Sendable {
        /// The request cannot be trusted to redirect (unknown client, unregistered redirect URI,
        /// expired or foreign request): the page shows `message` instead.
        case shown(message: String, status: Int)
        /// The app is told at its redirect URI.
        case redirected(to: String)
    }

    /// Where a finished sign-in goes: back to the app's redirect URI, or to a "return to your
    /// device" page for a device authorization.
    enum Outcome: Sendable {
        case redirect(String)
        case device(approved: Bool)
    }

    /// A request waiting on the hosted page, with the app that made it.
    struct Pending: Sendable {
        var request: AuthorizationRequest
        var app: AppRecord
        var scopes: [String] { TokenService.scopes(request.scope) }
    }

    /// Checks `GET /oauth/authorize` parameters and stores the request; returns its handle (a
    /// secret for the hosted forms) and the pending request.
    func begin(_ parameters: OAuthForm, browser: String) async throws -> (handle: String, pending: Pending) {
        let clientID: String?, sentRedirectURI: String?
        do {
            clientID = try parameters.value("client_id")
            sentRedirectURI = try parameters.value("redirect_uri")
        } catch {
            throw Failure.shown(message: "authorize.invalid_request", status: 400)
        }
        guard let clientID, let app = try await AppService(store: store).find(clientID), app.clientID == clientID else {
            throw Failure.shown(message: "authorize.unknown_client", status: 400)
        }
        let redirectURI: String
        if let sentRedirectURI {
            guard app.redirectURIs.contains(sentRedirectURI) else { throw Failure.shown(message: "authorize.redirect_uri_mismatch", status: 400) }
            redirectURI = sentRedirectURI
        } else {
            guard app.redirectURIs.count == 1 else { throw Failure.shown(message: "authorize.redirect_uri_mismatch", status: 400) }
            redirectURI = app.redirectURIs[0]
        }

        // From here on the redirect URI is the app's own: errors go back to it.
        let state = try? parameters.value("state")
        func fail(_ error: String, _ description: String) -> Failure {
            .redirected(to: Self.redirect(redirectURI, ["error": error, "error_description": description, "state": state ?? nil,
                                                        "iss": configuration.resolvedPublicURL]))
        }
        let responseType: String?, challenge: String?, method: String?, requestedScope: String?
        do {
            responseType = try parameters.value("response_type")
            challenge = try parameters.value("code_challenge")
            method = try parameters.value("code_challenge_method")
            requestedScope = try parameters.value("scope")
            _ = try parameters.value("state")
        } catch {
            throw fail("invalid_request", "A parameter was sent more than once.")
        }
        guard responseType == "code" else { throw fail("unsupported_response_type", "Only response_type=code is supported.") }
        guard let challenge, method == PKCE.method, PKCE.isWellFormed(challenge) else {
            throw fail("invalid_request", "PKCE is required: send code_challenge with code_challenge_method=S256.")
        }
        if let state, state.utf8.count > 1000 { throw fail("invalid_request", "The state is longer than 1000 bytes.") }
        var scopes = app.scopes
        if let requestedScope, !requestedScope.trimmingCharacters(in: .whitespaces).isEmpty {
            scopes = TokenService.scopes(requestedScope).uniqued()
            guard scopes.allSatisfy(app.scopes.contains) else { throw fail("invalid_scope", "The app may not request that scope.") }
        }

        let handle = SecretToken.generate(prefix: "")
        let request = AuthorizationRequest(handleHash: SecretToken.hash(handle), browserHash: SecretToken.hash(browser), appID: app.id,
                                           redirectURI: redirectURI, redirectURISent: sentRedirectURI != nil,
                                           scope: scopes.joined(separator: " "), state: state, codeChallenge: challenge,
                                           expiresAt: now.addingTimeInterval(configuration.authorizationRequestLifetime))
        try await store.write { sql in try await sql.raw(request.insert).run() }
        await ExpiredGrantSweeper(store: store, now: now).sweepSometimes()
        return (handle, Pending(request: request, app: app))
    }

    /// Holds a device authorization (found by its user code) while the player signs in to approve it.
    func begin(device: DeviceAuthorization, app: AppRecord, browser: String) async throws -> (handle: String, pending: Pending) {
        let handle = SecretToken.generate(prefix: "")
        let request = AuthorizationRequest(handleHash: SecretToken.hash(handle), browserHash: SecretToken.hash(browser), appID: device.appID,
                                           redirectURI: "", redirectURISent: false, scope: device.scope, codeChallenge: "",
                                           expiresAt: min(device.expiresAt, now.addingTimeInterval(configuration.authorizationRequestLifetime)),
                                           deviceAuthorizationID: device.id)
        try await store.write { sql in try await sql.raw(request.insert).run() }
        return (handle, Pending(request: request, app: app))
    }

    /// The request behind a hosted form's handle, provided the same browser started it and it is
    /// neither finished nor expired.
    func pending(handle: String?, browser: String?) async throws -> Pending {
        guard let handle, let browser, handle.utf8.count <= 100 else { throw Failure.shown(message: "authorize.forged", status: 403) }
        let hash = SecretToken.hash(handle)
        guard let row = try await store.read({ sql in
                  try await sql.raw("""
                      SELECT \(AuthorizationRequest.columns), \(unsafeRaw: AppRecord.selectList("a")) FROM authorization_requests r
                      JOIN apps a ON a.id = r.app_id WHERE r.handle_hash = \(bind: hash)
                      """).first()
              }),
              case let request = try AuthorizationRequest(row: row),
              SecretToken.constantTimeEquals(request.browserHash, SecretToken.hash(browser))
        else { throw Failure.shown(message: "authorize.forged", status: 403) }
        guard request.completedAt == nil, request.expiresAt > now else {
            throw Failure.shown(message: "authorize.expired", status: 400)
        }
        return Pending(request: request, app: try AppRecord(row: row))
    }

    /// Records who signed in on the hosted page.
    func signIn(_ pending: inout Pending, playerID: UUID) async throws {
        pending.request.playerID = playerID
        let id = pending.request.id
        try await store.write { sql in
            try await sql.raw("UPDATE authorization_requests SET player_id = \(bind: playerID) WHERE id = \(bind: id)").run()
        }
    }

    /// The player granted the request: a code goes to the app's redirect URI, or the device is approved.
    func approve(_ pending: Pending) async throws -> Outcome {
        guard let playerID = pending.request.playerID else { throw Failure.shown(message: "authorize.forged", status: 403) }
        try await complete(pending)
        if let device = pending.request.deviceAuthorizationID {
            try await DeviceAuthorizationService(store: store, now: now, configuration: configuration)
                .decide(device, playerID: playerID, approved: true)
            return .device(approved: true)
        }
        let value = SecretToken.generate(prefix: "phc_")
        let request = pending.request, appID = pending.app.id, expiresAt = now.addingTimeInterval(configuration.authorizationCodeLifetime)
        try await store.write { sql in
            try await sql.raw("""
                INSERT INTO authorization_codes (id, code_hash, app_id, player_id, redirect_uri, redirect_uri_sent, scope, code_challenge,
                                                 family_id, expires_at)
                VALUES (\(bind: UUID()), \(bind: SecretToken.hash(value)), \(bind: appID), \(bind: playerID), \(bind: request.redirectURI),
                        \(bind: request.redirectURISent), \(bind: request.scope), \(bind: request.codeChallenge), \(bind: UUID()),
                        \(bind: expiresAt))
                """).run()
        }
        return .redirect(Self.redirect(pending.request.redirectURI, ["code": value, "state": pending.request.state,
                                                                     "iss": configuration.resolvedPublicURL]))
    }

    /// The player declined or closed the page: the app hears `access_denied`.
    func decline(_ pending: Pending) async throws -> Outcome {
        try await complete(pending)
        if let device = pending.request.deviceAuthorizationID {
            try await DeviceAuthorizationService(store: store, now: now, configuration: configuration)
                .decide(device, playerID: nil, approved: false)
            return .device(approved: false)
        }
        return .redirect(Self.redirect(pending.request.redirectURI, ["error": "access_denied",
                                                                     "error_description": "The player declined.",
                                                                     "state": pending.request.state,
                                                                     "iss": configuration.resolvedPublicURL]))
    }

    /// Marks the request finished; only one submission can do so.
    private func complete(_ pending: Pending) async throws {
        let id = pending.request.id, now = self.now
        let completed = try await store.write { sql in
            try await sql.claimed("""
                UPDATE authorization_requests SET completed_at = \(bind: now) \
                WHERE id = \(bind: id) AND completed_at IS NULL RETURNING id
                """)
        }
        guard completed else { throw Failure.shown(message: "authorize.expired", status: 400) }
    }

    /// `uri` with `parameters` added to its query, each value percent-encoded so that any client's
    /// query parser reads it back exactly.
    static func redirect(_ uri: String, _ parameters: KeyValuePairs<String, String?>) -> String {
        let allowed = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
        let query = parameters.compactMap { name, value in
            value.map { name + "=" + ($0.addingPercentEncoding(withAllowedCharacters: allowed) ?? "") }
        }.joined(separator: "&")
        return uri + (uri.contains("?") ? "&" : "?") + query
    }
}
