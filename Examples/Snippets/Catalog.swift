import Foundation
import PlayhouseKit

// The code of the article "Catalogs and offers near the player".

func offersNearThePlayer(client: PlayhouseClient) async throws {
    await client.catalog.setLocation(latitude: 55.68, longitude: 12.57, radius: 5000, isFromSensor: true)
    for try await delivery in client.catalog.offers(dealerIDs: ["netto"], orderBy: ["distance"], limit: 25) {
        show(delivery.value.data)                                  // delivery.source: .cache or .network; delivery.age
    }
}

func oneAnswer(client: PlayhouseClient) async throws {
    let stores = try await client.catalog.stores(limit: 10).value
    let search = try await client.catalog.searchOffers("kaffe", limit: 10).value
    show(stores, search)
}

func completionHandlers(client: PlayhouseClient) {
    client.catalog.offers(limit: 25) { result, fromCache in show(result, fromCache) }   // called once or twice
    client.catalog.deliver(client.catalog.dealers()) { result, fromCache in show(result, fromCache) }
}

func rawAndCache(client: PlayhouseClient) async throws {
    for try await delivery in client.catalog.raw("/v1/offers/search", parameters: ["query": "kaffe"]) { show(delivery.value) }
    try await client.catalog.clearOutOfDateCache()                 // or clearCache()
}
