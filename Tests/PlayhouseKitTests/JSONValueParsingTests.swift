import Foundation
import PlayhouseAPI
import Testing

/// `JSONValue(parsing:)` reads what `JSONDecoder` reads, the same way, and refuses what is not JSON.
@Suite struct JSONValueParsingTests {
    static func parse(_ text: String) throws -> JSONValue {
        try JSONValue(parsing: text.utf8)
    }

    @Test(arguments: [
        #"{"id": 19019, "name": {"en_US": "Sword", "de_DE": "Schwert"}, "level": 60, "tags": ["a", "b"], "ok": true, "none": null}"#,
        #"[1, -2, 3.5, -0.25, 1e3, 2E-2, 7.0, 100e-2, 9223372036854775807, -9223372036854775808, 9223372036854775808, 0]"#,
        #"{"text": "a \"quoted\" \\ back\/slash\n\t\r\b\f", "unicode": "\u00e9\u20AC \ud83d\ude00", "raw": "æøå 😀"}"#,
        #"  {"nested": [[[{"deep": [true, false]}]]], "empty": {}, "none": []}  "#,
        #""just text""#, "42", "-0", "null",
    ])
    func readsWhatJSONDecoderReads(_ text: String) throws {
        #expect(try Self.parse(text) == (try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))))
    }

    @Test func wholeNumbersAreIntegersAndOthersNumbers() throws {
        #expect(try Self.parse("[7, 7.0, 7e0, 1.5e1, -0.0, 123456789012345678, 7.5, 123456789012345678901234]")
            == .array([.integer(7), .integer(7), .integer(7), .integer(15), .integer(0), .integer(123456789012345678), .number(7.5),
                       .number(Double("123456789012345678901234")!)]))  // past Int64: the nearest Double
        #expect(try Self.parse(#"{"a": 1, "a": 2}"#) == .object(["a": .integer(2)]))
    }

    @Test(arguments: [
        ("", 0), ("{", 1), (#"{"a" 1}"#, 5), (#"{"a": 1,}"#, 8), ("[1 2]", 3), ("[1,]", 3), ("01", 1), ("1.", 2), ("-", 1), ("1e", 2),
        ("tru", 0), ("nul", 0), (#""abc"#, 4), ("\"a\u{01}b\"", 2), (#""\x""#, 2), (#""\u12G4""#, 5), (#""\ud83d""#, 6), (#""\ude00""#, 6),
        ("1e999", 0), ("{} {}", 3), ("[1] x", 4),
    ])
    func refusesWhatIsNotJSONSayingWhere(_ text: String, _ offset: Int) {
        #expect(throws: JSONParseError.self, "\(text)") { try Self.parse(text) }
        do { _ = try Self.parse(text) } catch let error as JSONParseError { #expect(error.offset == offset, "\(text): \(error)") } catch {}
    }

    @Test func refusesBytesThatAreNotUTF8AndNestingTooDeep() throws {
        #expect(throws: JSONParseError.self) { try JSONValue(parsing: [UInt8(ascii: "\""), 0xFF, 0xFE, UInt8(ascii: "\"")]) }
        let deep = String(repeating: "[", count: JSONValue.maxDepth + 1) + String(repeating: "]", count: JSONValue.maxDepth + 1)
        #expect(throws: JSONParseError.self) { try Self.parse(deep) }
        let allowed = String(repeating: "[", count: JSONValue.maxDepth) + String(repeating: "]", count: JSONValue.maxDepth)
        #expect(try Self.parse(allowed) != .null)
    }
}
