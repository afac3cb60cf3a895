import Foundation

/// The player signed in on this device, as ``AuthAPI/currentPlayer`` and
/// ``AuthAPI/playerChanges()`` report it.
public struct SignedInPlayer: Sendable, Equatable, Codable {
    /// The player id.
    public var id: String
    public var email: String?
    public var displayName: String?
    /// A guest: signed up by this installation alone, with nothing yet to sign in with elsewhere
    /// (``AuthAPI/signInAsGuest(scopes:)``). Linking a phone number or a provider's account through
    /// the SDK ends it at once; an email linked on the hosted page, at the next sign-in.
    public var isGuest: Bool
    /// Whether the sign-in that answered this made the player (a first guest, phone or provider
    /// sign-in); false for a player restored at launch.
    public var isNew: Bool

    public init(id: String, email: String? = nil, displayName: String? = nil, isGuest: Bool = false, isNew: Bool = false) {
        self.id = id
        self.email = email
        self.displayName = displayName
        self.isGuest = isGuest
        self.isNew = isNew
    }
}

extension Notification.Name {
    /// Posted when the signed-in player changes (sign-in, logout, a different player). `userInfo`
    /// holds ``AuthAPI/oldPlayerKey`` and ``AuthAPI/newPlayerKey``
    /// (each a ``SignedInPlayer``, absent when nobody was or is signed in).
    public static let playhouseCurrentPlayerDidChange = Notification.Name("PlayhouseCurrentPlayerDidChange")
}
