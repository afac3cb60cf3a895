import Foundation

/// One file of an import: a document, as read from `<collection>/<id>.json` in the import's
/// directory, or an image, from `media/<name>` (``mediaFolder``).
public struct GameDataFile: Sendable {
    /// The folder of an import's images. A document names one by a text that is all `media:` and
    /// the image's file name (`"icon": "media:sword.png"`), which is stored as the image's asset
    /// path (`"/assets/<sha256>"`).
    public static let mediaFolder = "media"

    public var collection: String
    /// The document's id: the file's name without `.json`; an image's whole file name.
    public var id: String
    public var bytes: Data

    public init(collection: String, id: String, bytes: Data) {
        self.collection = collection
        self.id = id
        self.bytes = bytes
    }

    /// Where the file is in the directory, for the import's problems.
    var path: String { collection == Self.mediaFolder ? "\(collection)/\(id)" : "\(collection)/\(id).json" }
}
