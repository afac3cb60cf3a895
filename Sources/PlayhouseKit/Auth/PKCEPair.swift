import Crypto
import Foundation

/// A PKCE verifier and its S256 challenge (RFC 7636), plus the `state` of one sign-in.
struct PKCEPair: Sendable {
    let verifier: String
    let challenge: String
    let state: String

    init() {
        verifier = Self.random(bytes: 48)
        challenge = Self.base64URL(Data(SHA256.hash(data: Data(verifier.utf8))))
        state = Self.random(bytes: 24)
    }

    static func random(bytes: Int) -> String {
        var generator = SystemRandomNumberGenerator()
        return base64URL(Data((0..<bytes).map { _ in UInt8.random(in: .min ... .max, using: &generator) }))
    }

    static func base64URL(_ data: Data) -> String {
        data.base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }
}
