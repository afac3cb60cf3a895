import Foundation
@testable import PlayhouseServer
import Testing
import Vapor

/// The access-token cache: a token is read from the database once per moment, and a revocation
/// takes effect at once, on this instance and (PostgreSQL) on every other.
@Suite struct TokenCacheTests {
    let start = Date(timeIntervalSince1970: 1_800_000_000)

    func token(session: UUID = UUID(), family: UUID = UUID()) -> StoredToken {
        let app = AppRecord(id: UUID(), name: "Game", clientID: "ph_test", environment: .sandbox, scopes: ["play"],
                            redirectURIs: [], isPublic: false, createdAt: start)
        return StoredToken(id: UUID(), kind: .access, playerID: UUID(), sessionID: session, familyID: family, clientUserID: nil,
                           scope: "play", issuedAt: start, expiresAt: start.addingTimeInterval(3600), revokedAt: nil, app: app)
    }

    /// Remembers `token` as read by a read begun now.
    func remember(_ cache: TokenCache, _ token: StoredToken, hash: String, readAt: Date) {
        cache.remember(token, hash: hash, readAt: readAt, generation: cache.changes.current.generation)
    }

    @Test func aTokenIsKeptForItsLifetimeOnly() {
        let cache = TokenCache(lifetime: 1)
        let kept = token()
        remember(cache, kept, hash: "h", readAt: start)
        #expect(cache.token(hash: "h", now: start.addingTimeInterval(0.9))?.id == kept.id)
        #expect(cache.token(hash: "h", now: start.addingTimeInterval(1)) == nil)
        #expect(cache.token(hash: "other", now: start) == nil)
    }

    @Test func aRevocationForgetsWhatItCoversAndNothingElse() {
        let cache = TokenCache(lifetime: 1)
        let session = UUID(), family = UUID()
        let a = token(session: session), b = token(family: family), c = token()
        for (t, hash) in [(a, "a"), (b, "b"), (c, "c")] { remember(cache, t, hash: hash, readAt: start) }
        cache.forget(.session(session))
        cache.forget(.family(family))
        #expect(cache.token(hash: "a", now: start) == nil)
        #expect(cache.token(hash: "b", now: start) == nil)
        #expect(cache.token(hash: "c", now: start)?.id == c.id)
        cache.forget(.token(c.id))
        #expect(cache.token(hash: "c", now: start) == nil)
    }

    @Test func aReadThatRacedARevocationIsNotRemembered() {
        let cache = TokenCache(lifetime: 1)
        let raced = token()
        // Revoked while the read was in flight: not kept...
        let begun = cache.changes.current.generation
        cache.forget(.token(raced.id))
        cache.remember(raced, hash: "r", readAt: start, generation: begun)
        #expect(cache.token(hash: "r", now: start.addingTimeInterval(0.2)) == nil)
        // ...but a read begun after the revocation is.
        remember(cache, raced, hash: "r", readAt: start.addingTimeInterval(0.5))
        #expect(cache.token(hash: "r", now: start.addingTimeInterval(0.6))?.id == raced.id)
    }

    @Test func aRevocationNamesItselfInANotice() {
        for revoked in [TokenCache.Revoked.token(UUID()), .family(UUID()), .session(UUID()), .player(UUID()), .app(UUID())] {
            #expect(TokenCache.Revoked(payload: revoked.payload) == revoked)
        }
        #expect(TokenCache.Revoked(payload: "token:nonsense") == nil && TokenCache.Revoked(payload: "device:\(UUID())") == nil)
    }

    @Test func aFullCacheDropsStaleEntriesFirst() {
        let cache = TokenCache(lifetime: 1, capacity: 2)
        remember(cache, token(), hash: "old", readAt: start)
        remember(cache, token(), hash: "fresh", readAt: start.addingTimeInterval(1.5))
        remember(cache, token(), hash: "new", readAt: start.addingTimeInterval(1.6))
        #expect(cache.token(hash: "fresh", now: start.addingTimeInterval(1.7)) != nil)
        #expect(cache.token(hash: "new", now: start.addingTimeInterval(1.7)) != nil)
    }

    @Test func lifetimeZeroTurnsTheCacheOff() {
        let cache = TokenCache(lifetime: 0)
        remember(cache, token(), hash: "h", readAt: start)
        #expect(cache.token(hash: "h", now: start) == nil)
    }

    /// Over HTTP: a token revoked on this instance stops working at once; one another instance
    /// revoked, at once on PostgreSQL (its revocation tells every instance), and on SQLite (where
    /// the CLI is the only other process) once the cache's lifetime is over. On PostgreSQL an app's
    /// change through one instance reaches the tokens another keeps at once too.
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
                // The second instance keeps the token once it listens for revocations (PostgreSQL; at once on SQLite).
                let cache = second.playhouse.tokenCache
                for _ in 0..<100 where !cache.changes.current.trusted { try await Task.sleep(for: .milliseconds(20)) }
                #expect(try await second.send(.GET, "/v1/app", headers: bearer(token)).status == .ok)
                #expect(cache.token(hash: SecretToken.hash(token), now: second.playhouseClock.now()) != nil, "the second instance keeps the token")
                #expect(try await first.send(.GET, "/v1/app", headers: bearer(token)).status == .ok)

                #expect(try await first.postForm("/oauth/revoke", "token=\(token)", headers: basic(credentials)).status == .ok)
                #expect(try await first.send(.GET, "/v1/app", headers: bearer(token)).status == .unauthorized)
                if engine == .postgres {
                    // The clocks stand still: only the revocation's notice can make the second instance forget.
                    var status = HTTPStatus.ok
                    for _ in 0..<50 where status == .ok {
                        status = try await second.send(.GET, "/v1/app", headers: bearer(token)).status
                        if status == .ok { try await Task.sleep(for: .milliseconds(20)) }
                    }
                    #expect(status == .unauthorized, "the second instance heard of the revocation within a second")
                } else {
                    second.playhouseClock.advance(by: configuration.tokenCacheLifetime)
                    #expect(try await second.send(.GET, "/v1/app", headers: bearer(token)).status == .unauthorized)
                }

                // An app's new rate limits, set through one instance, are the ones every instance counts
                // at once, though the second keeps a token that carries the app's record.
                guard engine == .postgres else { return }
                let another = try await first.appToken(credentials)
                #expect(try await second.send(.GET, "/v1/app", headers: bearer(another)).status == .ok)
                #expect(cache.token(hash: SecretToken.hash(another), now: second.playhouseClock.now()) != nil)
                _ = try await first.apps.setRateLimits(credentials.app.clientID, RequestRateLimits(perSecond: 7, perHour: nil), by: .commandLine)
                var policy = ""
                for _ in 0..<50 where !policy.hasPrefix("7;") {
                    // A call the app's limits count (game data; none here), answered with the limits counted by.
                    policy = try await second.send(.GET, "/v1/data/none/items?region=eu", headers: bearer(another)).headers
                        .first(name: "RateLimit-Policy") ?? ""
                    if !policy.hasPrefix("7;") { try await Task.sleep(for: .milliseconds(20)) }
                }
                #expect(policy.hasPrefix("7;w=1"), "the second instance heard of the app's change within a second: \(policy)")
            }
        }
    }
}
