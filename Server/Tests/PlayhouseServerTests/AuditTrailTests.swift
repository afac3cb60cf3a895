import Foundation
import PlayhouseAPI
@testable import PlayhouseServer
import Testing
import Vapor

/// The command line's changes to an app's money and sign-in set-up are in the audit log: currencies
/// added and removed, promotions created, sign-in providers added (never a provider's secret); game
/// data imported and rolled back (its counts, not its documents); signing keys rotated (the kid,
/// never the key).
@Suite struct AuditTrailTests {
    @Test(arguments: Engine.available)
    func currenciesPromotionsAndProvidersAreLogged(_ engine: Engine) async throws {
        try await withPlayhouse(engine) { app in
            let credentials = try await app.createApp()
            let appID = credentials.app.id
            _ = try await app.currencies.add(appID: appID, code: "EUR", kind: .real, by: .commandLine, at: app.now)
            _ = try await app.currencies.add(appID: appID, code: "GEMS", kind: .virtual, by: .commandLine, at: app.now)
            #expect(try await app.currencies.remove(appID: appID, code: "GEMS", by: .commandLine, at: app.now))
            _ = try await app.promotions.create(appID: appID, code: "WELCOME", name: nil, amount: "5.00", currency: "EUR", economy: nil,
                                                maxRedemptions: nil, startsAt: nil, expiresAt: nil, by: .commandLine)
            _ = try await app.identityProviders.add(app: credentials.app.clientID, name: "facebook", kind: .facebook(
                appID: "12345", appToken: "a-very-secret-app-token", introspectionURL: "https://graph.example.com/debug_token",
                profileURL: "https://graph.example.com/me"), by: .commandLine)
            // A refused change logs nothing.
            await #expect(throws: PlayhouseProblem.self) { try await app.currencies.add(appID: appID, code: "EUR", kind: .real, by: .commandLine, at: app.now) }

            let entries = try await app.auditLog.all()
            #expect(entries.map(\.action) == ["app created", "currency added", "currency added", "currency removed", "promotion created",
                                              "sign-in provider added"])
            #expect(entries.allSatisfy { $0.actor.hasPrefix("command line") })
            #expect(entries[3].target.hasSuffix("/GEMS") && entries[3].before != nil && entries[3].after == nil)
            #expect(!entries.contains { "\($0)".contains("a-very-secret-app-token") })
        }
    }

    @Test(arguments: Engine.available)
    func gameDataImportsRollbacksAndKeyRotationsAreLogged(_ engine: Engine) async throws {
        try await withPlayhouse(engine) { app in
            let appID = try await app.createApp().app.id
            let place = GameDataService.Place(appID: appID, game: "wow", region: "eu", namespace: .static)
            _ = try await app.gameData.importFiles(GameDataTests.release1, appID: appID, game: "wow", region: "eu", namespace: "static",
                                                   defaultLocale: "en_US", by: .commandLine)
            _ = try await app.gameData.importFiles(GameDataTests.release2, appID: appID, game: "wow", region: "eu", namespace: "static",
                                                   defaultLocale: "en_US", by: .commandLine)
            // A refused import and a rollback to a version there is not log nothing.
            await #expect(throws: PlayhouseProblem.self) {
                try await app.gameData.importFiles([GameDataTests.file("items", "1", "[1]")], appID: appID, game: "wow", region: "eu",
                                                   namespace: "static", defaultLocale: "en_US", by: .commandLine)
            }
            #expect(try await app.gameData.rollback(place, to: 9, by: .commandLine) == nil)
            _ = try #require(try await app.gameData.rollback(place, to: 1, by: .commandLine))
            let key = try await app.signingKeys().rotate(by: .commandLine)

            let entries = try await app.auditLog.all().filter { $0.action != "app created" }
            #expect(entries.map(\.action) == ["game data imported", "game data imported", "game data rolled back", "signing key rotated"])
            #expect(entries.allSatisfy { $0.actor.hasPrefix("command line") })
            #expect(entries[0].target == ERN.make("game-data", "\(appID.uuidString.lowercased())/wow/eu/static"))
            #expect(entries[0].after?["documents"] == .integer(Int64(GameDataTests.release1.count)))
            #expect(entries[2].after?["version"] == .integer(3))
            #expect(entries[2].after?["restores"] == .integer(1))
            #expect(entries[3].target.hasSuffix("/" + key.kid))
            let stored = try await app.sql().raw("SELECT private_pem FROM signing_keys WHERE kid = \(bind: key.kid)").first()?
                .decode(column: "private_pem", as: String.self)
            #expect(stored.map { secret in !entries.contains { "\($0)".contains(secret) } } == true)
        }
    }
}
