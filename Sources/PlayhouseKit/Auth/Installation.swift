import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Identifies this installation of the app, so that tokens stored by an earlier installation are
/// not reused. It is also a guest player's credential (``AuthAPI/signInAsGuest(scopes:)``):
/// a random UUID, never shown, never sent anywhere but to the server.
///
/// It is kept for as long as the app is installed: in `UserDefaults` on Apple platforms (which an
/// uninstall removes, unlike the Keychain), and elsewhere in a file only its owner may read or
/// write, beside the token file (`Playhouse/playhouse-<client id>.installation` in Application
/// Support), since Foundation's `UserDefaults` keeps nothing between runs there.
public enum Installation {
    static let key = "dev.playhouse.installation-id"

    /// This installation's id for the app `clientID`, made on first use and kept.
    public static func current(clientID: String) -> String {
        #if canImport(Darwin)
        if let id = UserDefaults.standard.string(forKey: key) { return id }
        let id = UUID().uuidString
        UserDefaults.standard.set(id, forKey: key)
        return id
        #else
        return kept(in: LocalStore.url(clientID: clientID, extension: "installation"))
        #endif
    }

    /// The id kept in `file`. The first caller writes a new one: into a file of its own, made 0600,
    /// then linked into place, which succeeds for one caller only; every other caller (another client
    /// of the same app made at the same moment, or a later launch) reads that one. Where nothing can
    /// be written, the id lasts this run only.
    static func kept(in file: URL) -> String {
        if let id = read(file) { return id }
        let id = UUID().uuidString
        let folder = file.deletingLastPathComponent()
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let own = folder.appendingPathComponent(".\(file.lastPathComponent)-\(id)")
        defer { try? FileManager.default.removeItem(at: own) }
        guard FileManager.default.createFile(atPath: own.path, contents: Data(id.utf8), attributes: [.posixPermissions: 0o600]) else {
            return id
        }
        if link(own.path, file.path) == 0 { return id }
        return read(file) ?? id
    }

    private static func read(_ file: URL) -> String? {
        guard let text = try? String(contentsOf: file, encoding: .utf8) else { return nil }
        let id = text.trimmingCharacters(in: .whitespacesAndNewlines)
        return UUID(uuidString: id) != nil ? id : nil
    }
}
