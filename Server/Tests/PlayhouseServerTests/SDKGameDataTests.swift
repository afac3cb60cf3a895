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
                                                   defaultLocale: "en_US", by: .commandLine)
            let sdk = PlayhouseClient(configuration: .init(baseURL: url, clientID: credentials.app.clientID, clientSecret: credentials.clientSecret,
                                                           locale: Locale(identifier: "de_DE"),
                                                           retryPolicy: RetryPolicy(maxAttempts: 2, baseDelay: .milliseconds(10)),
                                                           appLifecycle: nil, gameData: GameDataOptions(region: "eu")))
            let items = sdk.gameData.repository(Item.self, game: "wow", collection: "items")
            #expect(try await items.document(id: "19019") == Item(id: 19019, name: "Donnerzorn", level: 80))
            #expect(try await items.document(id: "19019", locale: "en_US").name == "Thunderfury")
            let page = try await items.documentsPage(limit: 1)
            #expect(page.data.map(\.id) == [19019] && page.nextCursor != nil)
            // The document without an id field does not decode as Item: named, with its field, alone or in a page.
            let undecodable = await #expect(throws: PlayhouseError.self) { _ = try await items.document(id: "2000") }
            #expect(undecodable?.message.contains("items/2000") == true && undecodable?.message.contains("id: missing") == true)
            let inAPage = await #expect(throws: PlayhouseError.self) { _ = try await items.documentsPage(limit: 2) }
            #expect(inAPage?.message.contains("data[1].id: missing") == true)

            // A search, typed; a field no document has is refused naming it.
            let found = try await items.search([.between("level", 40, 80), .doesNotMatch("id", 873)], orderBy: [.descending("level")], locale: "en_US")
            #expect(found.data == [Item(id: 19019, name: "Thunderfury", level: 80)] && found.total == 1 && found.pageCount == 1)
            let unknown = await #expect(throws: PlayhouseError.self) { _ = try await items.search([.matches("colour", "red")]) }
            #expect(unknown?.status == 400 && unknown?.message.contains("colour") == true)

            // Asked again, the answer is the same (the server answered 304).
            #expect(try await items.document(id: "19019").name == "Donnerzorn")
            _ = try await app.gameData.importFiles(GameDataTests.release2, appID: appID, game: "wow", region: "eu", namespace: "static",
                                                   defaultLocale: "en_US", by: .commandLine)
            #expect(try await items.document(id: "19019", locale: "en_US").name == "Thunderfury, Blessed Blade")
            let versions = try await sdk.gameData.versions(game: "wow")
            #expect(versions.data.map(\.version) == [2] && versions.data.first?.changes.removedCount == 1)
        }
    }

    struct Character: Decodable, Sendable, Equatable {
        var name: String
        var level: Int
    }

    /// A player signs in through the SDK asking for two games' profiles and allows one; the app's
    /// server writes a document in each; the SDK reads the allowed game's, typed and in the
    /// configured locale, with the player's token, and is refused the other's.
    @Test(arguments: Engine.available)
    func thePlayersProfileIsReadForTheGamesAllowed(_ engine: Engine) async throws {
        try await withRunningServer(engine, { $0.passwordHashCost = 4 }) { app, url in
            let credentials = try await app.createApp(scopes: GameProfileTests.scopes)
            let sdk = PlayhouseClient(configuration: .init(baseURL: url, clientID: credentials.app.clientID, clientSecret: credentials.clientSecret,
                                                           locale: Locale(identifier: "de_DE"),
                                                           retryPolicy: RetryPolicy(maxAttempts: 2, baseDelay: .milliseconds(10)),
                                                           redirectURI: URL(string: "mygame://authorize")!, tokenStore: MemoryTokenStore(),
                                                           appLifecycle: nil))
            let scopes = ["profile", GameDataAPI.profileScope(game: "realms"), GameDataAPI.profileScope(game: "dungeons")]
            let player = try await sdk.auth.signIn(scopes: scopes, presenter: FormPostingPresenter(email: "ann@example.com", games: ["realms"]))
            let playerID = try #require(UUID(uuidString: player.id))
            for (game, name) in [("realms", #"{"en_US": "Arthas", "de_DE": "Arthas (de)"}"#), ("dungeons", #""Tyrael""#)] {
                _ = try await app.gameProfiles.put(.init(appID: credentials.app.id, playerID: playerID, game: game, collection: "characters", id: "hero"),
                                                   bytes: Data(#"{"name": \#(name), "level": 80}"#.utf8))
            }

            let profile = try await sdk.gameData.profile(game: "realms")
            #expect(profile.collections.map(\.name) == ["characters"] && profile.collections.first?.documents == 1)
            let characters = sdk.gameData.profileRepository(Character.self, game: "realms", collection: "characters")
            #expect(try await characters.document(id: "hero") == Character(name: "Arthas (de)", level: 80))
            #expect(try await characters.documentsPage(locale: "en_US").data == [Character(name: "Arthas", level: 80)])
            let refused = await #expect(throws: PlayhouseError.self) {
                _ = try await sdk.gameData.profileDocument(game: "dungeons", collection: "characters", id: "hero")
            }
            #expect(refused?.status == 403 && refused?.code == .insufficientScope)

            // Signed out, a profile is not read with the app's token.
            await sdk.auth.logout()
            let signedOut = await #expect(throws: PlayhouseError.self) { _ = try await sdk.gameData.profile(game: "realms") }
            #expect(signedOut?.code == .notSignedIn, "refused before asking the server, not by it")
        }
    }
}
