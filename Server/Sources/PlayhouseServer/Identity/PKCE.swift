import Crypto
import Foundation

/// Proof Key for Code Exchange (RFC 7636), S256 only.
enum PKCE {
    static let method = "S256"

    /// Whether `text` may be a verifier or an S256 challenge: 43 to 128 unreserved characters.
    static func isWellFormed(_ text: String) -> Bool {
        (43...128).contains(text.utf8.count)
            && text.utf8.allSatisfy { byte in
                (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
                    || byte == 0x2D || byte == 0x2E || byte == 0x5F || byte == 0x7E
            }
    }

    /// BASE64URL(SHA256(verifier)).
    static func challenge(for verifier: String) -> String {
        Data(SHA256.hash(data: Data(verifier.utf8))).base64URLEncodedString()
    }

    /// Whether `verifier` proves `challenge`, compared in constant time.
    static func verify(_ verifier: String, challenge: String) -> Bool {
        isWellFormed(verifier) && SecretToken.constantTimeEquals(Self.challenge(for: verifier), challenge)
    }
}
