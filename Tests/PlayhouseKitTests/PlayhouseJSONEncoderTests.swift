import Foundation
import PlayhouseAPI
import Testing

/// Playhouse's encoder writes what Foundation's `JSONEncoder` wrote with the same settings, byte
/// for byte: answers, their `ETag`s and stored idempotent answers stay as they were.
@Suite struct PlayhouseJSONEncoderTests {
    /// Foundation's encoder as the wire used it before.
    private func foundation(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(RFC3339.format(date))
        }
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    private func ours(_ value: some Encodable) throws -> String {
        String(decoding: try PlayhouseJSON.makeEncoder().encode(value), as: UTF8.self)
    }

    private func expectSame(_ value: some Encodable, sourceLocation: SourceLocation = #_sourceLocation) throws {
        #expect(try ours(value) == foundation(value), sourceLocation: sourceLocation)
    }

    @Test func scalarsAndStrings() throws {
        try expectSame([1.0, 0.1, 1e20, 1e-7, 123_456_789.123, -0.0, 1.7976931348623157e308, 12.5, 100, 1e16, 1e15, 3e21, -2.5e-300])
        try expectSame([Float(0.1), 1.5, -3e30])
        try expectSame([Int.min, 0, Int.max])
        try expectSame([Int8.min, 7]); try expectSame([UInt64.max]); try expectSame([Int32(-5)]); try expectSame([UInt8(200)])
        try expectSame([true, false])
        try expectSame(["", "plain", "a\u{1}\u{1f}\u{7f}\"\\/é\u{2028}\n\t\r\u{8}\u{c}", "emoji 🎰 and ß", "https://x.test/a?b=c"])
        try expectSame("top level"); try expectSame(42); try expectSame(Optional<Int>.none); try expectSame(2.5)
        try expectSame([Decimal(string: "12.50")!, Decimal(string: "-0.001")!, Decimal(0)])
        try expectSame([URL(string: "https://a.b/c?d=1&e=%20")!])
        try expectSame([Data(), Data([1, 2, 3, 250])])
        try expectSame([Date(timeIntervalSince1970: 1_796_000_000.75), Date(timeIntervalSince1970: 0)])
    }

    @Test func objectsAreWrittenInKeyOrder() throws {
        struct Member: Codable { var zeta = "z"; var alpha: Int? = 1; var missing: String? = nil; var Upper = true; var é = [1, 2] }
        struct Outer: Codable {
            var list = [Member(), Member(alpha: nil)]
            var member = Member()
            var empty: [String: Int] = [:]
            var nested = ["b": ["y": 1, "x": 2], "a": ["k": 3]]
            var numbers = [20: "twenty", 3: "three", 100: "hundred"]
            var at = Date(timeIntervalSince1970: 1_000_000_000)
        }
        struct Nothing: Encodable { func encode(to encoder: any Encoder) throws {} }
        try expectSame(Outer())
        try expectSame([Nothing()])
        try expectSame(["zz": Outer(), "aa": Outer()])
    }

    @Test func anyJSONValueIsWrittenAsItsEncodableConformanceWritesIt() throws {
        let document: JSONValue = .object([
            "zeta": .array([.integer(1), .number(2.5), .number(1e20), .null, .bool(false)]), "alpha": .string("a\u{1}\"é/"),
            "é": .object([:]), "Upper": .object(["b": .array([]), "a": .object(["y": .integer(-7), "x": .bool(true)])]),
        ])
        try expectSame(document)
        try expectSame(["wrapped": document, "in": .array([document, .string("x")])])
        try expectSame(JSONValue.integer(Int64.min))
    }

    @Test func dictionariesComeOutTheSameWhateverTheirOrder() throws {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<200 {
            let value = Self.randomValue(depth: 0, &generator)
            try expectSame(value)
        }
    }

    @Test func nestedContainersAndSuperEncodersArePutInPlace() throws {
        struct Nesting: Encodable {
            enum Keys: String, CodingKey { case b, a, list, parent }
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: Keys.self)
                var inner = container.nestedContainer(keyedBy: Keys.self, forKey: .b)
                try container.encode("after", forKey: .a)
                try inner.encode("late", forKey: .b)  // written after its parent moved on
                try inner.encode(1, forKey: .a)
                var list = container.nestedUnkeyedContainer(forKey: .list)
                try list.encode(1)
                var deeper = list.nestedContainer(keyedBy: Keys.self)
                try list.encode(3)
                try deeper.encode(2, forKey: .a)
                try "from super".encode(to: container.superEncoder(forKey: .parent))
                try [9, 8].encode(to: container.superEncoder())
            }
        }
        try expectSame(Nesting())
        try expectSame(["x": Nesting(), "w": Nesting()])
    }

    @Test func aLaterMemberWithTheSameKeyReplacesTheEarlier() throws {
        struct Twice: Encodable {
            enum Keys: String, CodingKey { case b, a }
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: Keys.self)
                try container.encode(1, forKey: .b)
                try container.encode(2, forKey: .a)
                try container.encode(3, forKey: .b)
            }
        }
        #expect(try ours(Twice()) == #"{"a":2,"b":3}"#)
        try expectSame(Twice())
    }

    @Test func aNumberJSONCannotHoldIsRefusedWithItsPath() throws {
        struct Holder: Encodable { var values: [Double] }
        #expect {
            try PlayhouseJSON.makeEncoder().encode(Holder(values: [1, .nan]))
        } throws: { error in
            guard case EncodingError.invalidValue(_, let context) = error else { return false }
            return context.codingPath.map(\.stringValue) == ["values", "1"]
        }
        #expect(throws: EncodingError.self) { try PlayhouseJSON.makeEncoder().encode([Float.infinity]) }
    }

    /// A random JSON value, as deep as four levels, with objects of random keys.
    private static func randomValue(depth: Int, _ generator: inout SystemRandomNumberGenerator) -> JSONValue {
        let kinds = depth >= 4 ? 5 : 7
        switch Int.random(in: 0..<kinds, using: &generator) {
        case 0: return .null
        case 1: return .bool(Bool.random(using: &generator))
        case 2: return .integer(Int64.random(in: -1_000_000...1_000_000, using: &generator))
        case 3: return .number(Double.random(in: -1e6...1e6, using: &generator))
        case 4: return .string(randomKey(&generator))
        case 5: return .array((0..<Int.random(in: 0...4, using: &generator)).map { _ in randomValue(depth: depth + 1, &generator) })
        default:
            var object: [String: JSONValue] = [:]
            for _ in 0..<Int.random(in: 0...6, using: &generator) { object[randomKey(&generator)] = randomValue(depth: depth + 1, &generator) }
            return .object(object)
        }
    }

    private static func randomKey(_ generator: inout SystemRandomNumberGenerator) -> String {
        let letters = Array("abAB_zé1\"\\ \n🎰")
        return String((0..<Int.random(in: 0...5, using: &generator)).map { _ in letters.randomElement(using: &generator)! })
    }
}
