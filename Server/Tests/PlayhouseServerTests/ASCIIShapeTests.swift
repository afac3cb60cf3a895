import Foundation
@testable import PlayhouseServer
import Testing
import Vapor

/// The byte-by-byte shapes agree with the regular expressions they stand for (the email pattern
/// is also in the OpenAPI document), on examples and on many random texts of the characters
/// that matter.
@Suite struct ASCIIShapeTests {
    static let localePattern = #"^[A-Za-z]{2,3}([-_][A-Za-z0-9]{2,8})*$"#

    @Test func emailAddressesAsThePatternSays() {
        for good in ["a@b.co", "first.last+tag@mail.example.com", "x!#$%&'*/=?^_{|}~-@a-1.b2", "..@a.b"] {
            #expect(ASCIIShape.isEmailAddress(good), "\(good)")
        }
        for bad in ["", "@a.b", "a@b", "a@.b", "a@b.", "a@-b.c", "a@b-.c", "a@b..c", "a@@b.c", "a@b@c.d", "a b@c.d", "é@b.co", "a@b.co\n",
                    "a`b@c.d", "a@b_c.d"] {
            #expect(!ASCIIShape.isEmailAddress(bad), "\(bad)")
        }
    }

    @Test func localesAsThePatternSays() {
        for good in ["en", "deu", "da-DK", "de_AT", "zh-Hant-TW", "en-US-u1"] { #expect(ASCIIShape.isLocale(good), "\(good)") }
        for bad in ["", "e", "engl", "en-", "en--US", "en-U", "en-ABCDEFGHI", "1n", "en US", "én"] { #expect(!ASCIIShape.isLocale(bad), "\(bad)") }
    }

    /// Trimmed as Foundation trims, whether or not Foundation is asked.
    @Test func whitespaceTrimmedAsFoundationTrimsIt() {
        for text in ["", " ", "1.00", " 1.00", "1.00\t", "\u{00A0}a@b.co\u{2003}", " a b ", "é", "\n1\n", "x\u{3000}"] {
            #expect(ASCIIShape.trimmingWhitespace(text) == text.trimmingCharacters(in: .whitespaces), "\(text.debugDescription)")
        }
    }

    /// Media types compare as Vapor compares them: case aside, parameters aside, `*` for any.
    @Test func contentTypesCompareAsVaporComparesThem() {
        let cases: [(String?, HTTPMediaType, Bool)] = [
            ("application/json", .json, true), ("Application/JSON", .json, true), ("application/json; charset=utf-8", .json, true),
            ("application/json;charset=UTF-8", .json, true), ("application/jsonx", .json, false), ("application/xml", .json, false),
            ("text/json", .json, false), (nil, .json, false), ("application/x-www-form-urlencoded", .urlEncodedForm, true),
            ("application/x-www-form-urlencoded", .json, false), ("*/*", .json, true),
        ]
        for (sent, mediaType, same) in cases {
            let headers: HTTPHeaders = sent.map { ["Content-Type": $0] } ?? [:]
            #expect(headers.hasContentType(mediaType) == same, "\(sent ?? "none") as \(mediaType)")
            #expect(headers.hasContentType(mediaType) == (headers.contentType.map { $0 == mediaType } ?? false), "\(sent ?? "none")")
        }
        #expect(ASCIIShape.equalsIgnoringCase("Basic".utf8, "basic".utf8) && !ASCIIShape.equalsIgnoringCase("Basics".utf8, "basic".utf8))
        var answer = HTTPHeaders()
        answer.setJSONContentType()
        #expect(answer.contentType == .json && answer.first(name: .contentType) == "application/json; charset=utf-8")
    }

    @Test func randomTextsAgreeWithTheRegularExpressions() {
        var generator = SeededGenerator(seed: 37)
        func text(_ alphabet: [Character], _ length: ClosedRange<Int>) -> String {
            String((0..<Int.random(in: length, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! })
        }
        // Mostly near-addresses (a local part, an `@`, labels of a few letters and dots), so that many pass.
        let local = Array("aZ1.!`é"), domain = Array("aZ1-."), odd = Array("aZ1-.._@é ")
        var emails = 0, locales = 0
        for _ in 0..<20_000 {
            let email = text(local, 0...3) + (Int.random(in: 0..<10, using: &generator) > 0 ? "@" : "")
                + text(Int.random(in: 0..<10, using: &generator) > 0 ? domain : odd, 0...6)
            let matches = email.range(of: PlayerService.emailPattern, options: .regularExpression) != nil
            #expect(ASCIIShape.isEmailAddress(email) == matches, "\(email)")
            emails += matches ? 1 : 0
            let locale = text(Array("aZ9-_é "), 0...9)
            let isLocale = locale.range(of: Self.localePattern, options: .regularExpression) != nil
            #expect(ASCIIShape.isLocale(locale) == isLocale, "\(locale)")
            locales += isLocale ? 1 : 0
        }
        // Both shapes were met often enough to mean something.
        #expect(emails > 100 && locales > 100, "\(emails) addresses, \(locales) locales")
    }
}
