import Foundation

/// What the app needs to play: the player's access token and their play session.
public struct PlayerCredentials: Sendable, Equatable {
    public var accessToken: String
    public var sessionID: String

    public init(accessToken: String, sessionID: String) {
        self.accessToken = accessToken
        self.sessionID = sessionID
    }
}
