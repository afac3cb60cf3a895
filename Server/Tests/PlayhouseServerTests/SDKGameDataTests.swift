import Foundation
import PlayhouseAPI
import PlayhouseKit
@testable import PlayhouseServer
import Testing
import Vapor

/// The SDK's game data calls against a real server on 127.0.0.1: a typed repository in the
/// configured region and locale, a revalidation the server answers 304, and a new import seen at once.
@Suite struct SDKGameDataTests {
    struct Item: Decodable, Sendable, Equatable {
        var id: Int
        var name: String
        var level: Int
    }

    @Test(arguments: Engine.available)
    func aTypedRepositoryReadsTheCurrentVersionInTheConfiguredLocale(_ engine: Engine) async throws {
        try await withRunningServer(engine) { app, url in
            let credentials = try await app.createApp(), appID = credentials.app.id
            _ = try await app.gameData.importFiles(GameDataTests.release1, appID: appID, game: "wow", region: "eu", namespace: "static",
                                                   defaultLocale: "en_US")
            let sdk = PlayhouseClient(configuration: .init(baseURL: url, clientID: credentials.app.clientID, clientSecret: credentials.clientSecret,
                                                           locale: Locale(identifier: "de_DE"),
                                                           retryPolicy: RetryPolicy(maxAttempts: 2, baseDelay: .milliseconds(10)),
                                                           appLifecycle: nil, gameData: GameDataOptions(region: "eu")))
            let items = sdk.gameData.repository(Item.self, game: "wow", collection: "items")
            #expect(try await items.document(id: "19019") == Item(id: 19019, name: "Donnerzorn", level: 80))
            #expect(try await items.document(id: "19019", locale: "en_US").name == "Thunderfury")
            let page = try await items.page(limit: 1)
            #expect(page.data.map(\.id) == [19019] && page.nextCursor != nil)
            // The document without an id field does not decode as Item: named, with its field, alone or in a page.
            let undecodable = await #expect(throws: PlayhouseError.self) { _ = try await items.document(id: "2000") }
            #expect(undecodable?.message.contains("items/2000") == true && undecodable?.message.contains("id: missing") == true)
            let inAPage = await #expect(throws: PlayhouseError.self) { _ = try await items.page(limit: 2) }
            #expect(inAPage?.message.contains("data[1].id: missing") == true)

            // A search, typed; a field no document has is refused naming it.
            let found = try await items.search([.between("level", 40, 80), .doesNotMatch("id", 873)], orderBy: [.descending("level")], locale: "en_US")
            #expect(found.data == [Item(id: 19019, name: "Thunderfury", level: 80)] && found.total == 1 && found.pageCount == 1)
            let unknown = await #expect(throws: PlayhouseError.self) { _ = try await items.search([.matches("colour", "red")]) }
            #expect(unknown?.status == 400 && unknown?.message.contains("colour") == true)

            // Asked again, the answer is the same (the server answered 304).
            #expect(try await items.document(id: "19019").name == "Donnerzorn")
            _ = try await app.gameData.importFiles(GameDataTests.release2, appID: appID, game: "wow", region: "eu", namespace: "static",
                                                   defaultLocale: "en_US")
            #expect(try await items.document(id: "19019", locale: "en_US").name == "Thunderfury, Blessed Blade")
            let versions = try await sdk.gameData.versions(game: "wow")
            #expect(versions.data.map(\.version) == [2] && versions.data.first?.changes.removedCount == 1)
        }
    }
}
