import Foundation
import PlayhouseAPI
@testable import PlayhouseServer
import Testing
import Vapor

/// The command line's changes to an app's money and sign-in set-up are in the audit log: currencies
/// added and removed, promotions created, sign-in providers added (never a provider's secret).
@Suite struct AuditTrailTests {
    @Test(arguments: Engine.available)
    func currenciesPromotionsAndProvidersAreLogged(_ engine: Engine) async throws {
        try await withPlayhouse(engine) { app in
            let credentials = try await app.createApp()
            let appID = credentials.app.id
            _ = try await app.currencies.add(appID: appID, code: "EUR", kind: .real, by: .commandLine)
            _ = try await app.currencies.add(appID: appID, code: "GEMS", kind: .virtual, by: .commandLine)
            #expect(try await app.currencies.remove(appID: appID, code: "GEMS", by: .commandLine))
            _ = try await app.promotions.create(appID: appID, code: "WELCOME", name: nil, amount: "5.00", currency: "EUR", economy: nil,
                                                maxRedemptions: nil, startsAt: nil, expiresAt: nil, by: .commandLine)
            _ = try await app.identityProviders.add(app: credentials.app.clientID, name: "facebook", kind: .facebook(
                appID: "12345", appToken: "a-very-secret-app-token", introspectionURL: "https://graph.example.com/debug_token",
                profileURL: "https://graph.example.com/me"), by: .commandLine)
            // A refused change logs nothing.
            await #expect(throws: PlayhouseProblem.self) { try await app.currencies.add(appID: appID, code: "EUR", kind: .real, by: .commandLine) }

            let entries = try await app.auditLog.all()
            #expect(entries.map(\.action) == ["app created", "currency added", "currency added", "currency removed", "promotion created",
                                              "sign-in provider added"])
            #expect(entries.allSatisfy { $0.actor.hasPrefix("command line") })
            #expect(entries[3].target.hasSuffix("/GEMS") && entries[3].before != nil && entries[3].after == nil)
            #expect(!entries.contains { "\($0)".contains("a-very-secret-app-token") })
        }
    }
}
