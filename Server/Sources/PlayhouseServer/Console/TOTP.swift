import Crypto
import Foundation

/// Time-based one-time passwords (RFC 6238; HMAC-SHA1, six digits, 30-second steps), as every
/// authenticator app makes them, for operators' second factor. A code is good for the step it was
/// made in and the one before and after (a clock a little off), and only once (``accepts(_:secret:at:after:)``).
enum TOTP {
    static let digits = 6
    static let period: TimeInterval = 30

    /// A new secret: 20 random bytes, as RFC 4226 recommends.
    static func newSecret() -> [UInt8] {
        var generator = SystemRandomNumberGenerator()
        return (0..<20).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
    }

    static func step(at date: Date) -> Int64 { Int64((date.timeIntervalSince1970 / period).rounded(.down)) }

    /// The code of `step` (RFC 4226's HOTP of the step's number).
    static func code(secret: [UInt8], step: Int64) -> String {
        let counter = withUnsafeBytes(of: UInt64(bitPattern: step).bigEndian) { Array($0) }
        let mac = Array(HMAC<Insecure.SHA1>.authenticationCode(for: counter, using: SymmetricKey(data: secret)))
        let offset = Int(mac[mac.count - 1] & 0x0F)
        let number = (UInt32(mac[offset] & 0x7F) << 24 | UInt32(mac[offset + 1]) << 16 | UInt32(mac[offset + 2]) << 8 | UInt32(mac[offset + 3]))
            % 1_000_000
        let text = String(number)
        return String(repeating: "0", count: digits - text.count) + text
    }

    /// The step `code` was made in, if it is one of the steps around `date` and later than
    /// `after` (the last step used, so that a code is used once); nil otherwise.
    static func accepts(_ code: String, secret: [UInt8], at date: Date, after: Int64?) -> Int64? {
        let code = code.filter { !$0.isWhitespace }
        guard code.count == digits, code.allSatisfy(\.isASCII), code.allSatisfy(\.isNumber) else { return nil }
        let now = step(at: date)
        return [now - 1, now, now + 1].first { step in
            step > (after ?? .min) && Self.code(secret: secret, step: step).utf8.elementsEqual(code.utf8)
        }
    }

    /// What an authenticator app scans: `otpauth://totp/Issuer:account?secret=…&issuer=…`.
    static func uri(secret: [UInt8], account: String, issuer: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        func escaped(_ text: String) -> String { text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text }
        return "otpauth://totp/\(escaped(issuer)):\(escaped(account))?secret=\(Base32.encode(secret))&issuer=\(escaped(issuer))"
            + "&algorithm=SHA1&digits=\(digits)&period=\(Int(period))"
    }
}

/// RFC 4648 base 32 without padding: how authenticator apps take a secret.
enum Base32 {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567")

    static func encode(_ bytes: [UInt8]) -> String {
        var text = "", buffer = 0, bits = 0
        for byte in bytes {
            buffer = buffer << 8 | Int(byte)
            bits += 8
            while bits >= 5 {
                text.append(alphabet[buffer >> (bits - 5) & 31])
                bits -= 5
            }
        }
        if bits > 0 { text.append(alphabet[buffer << (5 - bits) & 31]) }
        return text
    }

    static func decode(_ text: String) -> [UInt8]? {
        var bytes: [UInt8] = [], buffer = 0, bits = 0
        for character in text.uppercased() where character != "=" {
            guard let value = alphabet.firstIndex(of: character) else { return nil }
            buffer = (buffer << 5 | value) & 0xFFFF
            bits += 5
            if bits >= 8 {
                bytes.append(UInt8(buffer >> (bits - 8) & 0xFF))
                bits -= 8
            }
        }
        return bytes
    }
}
