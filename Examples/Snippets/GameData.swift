import Foundation
import PlayhouseKit

// The README's game data example, and the code of the article "Game data by region and locale".

func gameData(url: URL) async throws {
    struct Item: Decodable, Sendable { var id: Int; var name: String; var level: Int }
    let client = PlayhouseClient(configuration: .init(baseURL: url, clientID: "ph_…", gameData: GameDataOptions(region: "eu")))
    let items = client.gameData.repository(Item.self, game: "realms", collection: "items")
    let blade = try await items.document(id: "19019")                 // in the device's locale
    let page = try await items.documentsPage(locale: "multi", limit: 25)        // raw: client.gameData.documents(game:collection:…)
    show(blade, page)
}

struct Achievement: Decodable, Sendable {
    var id: Int
    var name: String
    var points: Int
}

func gameDataConfiguration(url: URL) -> PlayhouseClient {
    PlayhouseClient(configuration: .init(baseURL: url, clientID: "ph_…",
                                         gameData: GameDataOptions(region: "eu", locale: "de_DE", namespace: .static)))
}

func typedGameData(client: PlayhouseClient) async throws {
    let achievements = client.gameData.repository(Achievement.self, game: "realms", collection: "achievements")
    for try await achievement in achievements.documents() { show(achievement.name, achievement.points) }
    let first = try await achievements.documentsPage(limit: 50)             // or a page at a time
    if let cursor = first.nextCursor { show(try await achievements.documentsPage(limit: 50, cursor: cursor)) }
    let american = try await achievements.document(id: "6", region: "us", locale: "en_US")
    show(american)
}

func rawGameData(client: PlayhouseClient) async throws {
    let json: Data = try await client.gameData.document(game: "realms", collection: "items", id: "19019", locale: "multi")
    let versions = try await client.gameData.versions(game: "realms")
    for version in versions.data where version.changes.changedCount > 0 { show(version.region, version.version, version.changes.changed) }
    show(json)
}

func gameDataErrors(client: PlayhouseClient) async {
    let achievements = client.gameData.repository(Achievement.self, game: "realms", collection: "achievements")
    do {
        show(try await achievements.document(id: "6"))
    } catch {
        show(error.code, error.message)   // bad_response: "achievements/6 does not decode as Achievement: points: missing"
    }
}

func gameDataCompletion(client: PlayhouseClient) {
    let achievements = client.gameData.repository(Achievement.self, game: "realms", collection: "achievements")
    achievements.document(id: "6") { result in show(result) }
}

struct Item: Decodable, Sendable {
    var id: Int
    var name: String
    var level: Int
}

func searchGameData(client: PlayhouseClient) async throws {
    let items = client.gameData.repository(Item.self, game: "realms", collection: "items")
    let found = try await items.search([.between("level", 10, 40), .matches("quality.type", anyOf: ["EPIC", "LEGENDARY"])],
                                       orderBy: [.descending("level")], pageSize: 20, locale: "en_US")
    show(found.total, found.pageCount, found.data.map(\.name))
    let next = try await items.search([.between("level", 10, 40)], orderBy: [.descending("level")], page: 2, pageSize: 20)
    let json: Data = try await client.gameData.search(game: "realms", collection: "items", filters: [.matches("name.en_US", "Linen Cloth")])
    show(next, json)
}

struct Character: Decodable, Sendable {
    var name: String
    var level: Int
}

func gameProfiles(client: PlayhouseClient) async throws {
    let games = ["realms", "dungeons"]
    try await client.auth.signIn(scopes: ["profile"] + games.map { GameDataAPI.profileScope(game: $0) },
                             presenter: ASWebAuthenticationPresenter())
    let characters = client.gameData.profileRepository(Character.self, game: "realms", collection: "characters")
    let hero = try await characters.document(id: "arthas")
    let profile = try await client.gameData.profile(game: "realms")
    for collection in profile.collections { show(collection.name, collection.documents) }
    show(hero)
}
