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

    /// The answers read most declare their keys in key order, so the encoder writes their members
    /// as they come instead of putting them in order afterwards (a third of its time on a page of
    /// offers, `scripts/bench-json`). The bytes are the same either way: this keeps the speed.
    @Test func theBusiestAnswersComeWithTheirKeysInOrder() throws {
        let now = Date(timeIntervalSince1970: 1_796_000_000)
        let hours = [OpeningHours(dayOfWeek: "monday", opens: "08:00", closes: "21:00")]
        let answers: [(String, any Encodable)] = [
            ("offers", Page(data: [Offer(id: "o", dealerID: "d", heading: "Milk", description: "1 l", price: Money(amount: "9.95", currency: "DKK"),
                                         prePrice: Money(amount: "12.00", currency: "DKK"), quantity: 1, unit: "l", image: "/assets/x", validFrom: now,
                                         validUntil: now, catalogID: "c", catalogPage: 2, storeID: "s", distance: 12.5)], nextCursor: "1")),
            ("stores", Page(data: [DealerStore(id: "s", dealerID: "d", street: "Vestergade 1", city: "Aarhus", zipCode: "8000", country: "DK",
                                               latitude: 56.1, longitude: 10.2, openingHours: hours, contact: "+45", distance: 3)], nextCursor: nil)),
            ("catalogs", [Catalog(id: "c", dealerID: "d", label: "Week 48", validFrom: now, validUntil: now, pageCount: 12, cover: "/assets/y",
                                  storeID: "s", distance: 1)]),
            ("dealers", [Dealer(id: "d", name: "Netto", website: "https://netto.dk", logo: "/assets/z", brandColor: "#FFD500")]),
        ]
        for (name, answer) in answers {
            let recorder = KeyOrderRecorder()
            try answer.encode(to: recorder)
            #expect(recorder.objects > 0 && recorder.unordered.isEmpty, "\(name): \(recorder.unordered)")
        }
    }

    /// An encoder that only notes, of every object encoded, whether its keys came in key order.
    private final class KeyOrderRecorder: Encoder, @unchecked Sendable {
        var codingPath: [any CodingKey] = []
        var userInfo: [CodingUserInfoKey: Any] = [:]
        var objects = 0
        var unordered: [[String]] = []

        func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
            objects += 1
            return KeyedEncodingContainer(Keyed<Key>(recorder: self))
        }
        func unkeyedContainer() -> any UnkeyedEncodingContainer { Unkeyed(recorder: self) }
        func singleValueContainer() -> any SingleValueEncodingContainer { Single(recorder: self) }

        final class Keyed<Key: CodingKey>: KeyedEncodingContainerProtocol {
            let recorder: KeyOrderRecorder
            var codingPath: [any CodingKey] = []
            var keys: [String] = []
            init(recorder: KeyOrderRecorder) { self.recorder = recorder }
            deinit { if keys != keys.sorted(by: { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }) { recorder.unordered.append(keys) } }
            func encodeNil(forKey key: Key) throws { keys.append(key.stringValue) }
            func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
                keys.append(key.stringValue)
                try value.encode(to: recorder)
            }
            func nestedContainer<N: CodingKey>(keyedBy type: N.Type, forKey key: Key) -> KeyedEncodingContainer<N> {
                keys.append(key.stringValue)
                return recorder.container(keyedBy: type)
            }
            func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
                keys.append(key.stringValue)
                return recorder.unkeyedContainer()
            }
            func superEncoder() -> any Encoder { recorder }
            func superEncoder(forKey key: Key) -> any Encoder { keys.append(key.stringValue); return recorder }
        }

        struct Unkeyed: UnkeyedEncodingContainer {
            let recorder: KeyOrderRecorder
            var codingPath: [any CodingKey] = []
            var count = 0
            mutating func encodeNil() throws { count += 1 }
            mutating func encode<T: Encodable>(_ value: T) throws { count += 1; try value.encode(to: recorder) }
            mutating func nestedContainer<N: CodingKey>(keyedBy type: N.Type) -> KeyedEncodingContainer<N> { recorder.container(keyedBy: type) }
            mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer { recorder.unkeyedContainer() }
            mutating func superEncoder() -> any Encoder { recorder }
        }

        struct Single: SingleValueEncodingContainer {
            let recorder: KeyOrderRecorder
            var codingPath: [any CodingKey] = []
            mutating func encodeNil() throws {}
            mutating func encode<T: Encodable>(_ value: T) throws {
                // Values the JSON encoder writes itself; anything else encodes its own members.
                if !(value is String || value is Double || value is Int || value is Bool || value is Date) { try value.encode(to: recorder) }
            }
        }
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
