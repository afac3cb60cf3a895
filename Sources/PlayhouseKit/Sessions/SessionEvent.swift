import Foundation
import PlayhouseAPI

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

extension SessionEvent {
    /// The `userInfo` key of the ``SessionEvent`` a `Notification.Name.playhouseSessionEvent` notification carries.
    public static let userInfoKey = "PlayhouseSessionEvent"
}

extension Notification.Name {
    /// Posted with every ``SessionEvent`` (the same ones ``SessionAPI/events()`` streams); `userInfo`
    /// holds it under ``SessionEvent/userInfoKey``.
    public static let playhouseSessionEvent = Notification.Name("PlayhouseSessionEvent")
}
