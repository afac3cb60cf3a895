import Foundation

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
