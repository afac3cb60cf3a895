import Foundation
import PlayhouseAPI

/// The signed-in player's play session: `client.session`. Betable's credentials lifecycle
/// (``checkCredentials(_:scopes:)`` with heartbeats and reality checks), the session's calls, and
/// the player's responsible-play limits. `client.auth.logout()` ends the session.
public struct SessionAPI: Sendable {
    let api: APIClient

    // MARK: Credentials lifecycle

    /// Gives the app the player's credentials, signing them in first when there is no live session,
    /// then keeps watch: heartbeats on the ``HeartbeatSchedule``, reality checks shown through the
    /// callbacks' presenter as they fall due, and `onCredentialsRevoked` when the session is over.
    /// Call it at launch and whenever the app needs to be sure the player may play.
    public func checkCredentials(_ callbacks: any CredentialsCallbacks, scopes: [String] = ["profile", "wallet", "play"]) async {
        await api.sessionMonitor.check(callbacks, scopes: scopes, api: api)
    }

    /// The credentials' state now (the latest success, revocation or failure, if
    /// ``checkCredentials(_:scopes:)`` ran), then the same events the callbacks get and every
    /// heartbeat, as an `AsyncStream`: open it before or after `checkCredentials`, it does not
    /// matter. It ends only when the app drops it; leave the loop when you have what you need.
    public func events() async -> AsyncStream<SessionEvent> {
        await api.sessionMonitor.events()
    }

    /// The app went to the background: heartbeats pause (the session may expire meanwhile), and so
    /// does the lists' long poll or polling (changes made are still sent). The client calls it by
    /// itself when its ``PlayhouseClient/Configuration/appLifecycle`` posts (UIKit's, by default).
    public func enterBackground() async {
        await api.appState.set(inBackground: true)
    }

    /// The app is in the foreground again: a heartbeat at once, then on schedule, and the lists
    /// pull what changed meanwhile. Called by itself like ``enterBackground()``.
    public func enterForeground() async {
        await api.appState.set(inBackground: false)
    }

    /// Stops the heartbeats without signing out.
    public func stopHeartbeats() async {
        await api.sessionMonitor.stop()
    }

    // MARK: Calls

    /// Whether the session is alive, when it expires, the reality check and the session's figures.
    public func current() async throws(PlayhouseError) -> PlaySessionStatus {
        try await api.player("GET", APIPath.currentSession)
    }

    /// Extends the session. `realityChecked: true` acknowledges a due reality check (the player chose
    /// Continue); `false` ends the session (the player chose Stop); nil only extends it.
    public func keepAlive(realityChecked: Bool? = nil) async throws(PlayhouseError) -> PlaySessionStatus {
        try await api.player("POST", APIPath.currentSession + "/keep-alive", body: KeepAliveRequest(realityChecked: realityChecked))
    }

    /// Opens the hosted reality-check page and returns when it closes. The page acts on the
    /// player's choice itself; read ``current()`` afterwards to learn it.
    public func realityCheckPage(presenter: any WebPagePresenter) async throws(PlayhouseError) {
        try await WalletAPI(api: api).openPage(HostedPageRequest(page: .realityCheck), presenter)
    }

    // MARK: Responsible play

    /// The player's limits, what each money limit's window has used, and changes still pending.
    public func limits() async throws(PlayhouseError) -> PlayerLimits {
        try await api.player("GET", APIPath.limits)
    }

    /// Changes limits: tightening applies at once, loosening after 24 hours; a cool-off or
    /// self-exclusion can be extended, never shortened (`limit_locked`).
    public func setLimits(_ update: LimitsUpdate) async throws(PlayhouseError) -> PlayerLimits {
        try await api.player("PUT", APIPath.limits, body: update)
    }

    /// Whether the player may deposit and bet now and, if not, every reason.
    public func canIGamble() async throws(PlayhouseError) -> GambleVerdict {
        try await api.player("GET", APIPath.canIGamble)
    }

    // MARK: Completion handlers

    /// Completion-handler form of ``current()``; `completion` runs on the main queue.
    public func current(completion: @escaping @MainActor @Sendable (Result<PlaySessionStatus, PlayhouseError>) -> Void) {
        deliver(completion) { () async throws(PlayhouseError) -> PlaySessionStatus in try await current() }
    }

    /// Completion-handler form of ``keepAlive(realityChecked:)``; `completion` runs on the main queue.
    public func keepAlive(realityChecked: Bool? = nil, completion: @escaping @MainActor @Sendable (Result<PlaySessionStatus, PlayhouseError>) -> Void) {
        deliver(completion) { () async throws(PlayhouseError) -> PlaySessionStatus in try await keepAlive(realityChecked: realityChecked) }
    }

    /// Completion-handler form of ``limits()``; `completion` runs on the main queue.
    public func limits(completion: @escaping @MainActor @Sendable (Result<PlayerLimits, PlayhouseError>) -> Void) {
        deliver(completion) { () async throws(PlayhouseError) -> PlayerLimits in try await limits() }
    }

    /// Completion-handler form of ``setLimits(_:)``; `completion` runs on the main queue.
    public func setLimits(_ update: LimitsUpdate, completion: @escaping @MainActor @Sendable (Result<PlayerLimits, PlayhouseError>) -> Void) {
        deliver(completion) { () async throws(PlayhouseError) -> PlayerLimits in try await setLimits(update) }
    }

    /// Completion-handler form of ``canIGamble()``; `completion` runs on the main queue.
    public func canIGamble(completion: @escaping @MainActor @Sendable (Result<GambleVerdict, PlayhouseError>) -> Void) {
        deliver(completion) { () async throws(PlayhouseError) -> GambleVerdict in try await canIGamble() }
    }
}

// MARK: Completion-handler forms

extension SessionAPI {
    /// Completion-handler form of ``realityCheckPage(presenter:)``; `completion` runs on the main queue.
    public func realityCheckPage(presenter: any WebPagePresenter, completion: @escaping @MainActor @Sendable (Result<Void, PlayhouseError>) -> Void) {
        deliver(completion) { () async throws(PlayhouseError) -> Void in try await realityCheckPage(presenter: presenter) }
    }
}
