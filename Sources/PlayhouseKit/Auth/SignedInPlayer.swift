import Foundation

/// The player signed in on this device, as ``PlayhouseClient/AuthAPI/currentPlayer`` and
/// ``PlayhouseClient/AuthAPI/playerChanges()`` report it.
public struct SignedInPlayer: Sendable, Equatable, Codable {
    /// The player id.
    public var id: String
    public var email: String?
    public var displayName: String?

    public init(id: String, email: String? = nil, displayName: String? = nil) {
        self.id = id
        self.email = email
        self.displayName = displayName
    }
}

extension Notification.Name {
    /// Posted when the signed-in player changes (sign-in, logout, a different player). `userInfo`
    /// holds ``PlayhouseClient/AuthAPI/oldPlayerKey`` and ``PlayhouseClient/AuthAPI/newPlayerKey``
    /// (each a ``SignedInPlayer``, absent when nobody was or is signed in).
    public static let playhouseCurrentPlayerDidChange = Notification.Name("PlayhouseCurrentPlayerDidChange")
}
