import Foundation

/// Where the server package's own files are, for tests that read them (its sources, its examples,
/// the repository's README): this file's place in `Server/Tests/PlayhouseServerTests`.
enum ServerPackage {
    /// `Server/`.
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
}
