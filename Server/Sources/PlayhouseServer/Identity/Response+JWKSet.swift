import Foundation
import Vapor

extension Response {
    /// `keys`' public halves as a JWK Set (RFC 7517), cacheable for five minutes: a verifier that
    /// meets an unknown `kid` fetches it again, and a replaced key stays published longer than that.
    static func jwkSet(_ keys: [SigningKeys.Key]) throws -> Response {
        let body = try JSONSerialization.data(withJSONObject: ["keys": keys.compactMap(\.jwk)], options: [.sortedKeys])
        return Response(status: .ok, headers: ["Content-Type": "application/jwk-set+json", "Cache-Control": "public, max-age=300"],
                        body: .init(data: body))
    }
}
