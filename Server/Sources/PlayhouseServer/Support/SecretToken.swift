import Crypto
import Foundation

/// Random secrets (client secrets, access tokens) and the hashes they are stored as.
///
/// Secrets carry 256 bits of entropy, so a fast SHA-256 digest is a sound way to store them: there is
/// nothing to brute-force. Only the digest is ever written to the database.
enum SecretToken {
    /// A new secret: `prefix` followed by 32 random bytes in unpadded base64url.
    static func generate(prefix: String, bytes: Int = 32) -> String {
        prefix + randomBytes(bytes).base64URLEncodedString()
    }

    /// `count` bytes from a cryptographically secure generator, drawn at once.
    static func randomBytes(_ count: Int) -> Data {
        SymmetricKey(size: SymmetricKeySize(bitCount: count * 8)).withUnsafeBytes { Data($0) }
    }

    /// `count` characters drawn uniformly from `alphabet` (at most 256 characters).
    static func randomCharacters(_ count: Int, from alphabet: [Character]) -> String {
        // A byte maps to a character only below the largest multiple of the alphabet's size, so
        // that every character is equally likely.
        let usable = 256 / alphabet.count * alphabet.count
        var characters: [Character] = []
        characters.reserveCapacity(count)
        while characters.count < count {
            for byte in randomBytes(2 * count) where Int(byte) < usable && characters.count < count {
                characters.append(alphabet[Int(byte) % alphabet.count])
            }
        }
        return String(characters)
    }

    /// The hex SHA-256 digest a secret is stored and looked up by.
    static func hash(_ secret: String) -> String {
        hex(SHA256.hash(data: Data(secret.utf8)))
    }

    /// Bytes (a digest) in lowercase hex.
    static func hex(_ bytes: some Sequence<UInt8>) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var hex = [UInt8]()
        hex.reserveCapacity(64)
        for byte in bytes {
            hex.append(digits[Int(byte >> 4)])
            hex.append(digits[Int(byte & 0x0f)])
        }
        return String(decoding: hex, as: UTF8.self)
    }

    /// Whether `given` (a form's or a header's token; none is no match) is `expected`, compared as
    /// digests in constant time, so that the time taken tells nothing of either.
    static func matches(_ given: String?, _ expected: String) -> Bool {
        given.map { constantTimeEquals(hash($0), hash(expected)) } ?? false
    }

    /// Compares two strings in time that depends only on their lengths.
    static func constantTimeEquals(_ a: String, _ b: String) -> Bool {
        let left = Array(a.utf8), right = Array(b.utf8)
        var difference = UInt8(left.count == right.count ? 0 : 1)
        for index in 0..<max(left.count, right.count) {
            let x = index < left.count ? left[index] : 0
            let y = index < right.count ? right[index] : 0
            difference |= x ^ y
        }
        return difference == 0
    }
}

extension Data {
    /// RFC 4648 §5 base64url, without padding: encoded here byte by byte, since Foundation's
    /// base64 and three replacements cost several microseconds a call on Linux, on every token
    /// and impression made.
    func base64URLEncodedString() -> String {
        let alphabet = Data.base64URLAlphabet
        var out: [UInt8] = []
        out.reserveCapacity((count * 4 + 2) / 3)
        withUnsafeBytes { (bytes: UnsafeRawBufferPointer) in
            var index = 0
            while index + 3 <= bytes.count {
                let chunk = UInt32(bytes[index]) << 16 | UInt32(bytes[index + 1]) << 8 | UInt32(bytes[index + 2])
                out.append(alphabet[Int(chunk >> 18 & 63)])
                out.append(alphabet[Int(chunk >> 12 & 63)])
                out.append(alphabet[Int(chunk >> 6 & 63)])
                out.append(alphabet[Int(chunk & 63)])
                index += 3
            }
            let rest = bytes.count - index
            if rest > 0 {
                let chunk = UInt32(bytes[index]) << 16 | (rest == 2 ? UInt32(bytes[index + 1]) << 8 : 0)
                out.append(alphabet[Int(chunk >> 18 & 63)])
                out.append(alphabet[Int(chunk >> 12 & 63)])
                if rest == 2 { out.append(alphabet[Int(chunk >> 6 & 63)]) }
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    private static let base64URLAlphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    /// Each byte's value in base64url; 255 for a byte that is none of its characters.
    private static let base64URLValues: [UInt8] = {
        var values = [UInt8](repeating: 255, count: 256)
        for (value, character) in base64URLAlphabet.enumerated() { values[Int(character)] = UInt8(value) }
        return values
    }()

    /// Decodes base64url, with or without padding; nil for any other text.
    init?(base64URLEncoded text: String) {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count * 3 / 4)
        var buffer: UInt32 = 0, bits = 0, characters = 0, padding = 0
        for character in text.utf8 {
            if character == UInt8(ascii: "=") {
                padding += 1
                continue
            }
            let value = Self.base64URLValues[Int(character)]
            guard value != 255, padding == 0 else { return nil }
            characters += 1
            buffer = buffer << 6 | UInt32(value)
            bits += 6
            if bits >= 8 {
                bits -= 8
                bytes.append(UInt8(truncatingIfNeeded: buffer >> UInt32(bits)))
            }
        }
        // A last group of one character holds no byte; padding, if any, completes the last group.
        guard characters % 4 != 1, padding == 0 || (padding <= 2 && (characters + padding) % 4 == 0) else { return nil }
        self.init(bytes)
    }
}
