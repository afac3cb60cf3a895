import Crypto
import Foundation

/// Random secrets (client secrets, access tokens) and the hashes they are stored as.
///
/// Secrets carry 256 bits of entropy, so a fast SHA-256 digest is a sound way to store them: there is
/// nothing to brute-force. Only the digest is ever written to the database.
enum SecretToken {
    /// A new secret: `prefix` followed by 32 random bytes in unpadded base64url.
    static func generate(prefix: String, bytes: Int = 32) -> String {
        var generator = SystemRandomNumberGenerator()
        let data = Data((0..<bytes).map { _ in UInt8.random(in: .min ... .max, using: &generator) })
        return prefix + data.base64URLEncodedString()
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
    /// RFC 4648 §5 base64url, without padding.
    func base64URLEncodedString() -> String {
        base64EncodedString()
            .replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    /// Decodes base64url, with or without padding.
    init?(base64URLEncoded text: String) {
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while base64.count % 4 != 0 { base64 += "=" }
        self.init(base64Encoded: base64)
    }
}
