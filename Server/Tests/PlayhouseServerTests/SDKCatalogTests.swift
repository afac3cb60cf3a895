import Foundation
import PlayhouseAPI
import PlayhouseKit
@testable import PlayhouseServer
import Testing
import Vapor

/// The SDK's catalog calls against a real server on 127.0.0.1: offers near the player from the
/// network, then from the cache with the server's 304, then the change after an import.
@Suite struct SDKCatalogTests {
    @Test(arguments: Engine.available)
    func offersNearThePlayerComeFromTheCacheThenFromTheNetworkWhenTheyChange(_ engine: Engine) async throws {
        try await withRunningServer(engine) { app, url in
            let credentials = try await app.createApp()
            var random = SeededGenerator(seed: 77)
            var file = CatalogTests.file(stores: 200, random: &random)
            let stores = try #require(file.stores)
            let offered = CatalogOfferTests.offers(40, stores: stores, random: &random)
            file.offers = offered
            _ = try await app.catalog.importFile(file, files: [:], appID: credentials.app.id, by: .commandLine)
            let cache = try SQLiteCatalogCache(url: FileManager.default.temporaryDirectory.appendingPathComponent("sdk-catalog-\(UUID()).sqlite"))
            let sdk = PlayhouseClient(configuration: .init(baseURL: url, clientID: credentials.app.clientID, clientSecret: credentials.clientSecret,
                                                           retryPolicy: RetryPolicy(maxAttempts: 2, baseDelay: .milliseconds(10)),
                                                           appLifecycle: nil, catalog: CatalogCacheOptions(cache: cache)))
            await sdk.catalog.setLocation(latitude: 55.6761, longitude: 12.5683, radius: 30_000, isFromSensor: true)
            let expected = try #require(CatalogOfferTests.expected(offered, stores: stores, at: (55.6761, 12.5683), radius: 30_000))
            func offers() async throws -> [CatalogDelivery<Page<Offer>>] {
                var all: [CatalogDelivery<Page<Offer>>] = []
                for try await delivery in sdk.catalog.offers(limit: 100) { all.append(delivery) }
                return all
            }

            let first = try await offers()
            #expect(first.map(\.source) == [.network])
            #expect(first.first?.value.data.map(\.id) == expected.map(\.offer) && first.first?.value.data.first?.storeID == expected.first?.store)
            let second = try await offers()
            #expect(second.map(\.source) == [.cache], "the server's 304 adds no second answer")
            #expect(second.first?.value == first.first?.value)

            var changed = file
            let nearest = try #require(offered.firstIndex { $0.id == expected.first?.offer })
            changed.offers?[nearest].heading = "Now cheaper"
            _ = try await app.catalog.importFile(changed, files: [:], appID: credentials.app.id, by: .commandLine)
            let third = try await offers()
            #expect(third.map(\.source) == [.cache, .network])
            #expect(third.last?.value.data.first?.heading == "Now cheaper" && third.first?.value.data.first?.heading != "Now cheaper")
        }
    }
}
