import Foundation
import PlayhouseAPI

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
