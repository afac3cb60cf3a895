import Foundation
import PlayhouseAPI
@testable import PlayhouseServer
import Testing
import Vapor

/// Several server instances on one database serve the same data: nothing lives only in memory.
@Suite struct MultiInstanceTests {
    @Test(arguments: Engine.available)
    func twoInstancesShareAppsTokensAndRevocations(_ engine: Engine) async throws {
        let configuration = engine.isolatedConfiguration()
        try await withPlayhouse(configuration, drop: false) { first in
            try await withPlayhouse(configuration, drop: true) { second in
                let credentials = try await first.createApp()
                let token = try await second.appToken(credentials)
                #expect(try await first.send(.GET, "/v1/app", headers: bearer(token)).status == .ok)

                #expect(try await first.postForm("/oauth/revoke", "token=\(token)", headers: basic(credentials)).status == .ok)
                #expect(try await second.send(.GET, "/v1/app", headers: bearer(token)).status == .unauthorized)

                // Failed logins counted on one instance count on the other too.
                for instance in [first, second, first] {
                    _ = try await instance.postForm("/oauth/token", "grant_type=client_credentials",
                                                    headers: basic(credentials.app.clientID, "wrong"))
                }
                let counters = try await second.apps.list()
                #expect(counters.count == 1)
            }
        }
    }
}
