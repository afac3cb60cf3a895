import Foundation
import PlayhouseAPI
@testable import PlayhouseServer
import Testing
import Vapor
import VaporTesting

/// The console's read-only views of the features the players' devices and the command line change,
/// on both engines: a player's shopping lists with how their devices synced, and a game's data
/// versions with what each changed.
@Suite struct AdminListsAndGameDataTests {
    @Test(arguments: Engine.available)
    func supportSeesAPlayersListsAndEveryRoleSeesTheGameDataVersions(_ engine: Engine) async throws {
        try await withPlayhouse(engine, { $0.passwordHashCost = 4 }) { app in
            let fixture = try await ListFixture.make(app)
            let clientID = fixture.credentials.app.clientID
            let ann = try await fixture.player("ann@example.com")
            let annID = try await fixture.playerID(ann)
            let (list, milk) = (Op.id(), Op.id())
            try await fixture.apply(ann, Op.createList(list, "Groceries"), Op.add(list, milk, "Milk"), Op.add(list, Op.id(), "Eggs", count: 6),
                                    Op.tick(milk))
            let support = try await ConsoleTests.operatorSignedIn(app, "help@example.com", .support)
            let developer = try await ConsoleTests.operatorSignedIn(app, "dev@example.com", .developer)
            let analyst = try await ConsoleTests.operatorSignedIn(app, "numbers@example.com", .analyst)

            // A player's lists as the server holds them, and when their devices last sent a change: support's, read-only.
            let path = "/admin/v1/apps/\(clientID)/players/\(annID)/lists"
            #expect(try await app.send(.GET, path, headers: developer.reading).status == .forbidden)
            let lists = try await app.send(.GET, path, headers: support.reading).decode(AdminPlayerLists.self)
            #expect(lists.lists.data.map(\.list.name) == ["Groceries"] && lists.lists.data.first?.items.map(\.description) == ["Milk", "Eggs"])
            #expect(lists.sync.changesRemembered == 4 && lists.sync.lastChangeReceivedAt != nil)
            // Paged as the player's own lists are.
            try await fixture.apply(ann, Op.createList(Op.id(), "Hardware"))
            let firstPage = try await app.send(.GET, "\(path)?limit=1", headers: support.reading).decode(AdminPlayerLists.self)
            let cursor = try #require(firstPage.lists.nextCursor)
            let secondPage = try await app.send(.GET, "\(path)?limit=1&cursor=\(cursor)", headers: support.reading)
                .decode(AdminPlayerLists.self)
            #expect((firstPage.lists.data + secondPage.lists.data).map(\.list.name) == ["Groceries", "Hardware"])
            let page = try await app.send(.GET, "/console/players/\(clientID)/\(annID)", headers: support.reading).body.string
            #expect(page.contains("Groceries") && page.contains("2, 1 ticked") && page.contains("5 changes remembered"))

            // Game data: none yet, then two versions of a region, the second changing one document.
            let data = "/admin/v1/apps/\(clientID)/data"
            #expect(try await app.send(.GET, data, headers: analyst.reading).decode(Page<GameWithData>.self).data.isEmpty)
            #expect(try await app.send(.GET, "/console/game-data?app=\(clientID)", headers: analyst.reading).body.string.contains("no-game-data"))
            let appID = fixture.credentials.app.id
            _ = try await app.gameData.importFiles(GameDataTests.release1, appID: appID, game: "wow", region: "eu", namespace: "static",
                                                   defaultLocale: "en_US", by: .commandLine)
            var release2 = GameDataTests.release1
            release2[0] = GameDataTests.file("items", "19019", #"{"id": 19019, "name": {"en_US": "Thunderfury"}, "level": 90}"#)
            _ = try await app.gameData.importFiles(release2, appID: appID, game: "wow", region: "eu", namespace: "static",
                                                   defaultLocale: "en_US", by: .commandLine)
            let games = try await app.send(.GET, data, headers: analyst.reading).decode(Page<GameWithData>.self).data
            #expect(games.map(\.game) == ["wow"] && games.map(\.versions) == [2])
            let versions = try await app.send(.GET, "\(data)/wow/versions", headers: analyst.reading).decode(Page<GameDataVersion>.self)
            #expect(versions.data.map(\.version) == [1, 2] && versions.data.map(\.current) == [false, true] && versions.nextCursor == nil)
            #expect(versions.data.last?.changes.changed.map(\.id) == ["19019"])
            // A game keeps every version it had, so they come a page at a time, on the console's page too.
            let first = try await app.send(.GET, "\(data)/wow/versions?limit=1", headers: analyst.reading).decode(Page<GameDataVersion>.self)
            let versionCursor = try #require(first.nextCursor)
            let second = try await app.send(.GET, "\(data)/wow/versions?limit=1&cursor=\(versionCursor)", headers: analyst.reading).decode(Page<GameDataVersion>.self)
            #expect(first.data.map(\.version) == [1] && second.data.map(\.version) == [2] && second.nextCursor == nil)
            #expect(try await app.send(.GET, "\(data)/wow/versions?limit=101", headers: analyst.reading).status == .badRequest)
            let dataPage = try await app.send(.GET, "/console/game-data?app=\(clientID)", headers: analyst.reading).body.string
            #expect(dataPage.contains("eu · static") && dataPage.contains("changed: items/19019") && dataPage.contains("+0 ~1 −0"))
            #expect(!dataPage.contains("more-versions"))
            let firstOnPage = try await app.send(.GET, "/console/game-data?app=\(clientID)&limit=1", headers: analyst.reading).body.string
            #expect(firstOnPage.contains("id=\"more-versions\" href=\"/console/game-data?app=\(clientID)&amp;game=wow&amp;cursor=\(versionCursor)\""))
            #expect(!firstOnPage.contains("changed: items/19019"))

            // A version's documents as stored, every locale: the current one, or an earlier one asked for.
            let collections = try await app.send(.GET, "\(data)/wow/collections?region=eu", headers: analyst.reading)
                .decode(GameDataCollections.self)
            #expect(collections.version == 2 && collections.data.map(\.collection) == ["classes", "items"] && collections.data.map(\.documents) == [1, 3])
            #expect(collections.nextCursor == nil)
            let firstCollection = try await app.send(.GET, "\(data)/wow/collections?region=eu&limit=1", headers: analyst.reading)
                .decode(GameDataCollections.self)
            // A version imported meanwhile does not change the version the pages are of.
            var release3 = release2
            release3[0] = GameDataTests.file("items", "19019", #"{"id": 19019, "name": {"en_US": "Thunderfury"}, "level": 95}"#)
            _ = try await app.gameData.importFiles(release3, appID: appID, game: "wow", region: "eu", namespace: "static",
                                                   defaultLocale: "en_US", by: .commandLine)
            let nextCollection = try await app.send(.GET, "\(data)/wow/collections?region=eu&limit=1&cursor=\(try #require(firstCollection.nextCursor))",
                                                    headers: analyst.reading).decode(GameDataCollections.self)
            #expect(firstCollection.data.map(\.collection) == ["classes"] && nextCollection.data.map(\.collection) == ["items"])
            #expect(nextCollection.version == 2 && nextCollection.nextCursor == nil)
            let items = "\(data)/wow/collections/items?region=eu&namespace=static"
            let latest = try await app.send(.GET, "\(items)&limit=2", headers: analyst.reading).decode(Page<JSONValue>.self)
            #expect(latest.data.count == 2 && latest.nextCursor != nil)
            #expect(latest.data[0]["name"]?["en_US"] == .string("Thunderfury") && latest.data[0]["level"] == .integer(95), "the current version, 3")
            let earlier = try await app.send(.GET, "\(items)&version=1&locale=en_US", headers: analyst.reading).decode(Page<JSONValue>.self)
            #expect(earlier.data.first?["level"] == .integer(80) && earlier.data.first?["name"] == .string("Thunderfury"))
            #expect(try await app.send(.GET, "\(items)&version=4", headers: analyst.reading).status == .notFound)
            #expect(try await app.send(.GET, "\(items)&version=0", headers: analyst.reading).status == .badRequest)
            #expect(try await app.send(.GET, "\(data)/wow/collections", headers: analyst.reading).status == .badRequest, "a region is named")

            // Its page: the collections, and the chosen one's documents with their ids; each version's count links there.
            #expect(dataPage.contains("href=\"/console/game-data/\(clientID)/wow?region=eu&amp;namespace=static&amp;version=1\""))
            let documentsPage = try await app.send(.GET, "/console/game-data/\(clientID)/wow?region=eu&version=1&collection=items",
                                                   headers: analyst.reading)
            #expect(documentsPage.status == .ok)
            let html = documentsPage.body.string
            #expect(html.contains("version 1") && html.contains("<code>19019</code>") && html.contains("<code>2000</code>") && html.contains("Donnerzorn"))
            #expect(html.contains("classes</a> (1)"))
            #expect(try await app.send(.GET, "/console/game-data/\(clientID)/nothing?region=eu", headers: analyst.reading).status == .notFound)
        }
    }
}
