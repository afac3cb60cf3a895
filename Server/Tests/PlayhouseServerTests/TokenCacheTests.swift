import Foundation
@testable import PlayhouseServer
import Testing
import Vapor

/// The access-token cache: a token is read from the database once per moment, a revocation on this
/// instance takes effect at once, one on another instance within the cache's lifetime.
@Suite struct TokenCacheTests {
    let start = Date(timeIntervalSince1970: 1_800_000_000)

    func token(session: UUID = UUID(), family: UUID = UUID()) -> StoredToken {
        let app = AppRecord(id: UUID(), name: "Game", clientID: "ph_test", environment: .sandbox, scopes: ["play"],
                            redirectURIs: [], isPublic: false, createdAt: start)
        return StoredToken(id: UUID(), kind: .access, playerID: UUID(), sessionID: session, familyID: family, clientUserID: nil,
                           scope: "play", issuedAt: start, expiresAt: start.addingTimeInterval(3600), revokedAt: nil, app: app)
    }

    @Test func aTokenIsKeptForItsLifetimeOnly() {
        let cache = TokenCache(lifetime: 1)
        let kept = token()
        cache.remember(kept, hash: "h", readAt: start)
        #expect(cache.token(hash: "h", now: start.addingTimeInterval(0.9))?.id == kept.id)
        #expect(cache.token(hash: "h", now: start.addingTimeInterval(1)) == nil)
        #expect(cache.token(hash: "other", now: start) == nil)
    }

    @Test func aRevocationForgetsWhatItCoversAndNothingElse() {
        let cache = TokenCache(lifetime: 1)
        let session = UUID(), family = UUID()
        let a = token(session: session), b = token(family: family), c = token()
        for (t, hash) in [(a, "a"), (b, "b"), (c, "c")] { cache.remember(t, hash: hash, readAt: start) }
        cache.forget(.session(session), now: start)
        cache.forget(.family(family), now: start)
        #expect(cache.token(hash: "a", now: start) == nil)
        #expect(cache.token(hash: "b", now: start) == nil)
        #expect(cache.token(hash: "c", now: start)?.id == c.id)
        cache.forget(.token(c.id), now: start)
        #expect(cache.token(hash: "c", now: start) == nil)
    }

    @Test func aReadThatRacedARevocationIsNotRemembered() {
        let cache = TokenCache(lifetime: 1)
        let raced = token()
        // Revoked while the read was in flight (before or after it began): not kept...
        cache.forget(.token(raced.id), now: start.addingTimeInterval(0.1))
        cache.remember(raced, hash: "r", readAt: start)
        #expect(cache.token(hash: "r", now: start.addingTimeInterval(0.2)) == nil)
        cache.remember(raced, hash: "r", readAt: start.addingTimeInterval(0.5))
        #expect(cache.token(hash: "r", now: start.addingTimeInterval(0.6)) == nil)
        // ...until the revocation is a lifetime old, when its transaction has long committed.
        cache.remember(raced, hash: "r", readAt: start.addingTimeInterval(1.2))
        #expect(cache.token(hash: "r", now: start.addingTimeInterval(1.3))?.id == raced.id)
    }

    @Test func aFullCacheDropsStaleEntriesFirst() {
        let cache = TokenCache(lifetime: 1, capacity: 2)
        cache.remember(token(), hash: "old", readAt: start)
        cache.remember(token(), hash: "fresh", readAt: start.addingTimeInterval(1.5))
        cache.remember(token(), hash: "new", readAt: start.addingTimeInterval(1.6))
        #expect(cache.token(hash: "fresh", now: start.addingTimeInterval(1.7)) != nil)
        #expect(cache.token(hash: "new", now: start.addingTimeInterval(1.7)) != nil)
    }

    @Test func lifetimeZeroTurnsTheCacheOff() {
        let cache = TokenCache(lifetime: 0)
        cache.remember(token(), hash: "h", readAt: start)
        #expect(cache.token(hash: "h", now: start) == nil)
    }

    /// Over HTTP: a token another instance revoked stops working here once the cache's lifetime is
    /// over; one revoked on this instance, at once.
    @Test(arguments: Engine.available)
    func revocationsReachEveryInstance(_ engine: Engine) async throws {
        let configuration = engine.isolatedConfiguration()
        try await withPlayhouse(configuration, drop: false) { first in
            try await withPlayhouse(configuration, drop: true) { second in
                first.playhouseClock.stop()
                second.playhouseClock.stop()
                let credentials = try await first.createApp()
                let token = try await first.appToken(credentials)
                #expect(try await second.send(.GET, "/v1/app", headers: bearer(token)).status == .ok)
                #expect(try await first.send(.GET, "/v1/app", headers: bearer(token)).status == .ok)

                #expect(try await first.postForm("/oauth/revoke", "token=\(token)", headers: basic(credentials)).status == .ok)
                #expect(try await first.send(.GET, "/v1/app", headers: bearer(token)).status == .unauthorized)
                second.playhouseClock.advance(by: configuration.tokenCacheLifetime)
                #expect(try await second.send(.GET, "/v1/app", headers: bearer(token)).status == .unauthorized)
            }
        }
    }
}
