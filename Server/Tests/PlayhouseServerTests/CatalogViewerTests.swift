import Foundation
import PlayhouseAPI
@testable import PlayhouseServer
import Testing
import Vapor
import VaporTesting

/// The catalog viewer's addresses and figures on both engines: an address opens once, the page
/// reports pages viewed and its close, and they add up per catalog per day.
@Suite struct CatalogViewerTests {
    @Test(arguments: Engine.available)
    func aViewOpensOnceAndItsReportsAddUp(_ engine: Engine) async throws {
        try await withPlayhouse(engine) { app in
            let credentials = try await app.createApp()
            var random = SeededGenerator(seed: 9)
            var file = CatalogTests.file(stores: 10, random: &random)
            file.catalogs = CatalogPublicationTests.catalogs(1, stores: try #require(file.stores), random: &random)
            _ = try await app.catalog.importFile(file, files: CatalogPublicationTests.pageFiles(3), appID: credentials.app.id, by: .commandLine)
            let token = try await app.appToken(credentials)

            let made = try await app.send(.POST, "/v1/catalogs/catalog-0/views?page=2", headers: bearer(token))
            #expect(made.status == .created)
            let link = try made.decode(CatalogViewerLink.self)
            let components = try #require(URLComponents(string: link.url))
            #expect(components.path == "/viewer/catalogs/catalog-0" && link.expiresAt > Date())
            let secret = try #require(components.queryItems?.first { $0.name == "view" }?.value)
            let path = components.path + "?" + (components.percentEncodedQuery ?? "")

            let page = try await app.send(.GET, path)
            #expect(page.status == .ok && page.body.string.contains("/viewer/viewer.js") && page.body.string.contains("Week 40"))
            let policy = page.headers.first(name: "Content-Security-Policy") ?? ""
            #expect(policy.contains("script-src 'self'") && policy.contains("frame-src playhouse-event:"))
            #expect(page.body.string.contains("&quot;start&quot;:2"), "the page starts where the app asked")
            #expect(try await app.send(.GET, path).status == .notFound, "an address opens once")
            #expect(try await app.send(.GET, "/viewer/catalogs/catalog-0?view=phv_nothing").status == .notFound)
            #expect(try await app.send(.GET, "/viewer/viewer.js").headers.contentType?.subType == "javascript")

            var viewer = HTTPHeaders([("Content-Type", "application/json")])
            viewer.bearerAuthorization = BearerAuthorization(token: secret)
            #expect(try await app.send(.POST, "/viewer/events", headers: viewer, body: #"{"type":"page_viewed","page":2,"seconds":4.5}"#).status == .noContent)
            #expect(try await app.send(.POST, "/viewer/events", headers: viewer, body: #"{"type":"page_viewed","page":3,"seconds":1.5}"#).status == .noContent)
            let bad = try await app.send(.POST, "/viewer/events", headers: viewer, body: #"{"type":"page_viewed","page":0}"#)
            #expect(bad.status == .badRequest && bad.body.string.contains("page_viewed"))
            #expect(try await app.send(.POST, "/viewer/events", headers: viewer, body: #"{"type":"closed"}"#).status == .noContent)
            #expect(try await app.send(.POST, "/viewer/events", headers: viewer, body: #"{"type":"closed"}"#).status == .notFound,
                    "a view closes once")
            #expect(try await app.send(.POST, "/viewer/events", headers: viewer, body: #"{"type":"page_viewed","page":4,"seconds":2}"#).status == .noContent,
                    "the last page's report, sent with the close in a request of its own, still counts when it arrives after it")
            app.playhouseClock.advance(by: CatalogViewService.lateReportsFor + 1)
            #expect(try await app.send(.POST, "/viewer/events", headers: viewer, body: #"{"type":"page_viewed","page":1,"seconds":2}"#).status == .notFound,
                    "but not long after")
            #expect(try await app.send(.POST, "/viewer/events", body: #"{"type":"closed"}"#).status == .unauthorized)

            let stats = try await app.catalogViews.stats(appID: credentials.app.id, days: 1)
            #expect(stats == [.init(catalogID: "catalog-0", day: RFC3339.day(Date()), opens: 1, closes: 1, pageViews: 3, pageSeconds: 8)])
            #expect(try await app.send(.POST, "/v1/catalogs/nowhere/views", headers: bearer(token)).status == .notFound)
            #expect(try await app.send(.POST, "/v1/catalogs/catalog-0/views?page=0", headers: bearer(token)).status == .badRequest)
        }
    }

    @Test(arguments: Engine.available)
    func opensAndHotspotTapsArePopularity(_ engine: Engine) async throws {
        try await withPlayhouse(engine) { app in
            let credentials = try await app.createApp()
            var random = SeededGenerator(seed: 10)
            var file = CatalogTests.file(stores: 10, random: &random)
            let stores = try #require(file.stores)
            file.catalogs = CatalogPublicationTests.catalogs(3, stores: stores, random: &random)
            file.offers = CatalogOfferTests.offers(6, stores: stores, random: &random).map { offer in
                var offer = offer
                offer.validUntil = RFC3339.format(Date().addingTimeInterval(86400))
                return offer
            }
            _ = try await app.catalog.importFile(file, files: CatalogPublicationTests.pageFiles(3), appID: credentials.app.id, by: .commandLine)
            let token = try await app.appToken(credentials)

            /// Opens a view of `catalog` and reports `taps` on the offers named.
            func view(_ catalog: String, taps: [String] = []) async throws {
                let link = try await app.send(.POST, "/v1/catalogs/\(catalog)/views", headers: bearer(token)).decode(CatalogViewerLink.self)
                let components = try #require(URLComponents(string: link.url))
                #expect(try await app.send(.GET, components.path + "?" + (components.percentEncodedQuery ?? "")).status == .ok)
                var viewer = HTTPHeaders([("Content-Type", "application/json")])
                viewer.bearerAuthorization = BearerAuthorization(token: try #require(components.queryItems?.first { $0.name == "view" }?.value))
                for offer in taps {
                    let tapped = try await app.send(.POST, "/viewer/events", headers: viewer, body: #"{"type":"hotspot_tapped","offer_id":"\#(offer)"}"#)
                    #expect(tapped.status == .noContent)
                }
            }
            try await view("catalog-1", taps: ["offer-4", "offer-2", "offer-4"])
            try await view("catalog-1")
            try await view("catalog-2", taps: ["offer-404"])  // an offer the app does not have counts nothing

            let catalogs = try await app.send(.GET, "/v1/catalogs?order_by=-popularity", headers: bearer(token)).decode(Page<Catalog>.self)
            #expect(catalogs.data.map(\.id) == ["catalog-1", "catalog-2", "catalog-0"])
            let offers = try await app.send(.GET, "/v1/offers?order_by=-popularity,name", headers: bearer(token)).decode(Page<Offer>.self)
            let rest = (file.offers ?? []).filter { !["offer-4", "offer-2"].contains($0.id) }.sorted { $0.heading < $1.heading }.map(\.id)
            #expect(offers.data.map(\.id) == ["offer-4", "offer-2"] + rest)
        }
    }
}
