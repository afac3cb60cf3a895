import Foundation

/// Identifies this installation of the app, kept in `UserDefaults` (which an uninstall removes,
/// unlike the Keychain), so that tokens stored by an earlier installation are not reused. It is
/// also a guest player's credential (``PlayhouseClient/AuthAPI/signInAsGuest(scopes:)``): a random
/// UUID, never shown, never sent anywhere but to the token endpoint.
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
