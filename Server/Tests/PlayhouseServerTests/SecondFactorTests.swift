import Foundation
@testable import PlayhouseServer
import Testing

/// The second factor's parts, each against its standard's own examples: TOTP (RFC 6238), base 32
/// (RFC 4648), and the QR code the console draws (the standard's Reed–Solomon example, its data
/// codewords, patterns and format information; the browser test has zbarimg read a whole code).
@Suite struct SecondFactorTests {
    @Test func codesAreRFC6238s() {
        let secret = Array("12345678901234567890".utf8)
        // RFC 6238 appendix B (SHA-1), the last six of its eight digits.
        for (time, code) in [(59.0, "287082"), (1_111_111_109, "081804"), (1_111_111_111, "050471"), (1_234_567_890, "005924"),
                             (2_000_000_000, "279037")] {
            #expect(TOTP.code(secret: secret, step: TOTP.step(at: Date(timeIntervalSince1970: time))) == code)
        }
    }

    @Test func aCodeIsGoodAroundItsStepAndOnce() {
        let secret = TOTP.newSecret(), now = Date(timeIntervalSince1970: 1_800_000_000), step = TOTP.step(at: now)
        #expect(TOTP.accepts(TOTP.code(secret: secret, step: step), secret: secret, at: now, after: nil) == step)
        #expect(TOTP.accepts(TOTP.code(secret: secret, step: step - 1), secret: secret, at: now, after: nil) == step - 1)
        #expect(TOTP.accepts(TOTP.code(secret: secret, step: step + 1), secret: secret, at: now, after: nil) == step + 1)
        #expect(TOTP.accepts(TOTP.code(secret: secret, step: step - 2), secret: secret, at: now, after: nil) == nil, "too old")
        #expect(TOTP.accepts(TOTP.code(secret: secret, step: step), secret: secret, at: now, after: step) == nil, "used")
        #expect(TOTP.accepts("12345", secret: secret, at: now, after: nil) == nil)
        #expect(TOTP.accepts("١٢٣٤٥٦", secret: secret, at: now, after: nil) == nil, "digits of another script are no code")
        #expect(TOTP.uri(secret: Array("12345678901234567890".utf8), account: "ann@example.com", issuer: "Playhouse")
            == "otpauth://totp/Playhouse:ann%40example.com?secret=GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ&issuer=Playhouse&algorithm=SHA1&digits=6&period=30")
    }

    @Test func base32IsRFC4648s() {
        for (text, encoded) in [("", ""), ("f", "MY"), ("fo", "MZXQ"), ("foo", "MZXW6"), ("foob", "MZXW6YQ"), ("fooba", "MZXW6YTB"),
                                ("foobar", "MZXW6YTBOI")] {
            #expect(Base32.encode(Array(text.utf8)) == encoded)
            #expect(Base32.decode(encoded) == Array(text.utf8))
        }
        #expect(Base32.decode("MZXW6YTBOI======") == Array("foobar".utf8))
        #expect(Base32.decode("MZ1W") == nil)
    }

    @Test func reedSolomonIsTheStandardsExample() {
        // "HELLO WORLD" at 1-M, the codewords and error correction of the standard's worked example.
        let data: [UInt8] = [32, 91, 11, 120, 209, 114, 220, 77, 67, 64, 236, 17, 236, 17, 236, 17]
        #expect(QRCode.ReedSolomon.remainder(data, degree: 10) == [196, 35, 39, 119, 235, 215, 231, 226, 93, 23])
    }

    @Test func theCodeCarriesItsTextAsTheStandardSays() throws {
        // Byte mode (0100), the count (9), the bytes, the terminator, then the pad codewords 236 and 17.
        #expect(QRCode.dataCodewords(Array("Playhouse".utf8), version: 1) == [64, 149, 6, 198, 23, 150, 134, 247, 87, 54, 80, 236, 17, 236, 17, 236])
        let code = try #require(QRCode("Playhouse"))
        #expect(code.version == 1 && code.size == 21)
        // The finder patterns in three corners, the timing patterns between them.
        for (x, y) in [(0, 0), (14, 0), (0, 14)] {
            for dy in 0..<7 { for dx in 0..<7 { #expect(code.modules[y + dy][x + dx] == (max(abs(dx - 3), abs(dy - 3)) != 2)) } }
        }
        #expect((8...12).allSatisfy { code.modules[6][$0] == ($0 % 2 == 0) && code.modules[$0][6] == ($0 % 2 == 0) })
        // Both copies of the format information say level M and the mask chosen.
        let format = (0..<15).reduce(0) { bits, i in bits | (Self.formatBit(code, i) ? 1 << i : 0) } ^ 0x5412
        #expect(format >> 10 == code.mask, "level M (00) and the mask")
        let second = (0..<8).reduce(0) { $0 | (code.modules[8][20 - $1] ? 1 << $1 : 0) } | (8..<15).reduce(0) { $0 | (code.modules[code.size - 15 + $1][8] ? 1 << $1 : 0) }
        #expect(second ^ 0x5412 == format)
        // Version 7 and up carry version information; 213 bytes fill version 10; more is none.
        #expect(QRCode(String(repeating: "a", count: 130))?.version == 8)
        #expect(QRCode(String(repeating: "a", count: 213))?.version == 10)
        #expect(QRCode(String(repeating: "a", count: 214)) == nil)
        #expect(code.svg().hasPrefix("<svg") && code.svg().contains("viewBox=\"0 0 29 29\""))
    }

    /// Bit `i` of the first copy of the format information, as the standard places it.
    private static func formatBit(_ code: QRCode, _ i: Int) -> Bool {
        switch i {
        case 0...5: code.modules[i][8]
        case 6: code.modules[7][8]
        case 7: code.modules[8][8]
        case 8: code.modules[8][7]
        default: code.modules[8][14 - i]
        }
    }
}
