import Foundation
import PlayhouseAPI

/// What the app needs to play: the player's access token and their play session.
public struct PlayerCredentials: Sendable, Equatable {
    public var accessToken: String
    public var sessionID: String

    public init(accessToken: String, sessionID: String) {
        self.accessToken = accessToken
        self.sessionID = sessionID
    }
}

/// The player's answer to a reality check.
public enum RealityCheckChoice: String, Sendable, Equatable {
    /// Acknowledges the check; the next period starts.
    case continuePlaying = "continue"
    /// Shows the wallet page, then the check again.
    case checkBalance = "check_balance"
    /// Ends the session.
    case stop
}

/// What happens to the player's credentials and session, as ``SessionAPI/events()`` streams it:
/// the same events the ``CredentialsCallbacks`` are told, plus every heartbeat's answer.
public enum SessionEvent: Sendable, Equatable {
    case credentialsSuccess(PlayerCredentials)
    case credentialsRevoked
    case credentialsFailure(PlayhouseError)
    case preRealityCheck(PlaySessionStatus)
    case postRealityCheck(RealityCheckChoice)
    case heartbeat(PlaySessionStatus)
}

/// Betable's credentials callbacks, in Swift: the app passes one to
/// ``SessionAPI/checkCredentials(_:scopes:)`` and is told, on the main actor, when the player has
/// credentials, when they are revoked (the session ended or expired: show the signed-out state),
/// when signing in failed, and before and after each reality check. It also supplies the
/// presenters for the current screen.
@MainActor
public protocol CredentialsCallbacks: AnyObject, Sendable {
    /// Shows the sign-in page when there is no live session.
    var signInPresenter: any WebAuthenticationPresenter { get }
    /// Shows reality checks: a ``HostedRealityCheckPresenter``, or the app's own UI.
    var realityCheckPresenter: any RealityCheckPresenter { get }
    /// Shows the wallet page when the player picks Check balance on the app's own reality check.
    var webPagePresenter: (any WebPagePresenter)? { get }

    func onCredentialsSuccess(_ credentials: PlayerCredentials)
    func onCredentialsRevoked()
    func onCredentialsFailure(_ error: PlayhouseError)
    func onPreRealityCheck(_ status: PlaySessionStatus)
    func onPostRealityCheck(_ choice: RealityCheckChoice)
}

extension CredentialsCallbacks {
    public var webPagePresenter: (any WebPagePresenter)? { nil }
    public func onPreRealityCheck(_ status: PlaySessionStatus) {}
    public func onPostRealityCheck(_ choice: RealityCheckChoice) {}
}

/// Shows a reality check and returns the player's choice, or nil when they dismissed it without
/// choosing (it stays due, bets stay refused, and it is shown again at the next heartbeat).
public protocol RealityCheckPresenter: Sendable {
    func presentRealityCheck(_ status: PlaySessionStatus, session: SessionAPI) async throws -> RealityCheckChoice?
}

/// The default reality check: the hosted page (time played, net result, Continue, Check balance,
/// Stop) in the app's web view. The page acts on the choice itself; afterwards the session says
/// which it was.
public struct HostedRealityCheckPresenter: RealityCheckPresenter {
    public let pages: any WebPagePresenter

    public init(pages: any WebPagePresenter) {
        self.pages = pages
    }

    public func presentRealityCheck(_ status: PlaySessionStatus, session: SessionAPI) async throws -> RealityCheckChoice? {
        try await session.realityCheckPage(presenter: pages)
        do {
            let after = try await session.current()
            if !after.alive { return .stop }
            return after.realityCheck.due ? nil : .continuePlaying
        } catch let error where error.meansSessionOver {
            return .stop
        }
    }
}

extension PlayhouseError {
    /// The server says the session is over, or the player's credentials are gone for good.
    var meansSessionOver: Bool {
        [.sessionExpired, .sessionNotFound, .unauthorized, .invalidToken, .invalidGrant, .notSignedIn].contains(code)
    }
}
