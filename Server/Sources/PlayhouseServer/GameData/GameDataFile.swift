import Foundation

/// One document of an import, as read from `<collection>/<id>.json` in the import's directory.
public struct GameDataFile: Sendable {
    public var collection: String
    /// The document's id: the file's name without `.json`.
    public var id: String
    public var bytes: Data

    public init(collection: String, id: String, bytes: Data) {
        self.collection = collection
        self.id = id
        self.bytes = bytes
    }

    /// Where the file is in the directory, for the import's problems.
    var path: String { "\(collection)/\(id).json" }
}
