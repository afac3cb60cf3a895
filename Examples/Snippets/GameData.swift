import Foundation
import PlayhouseKit

// The README's game data example.

func gameData(url: URL) async throws {
    struct Item: Decodable, Sendable { var id: Int; var name: String; var level: Int }
    let client = PlayhouseClient(configuration: .init(baseURL: url, clientID: "ph_…", gameData: GameDataOptions(region: "eu")))
    let items = client.gameData.repository(Item.self, game: "realms", collection: "items")
    let blade = try await items.document(id: "19019")                 // in the device's locale
    let page = try await items.page(locale: "multi", limit: 25)        // raw: client.gameData.documents(game:collection:…)
    show(blade, page)
}
