import Foundation

/// The player signed in on this device, as ``PlayhouseClient/AuthAPI/currentPlayer`` and
/// ``PlayhouseClient/AuthAPI/playerChanges`` report it.
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

/// Identifies this installation of the app, kept in `UserDefaults` (which an uninstall removes,
/// unlike the Keychain), so that tokens stored by an earlier installation are not reused.
public enum Installation {
    static let key = "dev.playhouse.installation-id"

    /// This installation's id, created on first use.
    public static func current() -> String {
        if let id = UserDefaults.standard.string(forKey: key) { return id }
        let id = UUID().uuidString
        UserDefaults.standard.set(id, forKey: key)
        return id
    }
}
