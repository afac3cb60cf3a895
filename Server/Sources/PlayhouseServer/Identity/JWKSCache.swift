import Foundation
import JWTKit
import Vapor

/// Each OpenID Connect provider's signing keys, fetched from its JWKS URI and kept for a few
/// minutes. Only public keys are held, and any instance can fetch its own, so this is a cache, not
/// shared state.
actor JWKSCache {
    private struct Entry {
        var keys: JWTKeyCollection
        var fetchedAt: Date
    }

    private var entries: [String: Entry] = [:]
    static let lifetime: TimeInterval = 300
    /// A token naming a key the cached set lacks triggers a refetch, at most this often.
    static let refetchInterval: TimeInterval = 30

    /// The keys at `uri`, fetched when missing or stale (or, with `refresh`, when older than the refetch interval).
    func keys(at uri: String, client: any Client, now: Date, refresh: Bool = false) async throws -> JWTKeyCollection {
        if let entry = entries[uri] {
            let age = now.timeIntervalSince(entry.fetchedAt)
            if age < Self.lifetime && !(refresh && age >= Self.refetchInterval) { return entry.keys }
        }
        let response = try await client.get(URI(string: uri))
        guard response.status == .ok, let body = response.body, body.readableBytes <= 256 * 1024 else {
            throw FederatedSignInService.Rejection("the provider's JWKS could not be fetched (\(response.status.code))")
        }
        let keys = JWTKeyCollection()
        do {
            try await keys.add(jwksJSON: String(buffer: body))
        } catch {
            throw FederatedSignInService.Rejection("the provider's JWKS could not be read")
        }
        entries[uri] = Entry(keys: keys, fetchedAt: now)
        return keys
    }
}
