import Foundation
import PlayhouseAPI
@testable import PlayhouseServer
import Testing
import Vapor
import VaporTesting

/// Catalogs over HTTP on both engines: imported with their pages and their offers' hotspots,
/// found near a point by the nearest-store rule, their pages and hotspots, and refusals.
@Suite struct CatalogPublicationTests {
    static let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]), jpeg = Data([0xFF, 0xD8, 0xFF, 0xE0])

    /// Three page images (PNG, distinct bytes), and their zoomed and thumbnail JPEGs.
    static func pageFiles(_ count: Int) -> [String: Data] {
        var files: [String: Data] = [:]
        for page in 1...count {
            files["pages/\(page).png"] = png + Data([UInt8(page)])
            files["pages/zoom/\(page).jpg"] = jpeg + Data([UInt8(page)])
        }
        return files
    }

    /// `count` catalogs of the two dealers, half at all their stores, half at a few; one in five expired.
    static func catalogs(_ count: Int, stores: [CatalogFile.Store], random: inout SeededGenerator) -> [CatalogFile.Catalog] {
        let now = Date()
        return (0..<count).map { index in
            let dealer = index % 3 == 0 ? "fakta" : "netto"
            let own = stores.filter { $0.dealer == dealer }
            let listed: [String]? = index % 2 == 0 ? nil
                : Array(Set((0..<3).map { _ in own[Int(random.next() % UInt64(own.count))].id })).sorted()
            let expired = index % 5 == 4
            let pages = (1...3).map { CatalogFile.Page(view: "pages/\($0).png", zoom: $0 == 1 ? "pages/zoom/1.jpg" : nil) }
            return CatalogFile.Catalog(id: "catalog-\(index)", dealer: dealer, label: "Week \(40 + index)",
                                       validFrom: RFC3339.format(now.addingTimeInterval(expired ? -20 * 86400 : -86400)),
                                       validUntil: RFC3339.format(now.addingTimeInterval(expired ? -86400 : 6 * 86400)), stores: listed, pages: pages)
        }
    }

    @Test(arguments: Engine.available)
    func catalogsNearAPointArePlacedAtTheirNearestStore(_ engine: Engine) async throws {
        try await withPlayhouse(engine) { app in
            let credentials = try await app.createApp()
            var random = SeededGenerator(seed: 48)
            var file = CatalogTests.file(stores: 300, random: &random)
            let stores = try #require(file.stores)
            let catalogs = Self.catalogs(30, stores: stores, random: &random)
            file.catalogs = catalogs
            _ = try await app.catalog.importFile(file, files: Self.pageFiles(3), appID: credentials.app.id, by: .commandLine)
            let token = try await app.appToken(credentials)
            let placed = catalogs.map { CatalogOfferTests.Placed(id: $0.id, dealer: $0.dealer, stores: $0.stores, validUntil: $0.validUntil) }
            var nonEmpty = 0
            for _ in 0..<120 {
                let city = CatalogTests.cities[Int(random.next() % UInt64(CatalogTests.cities.count))]
                let point = (city.1 + random.between(-0.5, 0.5), min(180, max(-180, city.2 + random.between(-0.8, 0.8))))
                let radius = random.between(1_000, 30_000)
                guard let expected = CatalogOfferTests.expected(placed, stores: stores, at: point, radius: radius) else { continue }
                let query = "r_lat=\(point.0)&r_lng=\(point.1)&r_radius=\(radius)&limit=4"
                var got: [Catalog] = [], cursor: String? = ""
                while let next = cursor {
                    let page = try await app.send(.GET, "/v1/catalogs?\(query)&cursor=\(next)", headers: bearer(token)).decode(Page<Catalog>.self)
                    got += page.data
                    cursor = page.nextCursor
                }
                #expect(got.map(\.id) == expected.map(\.offer) && got.map { $0.storeID ?? "" } == expected.map(\.store), "\(engine) \(query)")
                if !expected.isEmpty { nonEmpty += 1 }
            }
            #expect(nonEmpty > 40)

            // One catalog: its pages in three sizes (the view stands in for a size not given), its cover.
            let one = try await app.send(.GET, "/v1/catalogs/catalog-0", headers: bearer(token))
            #expect(one.headers.first(name: .cacheControl) == "max-age=900")
            let catalog = try one.decode(Catalog.self)
            let view1 = Assets.path(Assets.name(of: Self.png + Data([1])))
            #expect(catalog.pageCount == 3 && catalog.label == "Week 40" && catalog.ern == "ern:catalog:catalog-0" && catalog.cover == view1)
            let pages = try await app.send(.GET, "/v1/catalogs/catalog-0/pages", headers: bearer(token)).decode(Page<CatalogPage>.self)
            #expect(pages.data.map(\.number) == [1, 2, 3])
            #expect(pages.data[0] == CatalogPage(number: 1, view: view1, zoom: Assets.path(Assets.name(of: Self.jpeg + Data([1]))), thumb: view1))
            #expect(pages.data[2].zoom == pages.data[2].view && pages.data[2].thumb == pages.data[2].view)
            #expect(try await app.send(.GET, pages.data[1].view).body.readableBytesView.elementsEqual(Self.png + Data([2])))
            let listed = try await app.send(.GET, "/v1/catalogs?limit=100&order_by=-name", headers: bearer(token)).decode(Page<Catalog>.self)
            let valid = catalogs.filter { RFC3339.parse($0.validUntil)! > Date() }
            #expect(listed.data.map(\.id) == valid.sorted { $0.label > $1.label }.map(\.id))
            #expect(try await app.send(.GET, "/v1/catalogs/nowhere/pages", headers: bearer(token)).status == .notFound)
        }
    }

    @Test(arguments: Engine.available)
    func offersCarryTheirPageAndHotspot(_ engine: Engine) async throws {
        try await withPlayhouse(engine) { app in
            let credentials = try await app.createApp(), appID = credentials.app.id
            var random = SeededGenerator(seed: 49)
            var file = CatalogTests.file(stores: 30, random: &random)
            file.catalogs = Self.catalogs(2, stores: try #require(file.stores), random: &random)
            var offers = CatalogOfferTests.offers(6, stores: try #require(file.stores), random: &random).map { offer in
                var offer = offer
                offer.stores = nil
                offer.validUntil = RFC3339.format(Date().addingTimeInterval(86400))
                return offer
            }
            // catalog-1 is netto's: offers 1, 2 and 4 are on its pages, two with hotspots.
            offers[1].catalog = "catalog-1"; offers[1].page = 2; offers[1].hotspot = .init(x: 0.1, y: 0.2, width: 0.3, height: 0.25)
            offers[2].catalog = "catalog-1"; offers[2].page = 1; offers[2].hotspot = .init(x: 0, y: 0, width: 1, height: 0.5)
            offers[4].catalog = "catalog-1"; offers[4].page = 3
            file.offers = offers
            let first = try await app.catalog.importFile(file, files: Self.pageFiles(3), appID: appID, by: .commandLine)
            #expect(first.catalogs == .init(added: 2) && first.offers == .init(added: 6))
            let again = try await app.catalog.importFile(file, files: Self.pageFiles(3), appID: appID, by: .commandLine)
            #expect(again.catalogs == .init(unchanged: 2) && again.offers == .init(unchanged: 6))

            let token = try await app.appToken(credentials)
            let hotspots = try await app.send(.GET, "/v1/catalogs/catalog-1/hotspots", headers: bearer(token)).decode(Page<CatalogHotspot>.self)
            #expect(hotspots.data == [
                CatalogHotspot(page: 1, offerID: "offer-2", heading: "Coffee 2", price: Money(amount: "3.25", currency: "DKK"), x: 0, y: 0, width: 1, height: 0.5),
                CatalogHotspot(page: 2, offerID: "offer-1", heading: "Apples 1", price: Money(amount: "2.15", currency: "DKK"), x: 0.1, y: 0.2,
                               width: 0.3, height: 0.25),
            ])
            let inCatalog = try await app.send(.GET, "/v1/offers?catalog_ids=catalog-1", headers: bearer(token)).decode(Page<Offer>.self)
            #expect(inCatalog.data.map(\.id) == ["offer-1", "offer-2", "offer-4"] && inCatalog.data.map(\.catalogPage) == [2, 1, 3])
            #expect(inCatalog.data.allSatisfy { $0.catalogID == "catalog-1" })

            // A catalog that goes leaves its offers, in no catalog.
            let gone = try await app.catalog.importFile(CatalogFile(catalogs: [try #require(file.catalogs?[0])]), files: Self.pageFiles(3), appID: appID, by: .commandLine)
            #expect(gone.catalogs == .init(unchanged: 1, removed: 1))
            let offer1 = try await app.send(.GET, "/v1/offers/offer-1", headers: bearer(token)).decode(Offer.self)
            #expect(offer1.catalogID == nil && offer1.catalogPage == nil)

            var bad = file
            bad.catalogs?[0].pages = []
            bad.catalogs?[1].pages[0].thumb = "missing.png"
            bad.catalogs?[1].stores = ["store-1"]  // store-1 is netto's; catalog-1 is too
            bad.offers?[1].page = 4
            bad.offers?[2].hotspot = .init(x: 0.5, y: 0, width: 0.6, height: 0.1)
            bad.offers?[3].page = 1
            bad.offers?[0].catalog = "catalog-1"  // offer-0 is fakta's
            do {
                _ = try await app.catalog.importFile(bad, files: Self.pageFiles(3), appID: appID, by: .commandLine)
                Issue.record("a bad file was imported")
            } catch let problem as PlayhouseProblem {
                let problems = problem.parameters["problems"] ?? ""
                for expected in ["catalog catalog-0: a catalog has 1 to 500 pages", "cannot read the page 1 thumb missing.png",
                                 "offer offer-1: catalog catalog-1 has no page 4", "offer offer-2: a hotspot is a rectangle",
                                 "offer offer-3: a page is a page of the offer's catalog", "offer offer-0: catalog catalog-1 is not fakta's"] {
                    #expect(problems.contains(expected), "missing: \(expected) in \(problems)")
                }
                #expect(!problems.contains("store-1"))
            }
        }
    }
}
