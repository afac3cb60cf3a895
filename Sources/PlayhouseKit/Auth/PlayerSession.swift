import Foundation
import PlayhouseAPI
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The signed-in player's tokens: restores them at launch, signs in by the authorization code flow
/// with PKCE, refreshes before expiry (one refresh shared by all callers), and signs out.
actor PlayerSession {
    private let configuration: PlayhouseClient.Configuration
    private let pipeline: Pipeline
    private var tokens: StoredPlayerTokens?
    /// The one load of the stored tokens, which every caller awaits.
    private var restoring: Task<Void, Never>?
    private var pendingSignIns: [String: PKCEPair] = [:]
    private var refresh: Task<StoredPlayerTokens, any Error>?
    private(set) var player: SignedInPlayer?
    private let watchers = Broadcast<SignedInPlayer?>()

    init(configuration: PlayhouseClient.Configuration, pipeline: Pipeline) {
        self.configuration = configuration
        self.pipeline = pipeline
    }

    /// Loads stored tokens once; tokens of another installation are deleted, not used. Callers
    /// that come while it loads wait for it (so none sees "nobody" for a player being restored).
    func restore() async {
        if restoring == nil { restoring = Task { await self.load() } }
        await restoring?.value
    }

    private func load() async {
        guard let stored = try? await configuration.tokenStore.load() else { return }
        guard stored.installationID == configuration.installationID else {
            try? await configuration.tokenStore.clear()
            return
        }
        tokens = stored
        setPlayer(SignedInPlayer(id: stored.playerID, isGuest: stored.isGuest))
    }

    /// The player linked a phone number or a provider's account: `guest` is what the server's
    /// profile now says, kept here and in the stored tokens.
    func noteLinked(guest: Bool) async {
        guard var current = tokens, current.isGuest != guest else { return }
        current.isGuest = guest
        tokens = current
        player?.isGuest = guest
        try? await configuration.tokenStore.save(current)
    }

    func currentPlayer() async -> SignedInPlayer? {
        await restore()
        return player
    }

    /// The signed-in player now (nil: nobody), then every change.
    func changes() async -> AsyncStream<SignedInPlayer?> {
        await restore()
        return watchers.stream(startingWith: .some(player))
    }

    /// The hosted page's URL for a new sign-in; remembers its verifier under its state.
    func authorizationURL(scopes: [String], prompt: SignInPrompt? = nil, redirectURI: URL) -> URL {
        let pair = PKCEPair()
        pendingSignIns[pair.state] = pair
        var components = URLComponents(url: configuration.baseURL.appendingPathComponent(APIPath.authorize),
                                       resolvingAgainstBaseURL: false)!
        components.queryItems = [
            URLQueryItem(name: "response_type", value: "code"),
            URLQueryItem(name: "client_id", value: configuration.clientID),
            URLQueryItem(name: "redirect_uri", value: redirectURI.absoluteString),
            URLQueryItem(name: "scope", value: scopes.joined(separator: " ")),
            URLQueryItem(name: "state", value: pair.state),
            URLQueryItem(name: "code_challenge", value: pair.challenge),
            URLQueryItem(name: "code_challenge_method", value: "S256"),
        ]
        if let prompt { components.queryItems?.append(URLQueryItem(name: "prompt", value: prompt.rawValue)) }
        // `+` is a space to form decoders; spell it out.
        components.percentEncodedQuery = components.percentEncodedQuery?.replacingOccurrences(of: "+", with: "%2B")
        return components.url!
    }

    /// Finishes a sign-in from the URL the hosted page redirected to.
    func completeSignIn(redirect: URL, redirectURI: URL) async throws -> SignedInPlayer {
        let items = URLComponents(url: redirect, resolvingAgainstBaseURL: false)?.queryItems ?? []
        func value(_ name: String) -> String? { items.first { $0.name == name }?.value }
        guard let state = value("state"), let pair = pendingSignIns.removeValue(forKey: state) else {
            throw PlayhouseError(code: .stateMismatch, message: "The redirect does not belong to a sign-in this app started.")
        }
        if let issuer = value("iss"), issuer != configuration.baseURL.absoluteString.trimmingTrailingSlash {
            throw PlayhouseError(code: .issuerMismatch, message: "The redirect came from another server (\(issuer)).")
        }
        if let error = value("error") {
            throw PlayhouseError(code: PlayhouseError.Code(error), message: value("error_description") ?? error)
        }
        guard let code = value("code") else { throw PlayhouseError(code: .badResponse, message: "The redirect carries no code.") }
        let answer = try await tokenRequest([("grant_type", GrantType.authorizationCode), ("code", code),
                                             ("redirect_uri", redirectURI.absoluteString), ("code_verifier", pair.verifier)])
        var signedIn = try await fetchPlayer(accessToken: answer.accessToken)
        signedIn.isNew = answer.playerCreated ?? false
        try await store(answer, player: signedIn)
        setPlayer(signedIn)
        return signedIn
    }

    /// Signs in with a grant that needs no browser (phone PIN, token exchange, device code).
    func signIn(grant form: [(String, String)]) async throws -> SignedInPlayer {
        let answer = try await tokenRequest(form)
        var signedIn = try await fetchPlayer(accessToken: answer.accessToken)
        signedIn.isNew = answer.playerCreated ?? false
        try await store(answer, player: signedIn)
        setPlayer(signedIn)
        return signedIn
    }

    /// Starts a device authorization (RFC 8628).
    func startDeviceAuthorization(scopes: [String]) async throws -> DeviceAuthorizationResponse {
        try await clientRequest(APIPath.deviceAuthorization, scopes.isEmpty ? [] : [("scope", scopes.joined(separator: " "))])
    }

    /// Polls until the player decides on the verification page, waiting `interval` seconds between
    /// polls and longer when told to slow down.
    func completeDeviceAuthorization(_ device: DeviceAuthorizationResponse) async throws -> SignedInPlayer {
        var interval = max(1, device.interval)
        let deadline = configuration.now().addingTimeInterval(TimeInterval(device.expiresIn))
        while true {
            try await configuration.retryPolicy.sleep(.seconds(interval))
            do {
                return try await signIn(grant: [("grant_type", GrantType.deviceCode), ("device_code", device.deviceCode)])
            } catch let error as PlayhouseError where error.code == .authorizationPending {
                guard configuration.now() < deadline else { throw PlayhouseError(code: .expiredToken, message: error.message) }
            } catch let error as PlayhouseError where error.code == .slowDown {
                interval += 5
            }
        }
    }

    /// A live player access token, refreshed first when it is about to expire.
    func accessToken() async throws -> String {
        await restore()
        guard let current = tokens else {
            throw PlayhouseError(code: .notSignedIn, message: "No player is signed in.")
        }
        if current.expiresAt.timeIntervalSince(configuration.now()) > configuration.tokenRenewalMargin { return current.accessToken }
        return try await refreshed().accessToken
    }

    /// A live access token of `playerID`'s; nil when another player, or nobody, is signed in now.
    /// Work queued for one player (their list operations) is sent with their token or not at all.
    func accessToken(of playerID: String) async throws -> String? {
        await restore()
        guard tokens?.playerID == playerID else { return nil }
        let token = try await accessToken()
        return tokens?.playerID == playerID ? token : nil
    }

    /// The play session the stored tokens belong to.
    func sessionID() -> String? { tokens?.sessionID }

    /// Forgets `value` so that the next call refreshes (the server said it is no longer valid).
    func invalidate(_ value: String) {
        if tokens?.accessToken == value { tokens?.expiresAt = .distantPast }
    }

    /// Refreshes the tokens; concurrent callers share one request.
    func refreshed() async throws -> StoredPlayerTokens {
        if let refresh { return try await refresh.value }
        let task = Task { try await self.performRefresh() }
        refresh = task
        defer { refresh = nil }
        return try await task.value
    }

    private func performRefresh() async throws -> StoredPlayerTokens {
        guard let current = tokens, let refreshToken = current.refreshToken else {
            throw PlayhouseError(code: .notSignedIn, message: "No player is signed in.")
        }
        do {
            let answer = try await tokenRequest([("grant_type", GrantType.refreshToken), ("refresh_token", refreshToken)])
            // Another sign-in, or a sign-out, came while the refresh was out: its tokens stand.
            guard tokens?.refreshToken == refreshToken else {
                throw PlayhouseError(code: .notSignedIn, message: "The player signed out or another player signed in.")
            }
            try await store(answer, player: SignedInPlayer(id: current.playerID, isGuest: current.isGuest))
            return tokens!
        } catch let error as PlayhouseError where error.code == .invalidGrant {
            // The sign-in is over (revoked, expired, or signed out elsewhere).
            await signOutLocally()
            throw error
        }
    }

    /// Ends the session on the server (best effort) and forgets everything about the player.
    /// When the access token no longer works (expired, say), the refresh token is revoked instead,
    /// which revokes the whole sign-in (RFC 7009 §2.1).
    func logout() async {
        await restore()
        if let current = tokens {
            let request = HTTPRequest(method: "POST", url: configuration.baseURL.appendingPathComponent(APIPath.logout),
                                      headers: ["Authorization": "Bearer \(current.accessToken)", "Accept-Language": configuration.acceptLanguage])
            let ended = (try? await pipeline.send(request)).map { (200..<300).contains($0.status) } ?? false
            if !ended, let refreshToken = current.refreshToken {
                _ = try? await pipeline.send(ClientForm(configuration: configuration)
                    .request(APIPath.revoke, [("token", refreshToken), ("token_type_hint", "refresh_token")]))
            }
        }
        pendingSignIns = [:]
        await signOutLocally()
    }

    /// Forgets everything about the player on this device, as ``logout()`` does, with nothing to
    /// end on the server (their account was deleted).
    func forget() async {
        await restore()
        pendingSignIns = [:]
        await signOutLocally()
    }

    private func signOutLocally() async {
        tokens = nil
        try? await configuration.tokenStore.clear()
        if let cookies = HTTPCookieStorage.shared.cookies(for: configuration.baseURL) {
            cookies.forEach(HTTPCookieStorage.shared.deleteCookie)
        }
        setPlayer(nil)
    }

    private func store(_ answer: TokenResponse, player: SignedInPlayer) async throws {
        let fresh = StoredPlayerTokens(accessToken: answer.accessToken, refreshToken: answer.refreshToken ?? tokens?.refreshToken,
                                       expiresAt: configuration.now().addingTimeInterval(TimeInterval(answer.expiresIn)),
                                       scope: answer.scope, sessionID: answer.sessionID, playerID: player.id,
                                       installationID: configuration.installationID, isGuest: player.isGuest)
        tokens = fresh
        try await configuration.tokenStore.save(fresh)
    }

    private func setPlayer(_ new: SignedInPlayer?) {
        let old = player
        player = new
        guard old?.id != new?.id else { return }
        watchers.yield(new)
        var info: [String: Any] = [:]
        if let old { info[AuthAPI.oldPlayerKey] = old }
        if let new { info[AuthAPI.newPlayerKey] = new }
        NotificationCenter.default.post(name: .playhouseCurrentPlayerDidChange, object: nil, userInfo: info)
    }

    private func fetchPlayer(accessToken: String) async throws -> SignedInPlayer {
        let request = HTTPRequest(method: "GET", url: configuration.baseURL.appendingPathComponent(APIPath.userinfo),
                                  headers: ["Authorization": "Bearer \(accessToken)", "Accept": "application/json"], isRetryable: true)
        let response = try await pipeline.send(request)
        guard (200..<300).contains(response.status) else { throw PlayhouseError(response: response) }
        guard let info = try? PlayhouseJSON.makeDecoder().decode(UserInfo.self, from: response.body) else {
            throw PlayhouseError(code: .badResponse, status: response.status, message: "The userinfo answer could not be read.")
        }
        return SignedInPlayer(id: info.sub, email: info.email, displayName: info.name, isGuest: info.guest ?? false)
    }

    private func tokenRequest(_ form: [(String, String)]) async throws -> TokenResponse {
        try await clientRequest(APIPath.token, form)
    }

    /// POSTs a form to an OAuth endpoint as this client and decodes the answer.
    private func clientRequest<Answer: Decodable>(_ path: String, _ form: [(String, String)]) async throws -> Answer {
        let client = ClientForm(configuration: configuration)
        return try await client.send(client.request(path, form), through: pipeline)
    }
}

extension String {
    var trimmingTrailingSlash: String { hasSuffix("/") ? String(dropLast()) : self }
}
