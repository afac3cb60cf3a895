import Foundation

/// Where the SDK keeps its local files.
enum LocalStore {
    /// `Playhouse/playhouse-<client id>.<extension>` in Application Support (the client id kept to
    /// letters, digits, `-` and `_`).
    static func url(clientID: String, extension: String) -> URL {
        let base = FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask).first
            ?? FileManager.default.temporaryDirectory
        let safe = clientID.unicodeScalars.filter { CharacterSet.alphanumerics.contains($0) || $0 == "-" || $0 == "_" }
        return base.appendingPathComponent("Playhouse").appendingPathComponent("playhouse-\(String(String.UnicodeScalarView(safe))).\(`extension`)")
    }
}
