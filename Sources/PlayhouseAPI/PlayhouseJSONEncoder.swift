import Foundation

/// Playhouse's JSON on the wire, written in one pass: the bytes Foundation's `JSONEncoder` writes
/// with sorted keys, unescaped slashes and RFC 3339 dates, for about 30 % less CPU
/// (`scripts/bench-json`).
///
/// Foundation builds a tree of every value, with a dictionary per object, then writes it out.
/// Here each value is written where it goes as it is encoded; an object's members are put in key
/// order (the bytes of the keys, as Foundation sorts them) when it ends, by moving their bytes,
/// unless they came in that order: the wire types declare their `CodingKeys` sorted by their JSON
/// names, and a synthesized `encode(to:)` writes the members in the order of its `CodingKeys`.
/// Keys sorted make the bytes of an answer the same on every instance whatever the order of a
/// dictionary, which its `ETag` needs. Like Foundation, a later member with the key of an earlier
/// one replaces it, and a value that encodes nothing is `{}`.
public struct PlayhouseJSONEncoder: Sendable {
    public init() {}

    public func encode<T: Encodable>(_ value: T) throws -> Data {
        Data(try encodeBytes(value))
    }

    /// The JSON of `value` as bytes.
    public func encodeBytes<T: Encodable>(_ value: T) throws -> [UInt8] {
        let output = JSONOutput()
        try output.write(value, at: JSONPlace(parent: nil, key: nil))
        return output.bytes
    }
}

/// The bytes written so far, and what writes them.
///
/// The mutable state here and in ``JSONValueEncoder`` is `@exclusivity(unchecked)`: one encoding
/// runs on one thread, no access to it overlaps another, and the run-time checks of every append
/// were about a sixth of the encoder's samples in a profile of the server.
final class JSONOutput {
    @exclusivity(unchecked) var bytes: [UInt8] = []
    /// Where an object's members are put in order, kept for the next one.
    @exclusivity(unchecked) var scratch: [UInt8] = []

    init() {
        bytes.reserveCapacity(512)
    }

    /// Writes `value`, found at `place`. The types Foundation writes its own way are told apart
    /// by their type, which costs less than casting to each.
    func write<T: Encodable>(_ value: T, at place: JSONPlace) throws {
        if T.self == String.self {
            write(string: unsafeBitCast(value, to: String.self))
        } else if T.self == Int.self {
            write(integer: unsafeBitCast(value, to: Int.self))
        } else if T.self == Bool.self {
            write(ascii: unsafeBitCast(value, to: Bool.self) ? "true" : "false")
        } else if T.self == Double.self {
            try write(floating: unsafeBitCast(value, to: Double.self), at: place)
        } else if T.self == Date.self {
            write(string: RFC3339.format(unsafeBitCast(value, to: Date.self)))
        } else if T.self == Data.self {
            write(string: unsafeBitCast(value, to: Data.self).base64EncodedString())
        } else if T.self == URL.self {
            write(string: unsafeBitCast(value, to: URL.self).absoluteString)
        } else if T.self == Decimal.self {
            write(ascii: unsafeBitCast(value, to: Decimal.self).description)
        } else if T.self == JSONValue.self {
            try write(json: unsafeBitCast(value, to: JSONValue.self), at: place)
        } else {
            let encoder = JSONValueEncoder(output: self, place: place)
            try value.encode(to: encoder)
            encoder.finish()
        }
    }

    /// Any JSON value, written straight (game data's documents are these): the bytes its
    /// `Encodable` conformance writes, without a container per value.
    func write(json: JSONValue, at place: JSONPlace) throws {
        switch json {
        case .null: write(ascii: "null")
        case .bool(let value): write(ascii: value ? "true" : "false")
        case .integer(let value): write(integer: value)
        case .number(let value): try write(floating: value, at: place)
        case .string(let value): write(string: value)
        case .array(let elements):
            bytes.append(UInt8(ascii: "["))
            for (index, element) in elements.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                try write(json: element, at: place)
            }
            bytes.append(UInt8(ascii: "]"))
        case .object(let members):
            bytes.append(UInt8(ascii: "{"))
            for (index, key) in members.keys.sorted(by: JSONValueEncoder.precedes).enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                write(string: key)
                bytes.append(UInt8(ascii: ":"))
                try write(json: members[key]!, at: place)
            }
            bytes.append(UInt8(ascii: "}"))
        }
    }

    func write(ascii text: String) {
        bytes.append(contentsOf: text.utf8)
    }

    func write(integer: some BinaryInteger) {
        write(ascii: String(integer))
    }

    /// As Foundation: the shortest text that reads back the same, without a trailing `.0`.
    func write<F: BinaryFloatingPoint & LosslessStringConvertible>(floating value: F, at place: JSONPlace) throws {
        guard value.isFinite else {
            throw EncodingError.invalidValue(value, .init(codingPath: place.codingPath,
                                                          debugDescription: "Unable to encode \(F.self).\(value) directly in JSON."))
        }
        var text = value.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        write(ascii: text)
    }

    /// A JSON string: `"` and `\` escaped, control characters as `\b`, `\f`, `\n`, `\r`, `\t` or
    /// `\u00xx`, everything else as it is.
    func write(string: String) {
        var string = string
        string.withUTF8 { text in
            bytes.append(UInt8(ascii: "\""))
            var mark = 0
            for index in 0..<text.count {
                let byte = text[index]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: text[mark..<index]))
                bytes.append(UInt8(ascii: "\\"))
                switch byte {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"): bytes.append(byte)
                case 0x08: bytes.append(UInt8(ascii: "b"))
                case 0x0C: bytes.append(UInt8(ascii: "f"))
                case 0x0A: bytes.append(UInt8(ascii: "n"))
                case 0x0D: bytes.append(UInt8(ascii: "r"))
                case 0x09: bytes.append(UInt8(ascii: "t"))
                default:
                    let hex = Array("0123456789abcdef".utf8)
                    bytes.append(contentsOf: [UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"), hex[Int(byte >> 4)], hex[Int(byte & 0xF)]])
                }
                mark = index + 1
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: text[mark...]))
            bytes.append(UInt8(ascii: "\""))
        }
    }
}

/// Where a value is: its key or index in the value its container belongs to (none at the top).
struct JSONPlace {
    let parent: JSONValueEncoder?
    let key: (any CodingKey)?

    var codingPath: [any CodingKey] { (parent?.codingPath ?? []) + (key.map { [$0] } ?? []) }
}

/// The `Encoder` of one value: an object, an array, or a single value, written into the output.
final class JSONValueEncoder: Encoder {
    let output: JSONOutput
    let place: JSONPlace
    @exclusivity(unchecked) private var shape = Shape.nothing
    /// Nested containers and super encoders write into outputs of their own, put in place at the end.
    @exclusivity(unchecked) private var nested: [Nested] = []

    enum Shape {
        case nothing, single
        /// An object that began at `start` (its `{`), with its members so far.
        case object(start: Int, members: [Member], sorted: Bool)
        case array(count: Int)
    }

    /// An object's member: its key, and where its `"key":` begins.
    struct Member {
        var key: String
        var start: Int
    }

    /// A value written elsewhere, to be put at `position` of this one's bytes.
    struct Nested {
        var position: Int
        var encoder: JSONValueEncoder
    }

    init(output: JSONOutput, place: JSONPlace) {
        self.output = output
        self.place = place
    }

    var codingPath: [any CodingKey] { place.codingPath }

    /// The place of this value's member or element `key`.
    func place(_ key: any CodingKey) -> JSONPlace {
        JSONPlace(parent: self, key: key)
    }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        if case .nothing = shape {
            shape = .object(start: output.bytes.count, members: [], sorted: true)
            output.bytes.append(UInt8(ascii: "{"))
        }
        return KeyedEncodingContainer(JSONObjectContainer<Key>(encoder: self))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        if case .nothing = shape {
            shape = .array(count: 0)
            output.bytes.append(UInt8(ascii: "["))
        }
        return JSONArrayContainer(encoder: self)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        JSONSingleValueContainer(encoder: self)
    }

    /// Before a member: a comma after the one before it, and its key.
    func beginMember(_ key: String) {
        guard case .object(let start, var members, var sorted) = shape else { return }
        shape = .nothing  // members is unique while it grows
        if let last = members.last {
            output.bytes.append(UInt8(ascii: ","))
            sorted = sorted && Self.precedes(last.key, key)
        }
        members.append(Member(key: key, start: output.bytes.count))
        shape = .object(start: start, members: members, sorted: sorted)
        output.write(string: key)
        output.bytes.append(UInt8(ascii: ":"))
    }

    /// Before an element: a comma after the one before it. Its index.
    func beginElement() -> Int {
        guard case .array(let count) = shape else { return 0 }
        if count > 0 { output.bytes.append(UInt8(ascii: ",")) }
        shape = .array(count: count + 1)
        return count
    }

    func beginSingle() {
        shape = .single
    }

    /// An encoder for a value written elsewhere and put here when this one ends.
    func nestedEncoder(_ key: any CodingKey) -> JSONValueEncoder {
        let encoder = JSONValueEncoder(output: JSONOutput(), place: place(key))
        nested.append(Nested(position: output.bytes.count, encoder: encoder))
        return encoder
    }

    /// Ends the value: puts nested values in place, orders an object's members and closes it.
    func finish() {
        var members: [Member] = []
        if case .object(_, let written, _) = shape { members = written }
        for item in nested.reversed() {
            item.encoder.finish()
            let bytes = item.encoder.output.bytes
            output.bytes.insert(contentsOf: bytes, at: item.position)
            for index in members.indices where members[index].start >= item.position { members[index].start += bytes.count }
        }
        switch shape {
        case .nothing: output.bytes.append(contentsOf: [UInt8(ascii: "{"), UInt8(ascii: "}")])
        case .single: break
        case .array: output.bytes.append(UInt8(ascii: "]"))
        case .object(let start, _, let sorted):
            if !sorted { orderMembers(from: start, members) }
            output.bytes.append(UInt8(ascii: "}"))
        }
    }

    /// Rewrites the members after the `{` at `start` in key order, the last of equal keys kept.
    /// An object has few members: an insertion sort, which keeps equal keys in the order written.
    private func orderMembers(from start: Int, _ members: [Member]) {
        var spans = members.indices.map { index in
            (key: members[index].key, start: members[index].start,
             end: index + 1 < members.count ? members[index + 1].start - 1 : output.bytes.count)
        }
        for index in spans.indices.dropFirst() {
            let span = spans[index]
            var place = index
            while place > 0, Self.precedes(span.key, spans[place - 1].key) {
                spans[place] = spans[place - 1]
                place -= 1
            }
            spans[place] = span
        }
        var rewritten: [UInt8] = []
        swap(&rewritten, &output.scratch)
        rewritten.removeAll(keepingCapacity: true)
        for (index, span) in spans.enumerated() {
            if index + 1 < spans.count, spans[index + 1].key == span.key { continue }
            if !rewritten.isEmpty { rewritten.append(UInt8(ascii: ",")) }
            rewritten.append(contentsOf: output.bytes[span.start..<span.end])
        }
        output.bytes.replaceSubrange((start + 1)..., with: rewritten)
        swap(&rewritten, &output.scratch)
    }

    /// Whether `a` comes before `b` in the order of their UTF-8 bytes.
    static func precedes(_ a: String, _ b: String) -> Bool {
        var a = a, b = b
        return a.withUTF8 { a in
            b.withUTF8 { b in
                let common = min(a.count, b.count)
                let order = common == 0 ? 0 : memcmp(a.baseAddress!, b.baseAddress!, common)
                return order != 0 ? order < 0 : a.count < b.count
            }
        }
    }
}
