import Crypto
import Foundation
import PlayhouseAPI

/// Checks a reward receipt before the SDK claims it: its `token` must be signed by one of the
/// server's reward keys (`/.well-known/reward-keys`, Ed25519), and say what the receipt says. The
/// keys are fetched once and again only when a receipt names a key not seen yet, so verifying
/// works offline once they are known.
public actor RewardVerifier {
    private let fetchKeys: @Sendable () async throws -> Data
    private var keys: [String: Curve25519.Signing.PublicKey] = [:]

    /// A verifier whose keys come from `fetchKeys` (the JWK Set's bytes).
    public init(fetchKeys: @escaping @Sendable () async throws -> Data) {
        self.fetchKeys = fetchKeys
    }

    /// A verifier that already knows `jwks` (a JWK Set's bytes), for an app that ships the keys.
    public init(jwks: Data) throws {
        self.fetchKeys = { jwks }
        self.keys = try Self.parse(jwks)
    }

    /// Why a receipt does not verify.
    public static let invalidReceipt: ErrorCode = "invalid_receipt"

    /// Throws ``invalidReceipt`` unless `receipt` is signed by a server key and its token's
    /// claims match it.
    public func verify(_ receipt: RewardReceipt) async throws(PlayhouseError) {
        let parts = receipt.token.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 3, let headerData = Data(base64URL: parts[0]), let payloadData = Data(base64URL: parts[1]),
              let signature = Data(base64URL: parts[2]),
              let header = try? JSONDecoder().decode(Header.self, from: headerData), header.alg == "EdDSA",
              let claims = try? JSONDecoder().decode(RewardReceiptClaims.self, from: payloadData) else { throw Self.invalid("The receipt is not a signed receipt.") }
        var key = keys[header.kid ?? ""]
        if key == nil {
            do { keys = try Self.parse(try await fetchKeys()) } catch {
                throw PlayhouseError(code: .transportFailed, message: "The reward keys could not be fetched: \(error)")
            }
            key = keys[header.kid ?? ""]
        }
        guard let key, key.isValidSignature(signature, for: Data("\(parts[0]).\(parts[1])".utf8)) else {
            throw Self.invalid("The receipt's signature does not verify.")
        }
        guard claims.matches(receipt) else {
            throw Self.invalid("The receipt says something its signature does not.")
        }
    }

    private static func invalid(_ message: String) -> PlayhouseError { PlayhouseError(code: invalidReceipt, message: message) }

    private struct Header: Decodable {
        var alg: String
        var kid: String?
    }

    private struct KeySet: Decodable {
        struct Key: Decodable {
            var kty: String
            var crv: String?
            var kid: String?
            var x: String?
        }
        var keys: [Key]
    }

    private static func parse(_ jwks: Data) throws -> [String: Curve25519.Signing.PublicKey] {
        var keys: [String: Curve25519.Signing.PublicKey] = [:]
        for key in try JSONDecoder().decode(KeySet.self, from: jwks).keys where key.kty == "OKP" && key.crv == "Ed25519" {
            guard let kid = key.kid, let x = key.x.flatMap({ Data(base64URL: $0) }) else { continue }
            keys[kid] = try Curve25519.Signing.PublicKey(rawRepresentation: x)
        }
        return keys
    }
}

extension Data {
    /// Decodes RFC 4648 §5 base64url, with or without padding.
    init?(base64URL text: String) {
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while base64.count % 4 != 0 { base64 += "=" }
        self.init(base64Encoded: base64)
    }
}
