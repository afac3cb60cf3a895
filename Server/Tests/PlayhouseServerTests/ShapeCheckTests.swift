import Foundation
@testable import PlayhouseServer
import Testing

/// The hand-written checks of amounts, currency codes and game ids accept exactly what their
/// documented patterns accept.
@Suite struct ShapeCheckTests {
    @Test func amountsParseOnlyPlainDecimals() {
        let accepted: [(String, Int64)] = [("12.50", 1250), ("+1", 100), (" 3 ", 300), ("\t4\t", 400), ("\u{00A0}5.5", 550), ("6 ", 600), ("0.01", 1), ("007.1", 710), ("5.000", 500)]
        for (text, minor) in accepted { #expect(MinorUnits.parse(text, digits: 2) == .success(minor), "\(text)") }
        let malformed = ["", "-", "+", "1e5", "1.", ".5", "1.2.3", "1,5", "١٢", "12 50", "--1", "+-1", "0x10", String(repeating: "1", count: 31)]
        for text in malformed { #expect(MinorUnits.parse(text, digits: 2) == .failure(.notADecimal), "\(text)") }
        #expect(MinorUnits.parse("-5", digits: 2) == .failure(.notPositive))
        #expect(MinorUnits.parse("0.00", digits: 2) == .failure(.notPositive))
        #expect(MinorUnits.parse("1.234", digits: 2) == .failure(.tooManyDecimals(allowed: 2)))
    }

    @Test func randomIDsAreVersionFourAndDistinct() {
        let ids = (0..<1_000).map { _ in UUID.random() }
        #expect(Set(ids).count == ids.count)
        for id in ids {
            #expect(id.uuid.6 >> 4 == 4, "\(id): version")
            #expect(id.uuid.8 >> 6 == 0b10, "\(id): variant")
        }
        // Every other bit varies.
        let ored = ids.reduce(into: [UInt8](repeating: 0, count: 16)) { bits, id in
            withUnsafeBytes(of: id.uuid) { for (index, byte) in $0.enumerated() { bits[index] |= byte } }
        }
        #expect(ored[6] == 0x4f && ored[8] == 0xbf && ored.enumerated().allSatisfy { [6, 8].contains($0.offset) || $0.element == 0xff })
    }

    @Test func currencyCodesAreThreeToTenCapitalsOrDigits() {
        for code in ["EUR", "KRD", "GEMS2", "ABCDEFGHIJ"] { #expect(CurrencyService.isWellFormed(code: code), "\(code)") }
        for code in ["", "EU", "eur", "1EU", "EURÖ", "EU R", "ABCDEFGHIJK", "EUR\u{0}"] { #expect(!CurrencyService.isWellFormed(code: code), "\(code)") }
    }

    @Test func gameIdsAreLowercaseWordsWithDashes() {
        for slug in ["lucky-sevens", "a1", "7-up", String(repeating: "a", count: 64)] { #expect(GameService.isWellFormed(slug: slug), "\(slug)") }
        for slug in ["", "a", "-x", "Lucky", "lucky_sevens", "lucky sevens", "lücky", String(repeating: "a", count: 65)] {
            #expect(!GameService.isWellFormed(slug: slug), "\(slug)")
        }
    }
}
