import Crypto
import Foundation
import PlayhouseAPI

/// Everything wrong with an import of game data, each problem naming its file and where in it,
/// so that one import shows the developer all of them; and, when nothing is, its documents as
/// they are stored: the JSON with its members in key order, and a digest of it that tells a
/// changed document from an unchanged one.
struct GameDataCheck {
    struct Document {
        var ref: GameDataDocumentRef
        var body: String
        var digest: String
    }

    private(set) var problems: [String] = []
    private(set) var documents: [Document] = []

    /// The largest document, in bytes.
    static let maxDocumentBytes = 1 << 20
    /// Names the routes take for themselves (`GET /v1/data/{game}/versions`).
    static let reservedCollections: Set<String> = ["versions"]
    /// Ids the routes take for themselves (`GET /v1/data/{game}/{collection}/search`).
    static let reservedIDs: Set<String> = ["search"]

    init(_ files: [GameDataFile], game: String, region: String, namespace: String, defaultLocale: String) {
        if !Self.isName(game, upTo: 64) { problems.append("the game \(game) is not 1 to 64 lowercase letters, digits, - and _") }
        if !Self.isName(region, upTo: 32) { problems.append("the region \(region) is not 1 to 32 lowercase letters, digits, - and _") }
        if GameDataNamespace(rawValue: namespace) == nil { problems.append("the namespace \(namespace) is not static or dynamic") }
        if !GameDataLocale.isLocale(defaultLocale) { problems.append("the default locale \(defaultLocale) is not a locale such as en_US") }
        if files.isEmpty { problems.append("there are no documents: each is a file <collection>/<id>.json") }
        let files = files.sorted(by: { ($0.collection, $0.id) < ($1.collection, $1.id) })
        // The documents' JSON is read and written again in key order on every core.
        let checked = files.concurrentMap(Self.check)
        var seen = Set<GameDataDocumentRef>()
        for (file, result) in zip(files, checked) {
            let at = file.path
            if !Self.isName(file.collection, upTo: 64) || Self.reservedCollections.contains(file.collection) {
                problems.append("\(at): a collection's name is 1 to 64 lowercase letters, digits, - and _, and not versions")
            }
            if !Self.isDocumentID(file.id) || Self.reservedIDs.contains(file.id) {
                problems.append("\(at): a document's id is 1 to 128 letters, digits, ., - and _, and not search")
            }
            if !seen.insert(GameDataDocumentRef(collection: file.collection, id: file.id)).inserted { problems.append("\(at): appears twice") }
            problems += result.problems
            if let document = result.document { documents.append(document) }
        }
        if !problems.isEmpty { documents = [] }
    }

    /// What is wrong with one file's JSON, or the document it is.
    private static func check(_ file: GameDataFile) -> (problems: [String], document: Document?) {
        let at = file.path
        guard file.bytes.count <= Self.maxDocumentBytes else { return (["\(at): is larger than 1 MB"], nil) }
        let value: JSONValue
        do {
            value = try JSONValue(parsing: file.bytes)
        } catch {
            return (["\(at): is not JSON (\(error))"], nil)
        }
        guard case .object(let fields) = value else { return (["\(at): is not a JSON object"], nil) }
        var problems: [String] = []
        if let id = fields["id"] {
            switch id {
            case .string(let text) where text == file.id: break
            case .integer(let number) where String(number) == file.id: break
            default: problems.append("\(at): $.id is \(id.text.prefix(64)), not the file's name \(file.id)")
            }
        }
        guard let bytes = try? PlayhouseJSON.makeEncoder().encodeBytes(value) else { return (problems + ["\(at): has a number JSON cannot carry"], nil) }
        let document = Document(ref: GameDataDocumentRef(collection: file.collection, id: file.id), body: String(decoding: bytes, as: UTF8.self),
                                digest: SecretToken.hex(SHA256.hash(data: bytes)))
        return (problems, document)
    }

    /// 1 to `upTo` lowercase ASCII letters, digits, `-` and `_`.
    static func isName(_ text: String, upTo count: Int) -> Bool {
        (1...count).contains(text.utf8.count) && text.utf8.allSatisfy { byte in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
        }
    }

    /// 1 to 128 ASCII letters, digits, `.`, `-` and `_`, not starting with `.`.
    static func isDocumentID(_ text: String) -> Bool {
        (1...128).contains(text.utf8.count) && text.utf8.first != UInt8(ascii: ".") && text.utf8.allSatisfy { byte in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ".")
        }
    }
}
