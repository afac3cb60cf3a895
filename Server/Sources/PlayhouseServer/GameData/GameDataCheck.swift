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

    /// An image of the import (`media/<name>`), stored as a content-addressed asset.
    struct Image {
        var name: String
        var bytes: Data
        var contentType: String
        /// Its asset's name (``Assets/name(of:)``).
        var asset: String
    }

    private(set) var problems: [String] = []
    private(set) var documents: [Document] = []
    private(set) var images: [Image] = []

    /// How a document names an image of the import (``GameDataFile/mediaFolder``).
    static let mediaPrefix = "media:"

    /// The largest document, in bytes.
    static let maxDocumentBytes = 1 << 20
    /// Names the routes take for themselves (`GET /v1/data/{game}/versions`).
    static let reservedCollections: Set<String> = ["versions", GameDataFile.mediaFolder]
    /// Ids the routes take for themselves (`GET /v1/data/{game}/{collection}/search`).
    static let reservedIDs: Set<String> = ["search"]

    init(_ files: [GameDataFile], game: String, region: String, namespace: String, defaultLocale: String) {
        if !Self.isName(game, upTo: 64) { problems.append("the game \(game) is not 1 to 64 lowercase letters, digits, - and _") }
        if !Self.isName(region, upTo: 32) { problems.append("the region \(region) is not 1 to 32 lowercase letters, digits, - and _") }
        if GameDataNamespace(rawValue: namespace) == nil { problems.append("the namespace \(namespace) is not static or dynamic") }
        if !GameDataLocale.isLocale(defaultLocale) { problems.append("the default locale \(defaultLocale) is not a locale such as en_US") }
        if files.isEmpty { problems.append("there are no documents: each is a file <collection>/<id>.json") }
        var media: [String: String] = [:]
        for file in files where file.collection == GameDataFile.mediaFolder {
            guard file.bytes.count <= Assets.maxBytes, let type = Assets.imageType(of: file.bytes) else {
                problems.append("\(file.path): is not a PNG, JPEG, GIF or WebP image of at most 10 MB")
                continue
            }
            let image = Image(name: file.id, bytes: file.bytes, contentType: type, asset: Assets.name(of: file.bytes))
            media[image.name] = Assets.path(image.asset)
            images.append(image)
        }
        let files = files.filter { $0.collection != GameDataFile.mediaFolder }.sorted(by: { ($0.collection, $0.id) < ($1.collection, $1.id) })
        // The documents' JSON is read and written again in key order on every core.
        let checked = files.concurrentMap { [media] in Self.check($0, media: media) }
        var seen = Set<GameDataDocumentRef>()
        for (file, result) in zip(files, checked) {
            let at = file.path
            if !Self.isName(file.collection, upTo: 64) || Self.reservedCollections.contains(file.collection) {
                problems.append("\(at): a collection's name is 1 to 64 lowercase letters, digits, - and _, and not versions or media")
            }
            if !Self.isDocumentID(file.id) || Self.reservedIDs.contains(file.id) {
                problems.append("\(at): a document's id is 1 to 128 letters, digits, ., - and _, and not search")
            }
            if !seen.insert(GameDataDocumentRef(collection: file.collection, id: file.id)).inserted { problems.append("\(at): appears twice") }
            problems += result.problems
            if let document = result.document { documents.append(document) }
        }
        if !problems.isEmpty {
            documents = []
            images = []
        }
    }

    /// What is wrong with one document written on its own into `game` (a player's profile
    /// document, ``GameProfileService``), or the document as it is stored: an imported file's
    /// checks, with names for the document's place, and no images to name.
    static func document(_ file: GameDataFile, game: String) -> (problems: [String], document: Document?) {
        var problems: [String] = []
        if !isName(game, upTo: 64) { problems.append("the game is not 1 to 64 lowercase letters, digits, - and _") }
        if !isName(file.collection, upTo: 64) { problems.append("the collection is not 1 to 64 lowercase letters, digits, - and _") }
        if !isDocumentID(file.id) { problems.append("the id is not 1 to 128 letters, digits, ., - and _") }
        let checked = check(file, media: [:])
        problems += checked.problems
        return (problems, problems.isEmpty ? checked.document : nil)
    }

    /// What is wrong with one file's JSON, or the document it is, its images (`media:` texts) named
    /// by their asset paths (`media`, by file name).
    private static func check(_ file: GameDataFile, media: [String: String]) -> (problems: [String], document: Document?) {
        let at = file.path
        guard file.bytes.count <= Self.maxDocumentBytes else { return (["\(at): is larger than 1 MB"], nil) }
        let parsed: JSONValue
        do {
            parsed = try JSONValue(parsing: file.bytes)
        } catch {
            return (["\(at): is not JSON (\(error))"], nil)
        }
        guard case .object = parsed else { return (["\(at): is not a JSON object"], nil) }
        var problems: [String] = []
        // Most documents name no image: only those whose bytes say `"media:` are walked for them.
        let value = file.bytes.range(of: Data("\"\(mediaPrefix)".utf8)) == nil ? parsed
            : Self.placingImages(in: parsed, media: media, at: at, problems: &problems)
        guard case .object(let fields) = value else { return (problems, nil) }
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

    /// `value` with each `media:<name>` text made its image's asset path; a name the import has no
    /// image of is a problem.
    private static func placingImages(in value: JSONValue, media: [String: String], at: String, problems: inout [String]) -> JSONValue {
        switch value {
        case .string(let text) where text.hasPrefix(mediaPrefix):
            let name = String(text.dropFirst(mediaPrefix.count))
            guard let path = media[name] else {
                problems.append("\(at): \(text.prefix(80)) names no image in \(GameDataFile.mediaFolder)/")
                return value
            }
            return .string(path)
        case .object(let members): return .object(members.mapValues { placingImages(in: $0, media: media, at: at, problems: &problems) })
        case .array(let elements): return .array(elements.map { placingImages(in: $0, media: media, at: at, problems: &problems) })
        default: return value
        }
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
