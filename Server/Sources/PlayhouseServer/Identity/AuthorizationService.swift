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
        /// OpenID Connect's `max_age`, at the request's start: a browser sign-in older than this
        /// asks for the credentials again.
        var maxAge: TimeInterval?
        var scopes: [String] { TokenService.scopes(request.scope) }
    }

    /// What the hosted page shows next for a request.
    enum Next: Sendable {
        /// The login and registration forms.
        case login
        /// The consent page, for the player who signed in.
        case consent(playerID: UUID)
        /// Nothing more to ask: back to the app, or the device's page.
        case finished(Outcome)
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
        guard let clientID, let app = try await AppService(store: store, now: now).find(clientID), app.clientID == clientID else {
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
        let responseType: String?, challenge: String?, method: String?, requestedScope: String?, nonce: String?
        let prompt: String?, maxAge: String?
        do {
            responseType = try parameters.value("response_type")
            challenge = try parameters.value("code_challenge")
            method = try parameters.value("code_challenge_method")
            requestedScope = try parameters.value("scope")
            nonce = try parameters.value("nonce")
            prompt = try parameters.value("prompt")
            maxAge = try parameters.value("max_age")
            _ = try parameters.value("state")
        } catch {
            throw fail("invalid_request", "A parameter was sent more than once.")
        }
        guard responseType == "code" else { throw fail("unsupported_response_type", "Only response_type=code is supported.") }
        guard let challenge, method == PKCE.method, PKCE.isWellFormed(challenge) else {
            throw fail("invalid_request", "PKCE is required: send code_challenge with code_challenge_method=S256.")
        }
        if let state, state.utf8.count > 1000 { throw fail("invalid_request", "The state is longer than 1000 bytes.") }
        if let nonce, nonce.utf8.count > 255 { throw fail("invalid_request", "The nonce is longer than 255 bytes.") }
        let prompts = Set(TokenService.scopes(prompt ?? ""))
        guard prompts.isSubset(of: Self.prompts), !prompts.contains("none") || prompts.count == 1 else {
            throw fail("invalid_request", "prompt is none, or any of login, consent and select_account.")
        }
        let maxSeconds = maxAge.map { UInt32($0) }
        if maxSeconds == .some(nil) { throw fail("invalid_request", "max_age is a number of seconds.") }
        var scopes = app.scopes
        if let requestedScope = requestedScope.given {
            scopes = TokenService.scopes(requestedScope).uniqued()
            // OpenID Connect's `openid` asks for an id_token; every app may.
            guard scopes.allSatisfy({ app.scopes.contains($0) || $0 == "openid" }) else {
                throw fail("invalid_scope", "The app may not request that scope.")
            }
        }

        let handle = SecretToken.generate(prefix: "")
        let request = AuthorizationRequest(handleHash: SecretToken.hash(handle), browserHash: SecretToken.hash(browser), appID: app.id,
                                           redirectURI: redirectURI, redirectURISent: sentRedirectURI != nil,
                                           scope: scopes.joined(separator: " "), state: state, codeChallenge: challenge,
                                           expiresAt: now.addingTimeInterval(configuration.authorizationRequestLifetime), nonce: nonce,
                                           prompt: prompts)
        try await store.write { sql in try await sql.raw(request.insert).run() }
        await ExpiredGrantSweeper(store: store, now: now).sweepSometimes()
        return (handle, Pending(request: request, app: app, maxAge: maxSeconds.flatMap { $0.map(TimeInterval.init) }))
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

    /// OpenID Connect's `prompt` values (`select_account` is taken as `login`: a browser holds one
    /// player of an app).
    static let prompts: Set<String> = ["none", "login", "consent", "select_account"]

    /// Where a request goes when the hosted page opens: a browser already signed in to the app (and
    /// recently enough for `max_age`) skips the login; `prompt=login` asks for it anyway, and
    /// `prompt=none` fails with `login_required` rather than ask.
    func resume(_ pending: inout Pending, browser: String) async throws -> Next {
        let prompt = pending.request.prompt
        if prompt.isDisjoint(with: ["login", "select_account"]),
           let signIn = try await BrowserSignIns(store: store, now: now).current(browser: browser, appID: pending.app.id),
           pending.maxAge.map({ now.timeIntervalSince(signIn.signedInAt) <= $0 }) ?? true {
            try await record(&pending, playerID: signIn.playerID, authTime: signIn.signedInAt)
            return try await consentOrFinish(pending)
        }
        if prompt.contains("none") { return .finished(try await decline(pending, error: "login_required", "The player is not signed in.")) }
        return .login
    }

    /// The player typed their credentials on the hosted page: the browser remembers them for the
    /// app, and the request goes on to consent, or straight back when the scopes are allowed.
    func signedIn(_ pending: inout Pending, playerID: UUID, browser: String) async throws -> Next {
        try await BrowserSignIns(store: store, now: now)
            .remember(browser: browser, appID: pending.app.id, playerID: playerID, lifetime: configuration.browserSignInLifetime)
        try await record(&pending, playerID: playerID, authTime: now)
        return try await consentOrFinish(pending)
    }

    /// Signs every player out of `browser` (OpenID Connect's RP-initiated logout), and answers where
    /// to go next: `postLogoutRedirectURI` (with `state`) when it is one of `clientID`'s redirect
    /// URIs, nil when the page should say the browser is signed out.
    func signOut(browser: String, clientID: String?, postLogoutRedirectURI: String?, state: String?) async throws -> String? {
        try await BrowserSignIns(store: store, now: now).end(browser: browser)
        guard let clientID, let target = postLogoutRedirectURI, let app = try await AppService(store: store, now: now).find(clientID),
              app.clientID == clientID, app.redirectURIs.contains(target) else { return nil }
        return state.map { Self.redirect(target, ["state": $0]) } ?? target
    }

    /// The player allowed the request's scopes, of its games' profile scopes (`{game}.profile`,
    /// ``GameProfileService/scope(of:)``) only those of `games` (all, some or none of them): what
    /// was allowed is remembered, and granted; the app's token carries only that; a game left
    /// unticked is forgotten from what the player allowed before.
    func allow(_ pending: Pending, games: Set<String>) async throws -> Outcome {
        guard let playerID = pending.request.playerID else { throw Failure.shown(message: "authorize.forged", status: 403) }
        let allowed = pending.scopes.filter { scope in GameProfileService.game(ofScope: scope).map(games.contains) ?? true }
        // A game unticked now is not allowed any more, whatever was allowed before.
        try await PlayerConsents(store: store, now: now).grant(allowed, withdrawing: pending.scopes.filter { !allowed.contains($0) },
                                                               playerID: playerID)
        return try await approve(pending, scope: allowed.joined(separator: " "))
    }

    /// Scopes the player allowed before are not asked again, unless `prompt=consent`;
    /// `prompt=none` fails with `consent_required` rather than ask.
    private func consentOrFinish(_ pending: Pending) async throws -> Next {
        guard let playerID = pending.request.playerID else { throw Failure.shown(message: "authorize.forged", status: 403) }
        if !pending.request.prompt.contains("consent"),
           try await PlayerConsents(store: store, now: now).cover(pending.scopes, playerID: playerID) {
            return .finished(try await approve(pending))
        }
        if pending.request.prompt.contains("none") {
            return .finished(try await decline(pending, error: "consent_required", "The player has not allowed these scopes."))
        }
        return .consent(playerID: playerID)
    }

    /// Records who signed in for the request, and when they typed their credentials.
    private func record(_ pending: inout Pending, playerID: UUID, authTime: Date) async throws {
        pending.request.playerID = playerID
        pending.request.authTime = authTime
        let id = pending.request.id
        try await store.write { sql in
            try await sql.raw("""
                UPDATE authorization_requests SET player_id = \(bind: playerID), auth_time = \(bind: authTime) WHERE id = \(bind: id)
                """).run()
        }
    }

    /// The request is granted, with `scope` (the request's own when nil): a code goes to the app's
    /// redirect URI, or the device is approved.
    private func approve(_ pending: Pending, scope: String? = nil) async throws -> Outcome {
        guard let playerID = pending.request.playerID else { throw Failure.shown(message: "authorize.forged", status: 403) }
        try await complete(pending)
        if let device = pending.request.deviceAuthorizationID {
            try await DeviceAuthorizationService(store: store, now: now, configuration: configuration)
                .decide(device, playerID: playerID, approved: true, scope: scope)
            return .device(approved: true)
        }
        let value = SecretToken.generate(prefix: "phc_")
        let request = pending.request, appID = pending.app.id, expiresAt = now.addingTimeInterval(configuration.authorizationCodeLifetime)
        try await store.write { sql in
            try await sql.raw("""
                INSERT INTO authorization_codes (id, code_hash, app_id, player_id, redirect_uri, redirect_uri_sent, scope, code_challenge,
                                                 family_id, expires_at, nonce, auth_time)
                VALUES (\(bind: UUID.random()), \(bind: SecretToken.hash(value)), \(bind: appID), \(bind: playerID), \(bind: request.redirectURI),
                        \(bind: request.redirectURISent), \(bind: scope ?? request.scope), \(bind: request.codeChallenge), \(bind: UUID.random()),
                        \(bind: expiresAt), \(bind: request.nonce), \(bind: request.authTime))
                """).run()
        }
        return .redirect(Self.redirect(pending.request.redirectURI, ["code": value, "state": pending.request.state,
                                                                     "iss": configuration.resolvedPublicURL]))
    }

    /// The player declined or closed the page: the app hears `access_denied` (or `error`).
    func decline(_ pending: Pending, error: String = "access_denied", _ description: String = "The player declined.") async throws -> Outcome {
        try await complete(pending)
        if let device = pending.request.deviceAuthorizationID {
            try await DeviceAuthorizationService(store: store, now: now, configuration: configuration)
                .decide(device, playerID: nil, approved: false)
            return .device(approved: false)
        }
        return .redirect(Self.redirect(pending.request.redirectURI, ["error": error,
                                                                     "error_description": description,
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
