import Foundation
import PlayhouseAPI
@testable import PlayhouseServer
import Testing
import Vapor

/// Several server instances on one database serve the same data: nothing lives only in memory.
@Suite struct MultiInstanceTests {
    @Test(arguments: Engine.available)
    func twoInstancesShareAppsTokensAndRevocations(_ engine: Engine) async throws {
        var configuration = engine.isolatedConfiguration()
        configuration.clientAuthFailureLimit = 3
        configuration.clientAuthFailureWindow = 3600
        try await withPlayhouse(configuration, drop: false) { first in
            try await withPlayhouse(configuration, drop: true) { second in
                let moved = first.playhouseClock.startAWindow(of: 3600)
                second.playhouseClock.advance(by: moved)
                let credentials = try await first.createApp()
                let token = try await second.appToken(credentials)
                #expect(try await first.send(.GET, "/v1/app", headers: bearer(token)).status == .ok)

                #expect(try await first.postForm("/oauth/revoke", "token=\(token)", headers: basic(credentials)).status == .ok)
                #expect(try await second.send(.GET, "/v1/app", headers: bearer(token)).status == .unauthorized)

                // Failed client authentications counted on one instance count on the other too.
                for instance in [first, second, first] {
                    let failed = try await instance.postForm("/oauth/token", "grant_type=client_credentials",
                                                             headers: basic(credentials.app.clientID, "wrong"))
                    #expect(failed.status == .unauthorized)
                }
                let limited = try await second.postForm("/oauth/token", "grant_type=client_credentials", headers: basic(credentials))
                #expect(limited.status == .tooManyRequests)
            }
        }
    }

    /// A player deletes their account on one instance: the other, which keeps the player's token
    /// in memory for a minute, refuses it at once (the deletion's notice tells it). PostgreSQL
    /// only: one server process on SQLite.
    @Test(arguments: Engine.available.filter { $0 == .postgres })
    func aDeletedPlayersTokenIsRefusedByEveryInstanceAtOnce(_ engine: Engine) async throws {
        var configuration = engine.isolatedConfiguration()
        configuration.tokenCacheLifetime = 60
        configuration.passwordHashCost = 4
        try await withPlayhouse(configuration, drop: false) { first in
            try await withPlayhouse(configuration, drop: true) { second in
                let fixture = try await WalletFixture.make(first)
                let ann = try await fixture.player()
                // The second instance listens for revocations (from its first read on), then keeps the token.
                #expect(try await second.send(.GET, "/v1/me", headers: bearer(ann)).status == .ok)
                let cache = second.playhouse.tokenCache
                for _ in 0..<100 where !cache.changes.current.trusted { try await Task.sleep(for: .milliseconds(50)) }
                #expect(try await second.send(.GET, "/v1/me", headers: bearer(ann)).status == .ok)

                #expect(try await first.send(.POST, "/v1/me/deletion", headers: bearer(ann)).status == .ok)
                var refused = false
                for _ in 0..<100 where !refused {
                    refused = try await second.send(.GET, "/v1/me", headers: bearer(ann)).status == .unauthorized
                    if !refused { try await Task.sleep(for: .milliseconds(20)) }
                }
                #expect(refused, "the second instance forgot the deleted player's token")
                #expect(try await first.send(.GET, "/v1/me", headers: bearer(ann)).status == .unauthorized)
            }
        }
    }

    /// An import or a removal of content on one instance is shown by another at once, although
    /// that one keeps what it read for a minute: the change tells it (PostgreSQL's `NOTIFY`). One
    /// server process only on SQLite, so PostgreSQL only.
    @Test(arguments: Engine.available.filter { $0 == .postgres })
    func contentChangedOnOneInstanceIsShownByAnotherAtOnce(_ engine: Engine) async throws {
        var configuration = engine.isolatedConfiguration()
        configuration.contentCacheLifetime = 60
        try await withPlayhouse(configuration, drop: false) { first in
            try await withPlayhouse(configuration, drop: true) { second in
                let fixture = try await ContentFixture.make(first)
                let installation = "install-" + UUID().uuidString
                let token = try await fixture.guest(installation)
                func shown() async throws -> String? {
                    let response = try await second.send(.GET, "/v1/placements/main_menu/content?installation_id=\(installation)",
                                                         headers: bearer(token).merged(["Accept-Language": "en"]))
                    return response.status == .noContent ? nil : try response.decode(PlacementContent.self).unit
                }
                // The second instance listens for changes (from its first read on), then keeps what it reads.
                #expect(try await shown() == "welcome-bonus")
                let cache = second.playhouse.campaignCache
                for _ in 0..<100 where !cache.changes.current.trusted { try await Task.sleep(for: .milliseconds(50)) }
                #expect(cache.changes.current.trusted)
                #expect(try await shown() == "welcome-bonus")
                // Removed on the first instance: the second, which has it in memory, shows the next at once.
                #expect(try await fixture.service.remove(appID: fixture.credentials.app.id, slug: "welcome-bonus", by: .commandLine))
                var seen = try await shown()
                for _ in 0..<100 where seen == "welcome-bonus" {
                    try await Task.sleep(for: .milliseconds(50))
                    seen = try await shown()
                }
                #expect(seen == "news", "the second instance still shows what the first removed")
            }
        }
    }
}
