import Foundation
import PlayhouseAPI

/// Player sign-in: `client.auth`.
///
/// ```swift
/// // Apple platforms: present the hosted page, get the player.
/// let player = try await client.auth.signIn(scopes: ["profile", "play"],
///                                           presenter: ASWebAuthenticationPresenter())
/// // Elsewhere: open the URL yourself, then hand the redirect back.
/// let url = try await client.auth.authorizationURL(scopes: ["profile"])
/// let player = try await client.auth.handleRedirect(redirectURL)
/// ```
public struct AuthAPI: Sendable {
    let api: APIClient

    /// The `userInfo` key of the player before a change (a ``SignedInPlayer``).
    public static let oldPlayerKey = "oldPlayer"
    /// The `userInfo` key of the player after a change (a ``SignedInPlayer``).
    public static let newPlayerKey = "newPlayer"

    /// The signed-in player, restored from the token store at first use; nil when nobody is signed in.
    public var currentPlayer: SignedInPlayer? {
        get async { await api.playerSession.currentPlayer() }
    }

    /// The signed-in player now (nil: nobody), then every change (nil: signed out), so a stream
    /// opened after a sign-in still hears of it. The changes are posted as
    /// `Notification.Name.playhouseCurrentPlayerDidChange` too.
    public func playerChanges() async -> AsyncStream<SignedInPlayer?> {
        await api.playerSession.changes()
    }

    /// The hosted sign-in page for a new sign-in, with PKCE and a fresh `state`; `prompt` asks
    /// for the credentials or the consent again even where the browser remembers them.
    public func authorizationURL(scopes: [String], prompt: SignInPrompt? = nil) async throws(PlayhouseError) -> URL {
        await api.playerSession.authorizationURL(scopes: scopes, prompt: prompt, redirectURI: try redirectURI())
    }

    /// Finishes the sign-in that `redirect` (the URL the hosted page sent the player back to)
    /// answers: checks its state, exchanges the code, stores the tokens.
    @discardableResult
    public func handleRedirect(_ redirect: URL) async throws(PlayhouseError) -> SignedInPlayer {
        let redirectURI = try redirectURI()
        return try await run { try await api.playerSession.completeSignIn(redirect: redirect, redirectURI: redirectURI) }
    }

    /// Presents the hosted page with `presenter` and signs the player in. A browser that signed
    /// in before comes straight back (unless `prompt` says otherwise).
    @discardableResult
    public func signIn(scopes: [String], prompt: SignInPrompt? = nil,
                       presenter: any WebAuthenticationPresenter) async throws(PlayhouseError) -> SignedInPlayer {
        let url = try await authorizationURL(scopes: scopes, prompt: prompt)
        let scheme = try redirectURI().scheme ?? ""
        let redirect = try await run { try await presenter.present(url, callbackScheme: scheme) }
        return try await handleRedirect(redirect)
    }

    /// Texts a 6-digit sign-in PIN to `phoneNumber` (E.164, e.g. `+4512345678`). It lives 10 minutes.
    public func requestPin(phoneNumber: String) async throws(PlayhouseError) {
        let _: PinSent = try await api.caller("POST", APIPath.phonePin, body: PinRequest(phoneNumber: phoneNumber))
    }

    /// Signs in with the PIN texted to `phoneNumber`; the first sign-in creates the player.
    @discardableResult
    public func signIn(phoneNumber: String, pin: String, scopes: [String] = []) async throws(PlayhouseError) -> SignedInPlayer {
        try await grant([("grant_type", GrantType.phonePin), ("phone_number", phoneNumber), ("pin", pin)], scopes)
    }

    /// Signs in with a token from one of the app's sign-in providers (`playhouse apps add-provider`):
    /// an OpenID Connect id_token, or a Facebook-style access token (`isIDToken: false`).
    @discardableResult
    public func signIn(provider: String, token: String, isIDToken: Bool = true, scopes: [String] = []) async throws(PlayhouseError) -> SignedInPlayer {
        try await grant([("grant_type", GrantType.tokenExchange), ("provider", provider), ("subject_token", token),
                         ("subject_token_type", Self.subjectTokenType(isIDToken))], scopes)
    }

    private static func subjectTokenType(_ isIDToken: Bool) -> String {
        isIDToken ? "urn:ietf:params:oauth:token-type:id_token" : "urn:ietf:params:oauth:token-type:access_token"
    }

    /// Signs in as a guest, with no form to fill in: this installation of the app
    /// (``PlayhouseClient/Configuration/installationID``, which the SDK keeps) is the player's
    /// credential. The first call makes the player; every later one signs the same player in. The player can link a
    /// phone number, a provider account or an email and password later (``linkPhone(_:pin:)``,
    /// ``linkProvider(_:token:isIDToken:)``, ``linkEmailPage(presenter:)``) and keeps their
    /// wallet and history. Works for a public client (no client secret) too. The answer says
    /// whether this call made the player (``SignedInPlayer/isNew``) and whether they are still a
    /// guest (``SignedInPlayer/isGuest``: false once they linked something).
    @discardableResult
    public func signInAsGuest(scopes: [String] = []) async throws(PlayhouseError) -> SignedInPlayer {
        try await grant([("grant_type", GrantType.guest), ("installation_id", api.configuration.installationID)], scopes)
    }

    /// Completion-handler form of ``signInAsGuest(scopes:)``; `completion` runs on the main queue.
    public func signInAsGuest(scopes: [String] = [], completion: @escaping @MainActor @Sendable (Result<SignedInPlayer, PlayhouseError>) -> Void) {
        deliver(completion) { () async throws(PlayhouseError) -> SignedInPlayer in try await signInAsGuest(scopes: scopes) }
    }

    /// Texts a 6-digit PIN to `phoneNumber` for ``linkPhone(_:pin:)``, with the signed-in
    /// player's token (so that a public client, which has no app token, can link numbers too).
    public func requestLinkPin(phoneNumber: String) async throws(PlayhouseError) {
        let _: PinSent = try await api.player("POST", APIPath.phonePin, body: PinRequest(phoneNumber: phoneNumber))
    }

    /// Links the phone number the PIN was texted to (``requestLinkPin(phoneNumber:)``) to the
    /// signed-in player, who can then sign in with it too. A number another player signs in
    /// with is refused (`identity_taken`) and nothing changes. Needs the `profile` scope.
    @discardableResult
    public func linkPhone(_ phoneNumber: String, pin: String) async throws(PlayhouseError) -> PlayerProfile {
        let profile: PlayerProfile = try await api.player("POST", APIPath.linkPhone, body: PhoneLink(phoneNumber: phoneNumber, pin: pin))
        await api.playerSession.noteLinked(guest: profile.guest)
        return profile
    }

    /// Completion-handler form of ``linkPhone(_:pin:)``; `completion` runs on the main queue.
    public func linkPhone(_ phoneNumber: String, pin: String,
                          completion: @escaping @MainActor @Sendable (Result<PlayerProfile, PlayhouseError>) -> Void) {
        deliver(completion) { () async throws(PlayhouseError) -> PlayerProfile in try await linkPhone(phoneNumber, pin: pin) }
    }

    /// Links the account a token of one of the app's sign-in providers proves (an OpenID Connect
    /// id_token, or a Facebook-style access token with `isIDToken: false`) to the signed-in
    /// player; ``signIn(provider:token:isIDToken:scopes:)`` then signs this player in. An
    /// account another player signs in with is refused (`identity_taken`).
    @discardableResult
    public func linkProvider(_ provider: String, token: String, isIDToken: Bool = true) async throws(PlayhouseError) -> PlayerProfile {
        let profile: PlayerProfile = try await api.player("POST", APIPath.linkProvider, body: ProviderLink(
            provider: provider, subjectToken: token, subjectTokenType: Self.subjectTokenType(isIDToken)))
        await api.playerSession.noteLinked(guest: profile.guest)
        return profile
    }

    /// Completion-handler form of ``linkProvider(_:token:isIDToken:)``; `completion` runs on the main queue.
    public func linkProvider(_ provider: String, token: String, isIDToken: Bool = true,
                             completion: @escaping @MainActor @Sendable (Result<PlayerProfile, PlayhouseError>) -> Void) {
        deliver(completion) { () async throws(PlayhouseError) -> PlayerProfile in try await linkProvider(provider, token: token, isIDToken: isIDToken) }
    }

    /// Opens the hosted page where the signed-in player (a guest) links an email and a password,
    /// typed into the server's page, never into the app; returns when it closes.
    public func linkEmailPage(presenter: any WebPagePresenter) async throws(PlayhouseError) {
        try await WalletAPI(api: api).openPage(HostedPageRequest(page: .linkEmail), presenter)
    }

    /// Starts signing in a device without a browser (console, TV, command line): show the
    /// answer's `userCode` and `verificationURI`, then call ``completeDeviceSignIn(_:)``.
    public func startDeviceSignIn(scopes: [String] = []) async throws(PlayhouseError) -> DeviceAuthorizationResponse {
        try await run { try await api.playerSession.startDeviceAuthorization(scopes: scopes) }
    }

    /// Waits (polling at the server's interval) until the player approves the device, then signs in.
    /// Throws `access_denied` when they decline and `expired_token` when the code runs out.
    @discardableResult
    public func completeDeviceSignIn(_ device: DeviceAuthorizationResponse) async throws(PlayhouseError) -> SignedInPlayer {
        try await run { try await api.playerSession.completeDeviceAuthorization(device) }
    }

    private func grant(_ form: [(String, String)], _ scopes: [String]) async throws(PlayhouseError) -> SignedInPlayer {
        let fields = form + (scopes.isEmpty ? [] : [("scope", scopes.joined(separator: " "))])
        return try await run { try await api.playerSession.signIn(grant: fields) }
    }

    /// Refreshes the player's tokens now (they are also refreshed by themselves before expiry).
    public func refresh() async throws(PlayhouseError) {
        _ = try await run { try await api.playerSession.refreshed() }
    }

    /// Deletes the signed-in player's account, at once, and signs them out on this device.
    ///
    /// Every session of theirs ends and every token is revoked, every way to sign in is removed,
    /// and what identifies them is erased on the server; the ledger keeps their money's records
    /// under their id alone. The receipt says what was written off: sandbox and virtual balances
    /// go to the house.
    ///
    /// It needs a sign-in from the last five minutes. When it throws `reauthentication_required`,
    /// sign the player in again (``signIn(scopes:prompt:presenter:)`` with `prompt: .login`, a
    /// PIN, a provider's token, or ``signInAsGuest(scopes:)``) and call it again. Real money in the
    /// wallet (`real_money_in_wallet`, the amounts in the message) is withdrawn first, and a payment
    /// still open (`payments_open`) finishes first; either way nothing changes.
    public func deleteAccount() async throws(PlayhouseError) -> AccountDeletion {
        let receipt: AccountDeletion = try await api.player("POST", APIPath.accountDeletion)
        await api.sessionMonitor.signedOut()
        await api.playerSession.forget()
        return receipt
    }

    /// Completion-handler form of ``deleteAccount()``; `completion` runs on the main queue.
    public func deleteAccount(completion: @escaping @MainActor @Sendable (Result<AccountDeletion, PlayhouseError>) -> Void) {
        deliver(completion) { () async throws(PlayhouseError) -> AccountDeletion in try await deleteAccount() }
    }

    /// Signs the player out: ends the play session on the server, revoking its tokens, and
    /// deletes the stored tokens and the server's cookies.
    public func logout() async {
        await api.sessionMonitor.signedOut()
        await api.playerSession.logout()
    }

    /// Completion-handler form of ``logout()``; `completion` runs on the main queue.
    public func logout(completion: @escaping @MainActor @Sendable () -> Void) {
        Task {
            await logout()
            await MainActor.run { completion() }
        }
    }

    /// Completion-handler form of ``handleRedirect(_:)``; `completion` runs on the main queue.
    public func handleRedirect(_ redirect: URL, completion: @escaping @MainActor @Sendable (Result<SignedInPlayer, PlayhouseError>) -> Void) {
        deliver(completion) { () async throws(PlayhouseError) -> SignedInPlayer in try await handleRedirect(redirect) }
    }

    private func redirectURI() throws(PlayhouseError) -> URL {
        guard let uri = api.configuration.redirectURI else {
            throw PlayhouseError(code: .notConfigured, message: "Set redirectURI in the configuration to sign players in.")
        }
        return uri
    }

    private func run<T>(_ body: () async throws -> T) async throws(PlayhouseError) -> T {
        do { return try await body() } catch let error as PlayhouseError { throw error } catch {
            throw PlayhouseError(transportError: error)
        }
    }
}

// MARK: Completion-handler forms

extension AuthAPI {
    /// Completion-handler form of ``authorizationURL(scopes:prompt:)``; `completion` runs on the main queue.
    public func authorizationURL(scopes: [String], prompt: SignInPrompt? = nil, completion: @escaping @MainActor @Sendable (Result<URL, PlayhouseError>) -> Void) {
        deliver(completion) { () async throws(PlayhouseError) -> URL in try await authorizationURL(scopes: scopes, prompt: prompt) }
    }

    /// Completion-handler form of ``signIn(scopes:prompt:presenter:)``; `completion` runs on the main queue.
    public func signIn(scopes: [String], prompt: SignInPrompt? = nil, presenter: any WebAuthenticationPresenter, completion: @escaping @MainActor @Sendable (Result<SignedInPlayer, PlayhouseError>) -> Void) {
        deliver(completion) { () async throws(PlayhouseError) -> SignedInPlayer in try await signIn(scopes: scopes, prompt: prompt, presenter: presenter) }
    }

    /// Completion-handler form of ``requestPin(phoneNumber:)``; `completion` runs on the main queue.
    public func requestPin(phoneNumber: String, completion: @escaping @MainActor @Sendable (Result<Void, PlayhouseError>) -> Void) {
        deliver(completion) { () async throws(PlayhouseError) -> Void in try await requestPin(phoneNumber: phoneNumber) }
    }

    /// Completion-handler form of ``signIn(phoneNumber:pin:scopes:)``; `completion` runs on the main queue.
    public func signIn(phoneNumber: String, pin: String, scopes: [String] = [], completion: @escaping @MainActor @Sendable (Result<SignedInPlayer, PlayhouseError>) -> Void) {
        deliver(completion) { () async throws(PlayhouseError) -> SignedInPlayer in try await signIn(phoneNumber: phoneNumber, pin: pin, scopes: scopes) }
    }

    /// Completion-handler form of ``signIn(provider:token:isIDToken:scopes:)``; `completion` runs on the main queue.
    public func signIn(provider: String, token: String, isIDToken: Bool = true, scopes: [String] = [], completion: @escaping @MainActor @Sendable (Result<SignedInPlayer, PlayhouseError>) -> Void) {
        deliver(completion) { () async throws(PlayhouseError) -> SignedInPlayer in try await signIn(provider: provider, token: token, isIDToken: isIDToken, scopes: scopes) }
    }

    /// Completion-handler form of ``requestLinkPin(phoneNumber:)``; `completion` runs on the main queue.
    public func requestLinkPin(phoneNumber: String, completion: @escaping @MainActor @Sendable (Result<Void, PlayhouseError>) -> Void) {
        deliver(completion) { () async throws(PlayhouseError) -> Void in try await requestLinkPin(phoneNumber: phoneNumber) }
    }

    /// Completion-handler form of ``linkEmailPage(presenter:)``; `completion` runs on the main queue.
    public func linkEmailPage(presenter: any WebPagePresenter, completion: @escaping @MainActor @Sendable (Result<Void, PlayhouseError>) -> Void) {
        deliver(completion) { () async throws(PlayhouseError) -> Void in try await linkEmailPage(presenter: presenter) }
    }

    /// Completion-handler form of ``startDeviceSignIn(scopes:)``; `completion` runs on the main queue.
    public func startDeviceSignIn(scopes: [String] = [], completion: @escaping @MainActor @Sendable (Result<DeviceAuthorizationResponse, PlayhouseError>) -> Void) {
        deliver(completion) { () async throws(PlayhouseError) -> DeviceAuthorizationResponse in try await startDeviceSignIn(scopes: scopes) }
    }

    /// Completion-handler form of ``completeDeviceSignIn(_:)``; `completion` runs on the main queue.
    public func completeDeviceSignIn(_ device: DeviceAuthorizationResponse, completion: @escaping @MainActor @Sendable (Result<SignedInPlayer, PlayhouseError>) -> Void) {
        deliver(completion) { () async throws(PlayhouseError) -> SignedInPlayer in try await completeDeviceSignIn(device) }
    }

    /// Completion-handler form of ``refresh()``; `completion` runs on the main queue.
    public func refresh(completion: @escaping @MainActor @Sendable (Result<Void, PlayhouseError>) -> Void) {
        deliver(completion) { () async throws(PlayhouseError) -> Void in try await refresh() }
    }
}
