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
}
