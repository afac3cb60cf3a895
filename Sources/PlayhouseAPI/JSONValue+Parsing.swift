/// Why bytes are not one JSON value (RFC 8259), and where.
public struct JSONParseError: Error, Equatable, CustomStringConvertible {
    /// The byte the problem was found at, from 0.
    public var offset: Int
    public var reason: String

    public var description: String { "\(reason) at byte \(offset)" }
}

extension JSONValue {
    /// The deepest nesting of arrays and objects ``init(parsing:)`` reads.
    public static let maxDepth = 512

    /// Reads `bytes` as one JSON value (RFC 8259): the way to read a whole document into a
    /// `JSONValue`, several times faster than `JSONDecoder`, which tries each case of `JSONValue`
    /// in turn (its `Decodable` conformance stays for values inside other types), and reads the
    /// same value as it: a number whose value is whole and fits 64 bits is ``integer(_:)``, however
    /// it is written (`7`, `7.0`, `7e0`), any other ``number(_:)``. Text must be UTF-8; a member
    /// named twice keeps its last value.
    public init(parsing bytes: some Sequence<UInt8>) throws(JSONParseError) {
        let array = Array(bytes)
        var result: Result<JSONValue, JSONParseError> = .failure(JSONParseError(offset: 0, reason: "no value"))
        array.withUnsafeBytes { buffer in
            var parser = JSONParser(bytes: buffer)
            result = Result { () throws(JSONParseError) -> JSONValue in try parser.document() }
        }
        self = try result.get()
    }
}

/// A recursive-descent reader of JSON over bytes.
private struct JSONParser {
    let bytes: UnsafeRawBufferPointer
    var index = 0
    var depth = 0

    init(bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
    }

    mutating func document() throws(JSONParseError) -> JSONValue {
        skipSpace()
        let value = try value()
        skipSpace()
        guard index == bytes.count else { throw failure("text after the value") }
        return value
    }

    private func failure(_ reason: String) -> JSONParseError {
        JSONParseError(offset: index, reason: reason)
    }

    private mutating func skipSpace() {
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t"): index += 1
            default: return
            }
        }
    }

    private mutating func value() throws(JSONParseError) -> JSONValue {
        guard index < bytes.count else { throw failure("the text ends where a value should be") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try object()
        case UInt8(ascii: "["): return try array()
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
        default: throw failure("unexpected character")
        }
    }

    private mutating func literal(_ word: StaticString) throws(JSONParseError) {
        let count = word.utf8CodeUnitCount
        guard index + count <= bytes.count,
              (0..<count).allSatisfy({ bytes[index + $0] == word.utf8Start[$0] }) else { throw failure("unexpected character") }
        index += count
    }

    private mutating func enter() throws(JSONParseError) {
        depth += 1
        guard depth <= JSONValue.maxDepth else { throw failure("nested more than \(JSONValue.maxDepth) deep") }
        index += 1
        skipSpace()
    }

    private mutating func object() throws(JSONParseError) -> JSONValue {
        try enter()
        var members: [String: JSONValue] = [:]
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            depth -= 1
            return .object(members)
        }
        while true {
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw failure("expected a member's name") }
            let name = try string()
            skipSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw failure("expected :") }
            index += 1
            skipSpace()
            members[name] = try value()
            skipSpace()
            guard index < bytes.count else { throw failure("the text ends inside an object") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                skipSpace()
            } else if bytes[index] == UInt8(ascii: "}") {
                index += 1
                depth -= 1
                return .object(members)
            } else {
                throw failure("expected , or }")
            }
        }
    }

    private mutating func array() throws(JSONParseError) -> JSONValue {
        try enter()
        var elements: [JSONValue] = []
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            depth -= 1
            return .array(elements)
        }
        while true {
            elements.append(try value())
            skipSpace()
            guard index < bytes.count else { throw failure("the text ends inside an array") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                skipSpace()
            } else if bytes[index] == UInt8(ascii: "]") {
                index += 1
                depth -= 1
                return .array(elements)
            } else {
                throw failure("expected , or ]")
            }
        }
    }

    /// A string from its opening quote; the bytes between must be UTF-8.
    private mutating func string() throws(JSONParseError) -> String {
        index += 1
        let start = index
        // Most strings have no escapes: their bytes are the text.
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let text = try text(UnsafeRawBufferPointer(rebasing: bytes[start..<index]), at: start)
                index += 1
                return text
            }
            if byte == UInt8(ascii: "\\") { break }
            guard byte >= 0x20 else { throw failure("a control character in a string") }
            index += 1
        }
        var decoded = Array(UnsafeRawBufferPointer(rebasing: bytes[start..<index]))
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                guard let text = String(validating: decoded, as: UTF8.self) else {
                    throw JSONParseError(offset: start, reason: "a string that is not UTF-8")
                }
                index += 1
                return text
            case UInt8(ascii: "\\"):
                index += 1
                guard index < bytes.count else { break }
                switch bytes[index] {
                case UInt8(ascii: "\""): decoded.append(UInt8(ascii: "\""))
                case UInt8(ascii: "\\"): decoded.append(UInt8(ascii: "\\"))
                case UInt8(ascii: "/"): decoded.append(UInt8(ascii: "/"))
                case UInt8(ascii: "b"): decoded.append(0x08)
                case UInt8(ascii: "f"): decoded.append(0x0C)
                case UInt8(ascii: "n"): decoded.append(0x0A)
                case UInt8(ascii: "r"): decoded.append(0x0D)
                case UInt8(ascii: "t"): decoded.append(0x09)
                case UInt8(ascii: "u"): decoded.append(contentsOf: String(Character(try unicodeEscape())).utf8)
                default: throw failure("an unknown escape")
                }
                index += 1
            default:
                guard byte >= 0x20 else { throw failure("a control character in a string") }
                decoded.append(byte)
                index += 1
            }
        }
        throw failure("the text ends inside a string")
    }

    private func text(_ buffer: UnsafeRawBufferPointer, at start: Int) throws(JSONParseError) -> String {
        guard let text = String(validating: buffer, as: UTF8.self) else { throw JSONParseError(offset: start, reason: "a string that is not UTF-8") }
        return text
    }

    /// `\uXXXX` (a pair of them for a character beyond the basic plane), from its `u`; ends on the last hex digit.
    private mutating func unicodeEscape() throws(JSONParseError) -> Unicode.Scalar {
        let first = try hex4()
        if (0xD800..<0xDC00).contains(first) {
            guard index + 2 < bytes.count, bytes[index + 1] == UInt8(ascii: "\\"), bytes[index + 2] == UInt8(ascii: "u") else {
                throw failure("a lone surrogate")
            }
            index += 2
            let second = try hex4()
            guard (0xDC00..<0xE000).contains(second) else { throw failure("a lone surrogate") }
            return Unicode.Scalar(0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00))!
        }
        guard let scalar = Unicode.Scalar(first) else { throw failure("a lone surrogate") }
        return scalar
    }

    /// Four hex digits after the current byte; ends on the last of them.
    private mutating func hex4() throws(JSONParseError) -> UInt32 {
        guard index + 4 < bytes.count else { throw failure("a short \\u escape") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            index += 1
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw failure("a \\u escape that is not hex")
            }
            value = value << 4 | UInt32(digit)
        }
        return value
    }

    private mutating func number() throws(JSONParseError) -> JSONValue {
        let start = index
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard index < bytes.count, isDigit(bytes[index]) else { throw failure("a number without digits") }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
            if index < bytes.count, isDigit(bytes[index]) { throw failure("a number with a leading 0") }
        } else {
            skipDigits()
        }
        var whole = true
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            whole = false
            index += 1
            guard index < bytes.count, isDigit(bytes[index]) else { throw failure("a number without digits after .") }
            skipDigits()
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            whole = false
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard index < bytes.count, isDigit(bytes[index]) else { throw failure("a number without digits in its exponent") }
            skipDigits()
        }
        let text = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        if whole, let integer = Int64(text) { return .integer(integer) }
        guard let number = Double(text), number.isFinite else { throw JSONParseError(offset: start, reason: "a number too large") }
        if !whole, number.rounded() == number, abs(number) < 0x1p63 { return .integer(Int64(number)) }
        return .number(number)
    }

    private func isDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    private mutating func skipDigits() {
        while index < bytes.count, isDigit(bytes[index]) { index += 1 }
    }
}
