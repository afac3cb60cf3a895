import Foundation
import PlayhouseAPI
@testable import PlayhouseServer
import Testing
import Vapor
import VaporTesting

/// The console's catalogs on both engines: a catalog file imported through the admin API (refused
/// whole when anything is wrong, each import in the audit log), the overview every role reads, the
/// viewer's figures for the roles that read statistics, and the page with its map of the stores.
@Suite struct AdminCatalogTests {
    static func offers(_ count: Int) -> [CatalogFile.Offer] {
        let now = Date()
        return (0..<count).map { index in
            CatalogFile.Offer(id: "offer-\(index)", dealer: "netto", heading: "Milk \(index)", price: "9.95", currency: "DKK",
                              validFrom: RFC3339.format(now.addingTimeInterval(-86400)), validUntil: RFC3339.format(now.addingTimeInterval(6 * 86400)))
        }
    }

    @Test(arguments: Engine.available)
    func developersImportACatalogFileAndEveryRoleSeesItsOverviewAndMap(_ engine: Engine) async throws {
        try await withPlayhouse(engine, { $0.passwordHashCost = 4 }) { app in
            let credentials = try await app.createApp()
            let clientID = credentials.app.clientID
            let catalog = "/admin/v1/apps/\(clientID)/catalog"
            let developer = try await ConsoleTests.operatorSignedIn(app, "dev@example.com", .developer)
            let support = try await ConsoleTests.operatorSignedIn(app, "help@example.com", .support)
            let analyst = try await ConsoleTests.operatorSignedIn(app, "numbers@example.com", .analyst)
            var random = SeededGenerator(seed: 11)
            var file = CatalogTests.file(stores: 60, random: &random)
            file.offers = Self.offers(5)
            let body = String(decoding: try JSONEncoder().encode(file), as: UTF8.self)

            // Refused to a role that may not, and a file with problems refused whole: nothing stored, nothing logged.
            #expect(try await app.send(.POST, "\(catalog)/imports", headers: support.changing, body: body).status == .forbidden)
            #expect(try await app.send(.POST, "\(catalog)/imports", headers: analyst.changing, body: body).status == .forbidden)
            var broken = file
            broken.stores?[0].dealer = "nobody"
            broken.offers?[1].price = "cheap"
            let refused = try await app.send(.POST, "\(catalog)/imports", headers: developer.changing,
                                             body: String(decoding: try JSONEncoder().encode(broken), as: UTF8.self))
            let problem = try refused.problem()
            #expect(refused.status == .unprocessableEntity && problem.code == .invalidCatalog)
            #expect(problem.detail?.contains("nobody") == true && problem.detail?.contains("offer-1: price is a positive amount") == true, "\(problem.detail ?? "")")
            #expect(try await app.count("catalog_dealers") == 0)
            #expect(try await app.count("catalog_stores") == 0)
            #expect(try await app.auditLog.all().filter { $0.action == "catalog imported" }.isEmpty)

            // Imported, then again: the second changes nothing. Both are logged with their counts.
            let first = try await app.send(.POST, "\(catalog)/imports", headers: developer.changing, body: body)
            #expect(first.status == .ok, "\(first.body.string)")
            let counts = try first.decode(CatalogImported.self)
            #expect(counts.dealers.added == 2 && counts.stores.added == 60 && counts.offers.added == 5 && counts.catalogs == .init())
            let again = try await app.send(.POST, "\(catalog)/imports", headers: developer.changing, body: body).decode(CatalogImported.self)
            #expect(again.stores.unchanged == 60 && again.stores.added == 0 && again.offers.unchanged == 5)
            let logged = try await app.auditLog.all().filter { $0.action == "catalog imported" }
            #expect(logged.map(\.actor) == ["dev@example.com", "dev@example.com"])
            #expect(logged.first?.target == credentials.app.ern)
            #expect(logged.first?.after?["stores"]?["added"] == .integer(60))

            // Every role reads the overview: the dealers by name with their stores and offers.
            let overview = try await app.send(.GET, catalog, headers: support.reading).decode(CatalogOverview.self)
            #expect((overview.dealers, overview.stores, overview.catalogs, overview.offers) == (2, 60, 0, 5))
            #expect(overview.dealerList.map(\.id) == ["fakta", "netto"])
            #expect(overview.dealerList.map(\.stores) == [20, 40] && overview.dealerList.map(\.offers) == [0, 5])

            // The viewer's figures: for the roles that read statistics, for 1 to 90 days.
            #expect(try await app.send(.GET, "\(catalog)/views", headers: support.reading).status == .forbidden)
            #expect(try await app.send(.GET, "\(catalog)/views?days=30", headers: analyst.reading).decode(Page<CatalogViewDay>.self).data.isEmpty)
            #expect(try await app.send(.GET, "\(catalog)/views?days=0", headers: analyst.reading).status == .badRequest)
            #expect(try await app.send(.GET, "/admin/v1/apps/no-such-app/catalog", headers: support.reading).status == .notFound)

            // The page: every store on the map, in its dealer's colour, and the import form for the developer only.
            let page = try await app.send(.GET, "/console/catalogs?app=\(clientID)", headers: developer.reading).body.string
            #expect(page.components(separatedBy: "<circle ").count - 1 == 60)
            #expect(page.components(separatedBy: "fill=\"#FFD500\"").count - 1 == 40, "Netto's brand colour")
            #expect(page.contains("Every store") && page.contains("id=\"import-catalog\"") && page.contains("id=\"no-views\""))
            let supportPage = try await app.send(.GET, "/console/catalogs?app=\(clientID)", headers: support.reading).body.string
            #expect(supportPage.contains("<circle ") && !supportPage.contains("import-catalog") && !supportPage.contains("id=\"views\""))
            #expect(!supportPage.contains("no-views"))

            // Of more stores than the map draws, an even sample: every third of 60 placed.
            let sample = try await app.catalog.mapPoints(appID: credentials.app.id, stores: 60, limit: 25)
            #expect(sample.count == 20)
            let placed = Set((file.stores ?? []).map { "\($0.latitude),\($0.longitude)" })
            #expect(sample.allSatisfy { placed.contains("\($0.latitude),\($0.longitude)") })
        }
    }

    /// Every role reads a catalog whole (its pages, its offers' hotspots drawn on them) and a
    /// dealer's offers, expired ones too, a page at a time; through the admin API and the pages.
    @Test(arguments: Engine.available)
    func everyRoleSeesACatalogsPagesWithTheirHotspotsAndADealersOffers(_ engine: Engine) async throws {
        try await withPlayhouse(engine, { $0.passwordHashCost = 4 }) { app in
            let credentials = try await app.createApp()
            let clientID = credentials.app.clientID
            let analyst = try await ConsoleTests.operatorSignedIn(app, "numbers@example.com", .analyst)
            var random = SeededGenerator(seed: 5)
            var file = CatalogTests.file(stores: 10, random: &random)
            let stores = try #require(file.stores)
            file.catalogs = Array(CatalogPublicationTests.catalogs(2, stores: stores, random: &random).suffix(1))
            var offers = Self.offers(30)
            offers[3].catalog = "catalog-1"; offers[3].page = 2; offers[3].hotspot = .init(x: 0.1, y: 0.2, width: 0.3, height: 0.25)
            offers[4].catalog = "catalog-1"; offers[4].page = 1
            offers[7].validFrom = RFC3339.format(Date().addingTimeInterval(-20 * 86400))
            offers[7].validUntil = RFC3339.format(Date().addingTimeInterval(-86400))
            file.offers = offers
            _ = try await app.catalog.importFile(file, files: CatalogPublicationTests.pageFiles(3), appID: credentials.app.id, by: .commandLine)

            let whole = try await app.send(.GET, "/admin/v1/apps/\(clientID)/catalog/catalogs/catalog-1", headers: analyst.reading)
                .decode(WholeCatalog.self)
            #expect(whole.catalog.id == "catalog-1" && whole.pages.map(\.number) == [1, 2, 3])
            #expect(whole.hotspots.map(\.offerID) == ["offer-3"] && whole.hotspots.first?.page == 2)
            #expect(try await app.send(.GET, "/admin/v1/apps/\(clientID)/catalog/catalogs/nothing", headers: analyst.reading).status == .notFound)

            // Its page: every page's image, the hotspot drawn where the viewer puts it, the offer listed.
            let page = try await app.send(.GET, "/console/catalogs/\(clientID)/catalog-1", headers: analyst.reading)
            #expect(page.status == .ok)
            let html = page.body.string
            #expect(html.components(separatedBy: "<img src=\"/assets/").count - 1 == 3)
            #expect(html.contains("left: 10.00%; top: 20.00%; width: 30.00%; height: 25.00%") && html.contains("id=\"offer-offer-3\""))
            #expect(try await app.send(.GET, "/console/catalogs?app=\(clientID)", headers: analyst.reading).body.string
                .contains("href=\"/console/catalogs/\(clientID)/catalog-1\""))

            // The offers, as GET /v1/offers lists them, valid ones unless asked, a page at a time.
            let listed = try await app.send(.GET, "/admin/v1/apps/\(clientID)/catalog/offers?dealer_ids=netto&limit=20", headers: analyst.reading)
                .decode(Page<Offer>.self)
            #expect(listed.data.count == 20 && listed.nextCursor != nil && !listed.data.contains { $0.id == "offer-7" })
            let rest = try await app.send(.GET, "/admin/v1/apps/\(clientID)/catalog/offers?dealer_ids=netto&limit=20&cursor=\(listed.nextCursor!)",
                                          headers: analyst.reading).decode(Page<Offer>.self)
            #expect(rest.data.count == 9 && rest.nextCursor == nil && Set((listed.data + rest.data).map(\.id)).count == 29)
            #expect(try await app.send(.GET, "/admin/v1/apps/\(clientID)/catalog/offers?include_expired=true&offer_ids=offer-7", headers: analyst.reading)
                .decode(Page<Offer>.self).data.map(\.id) == ["offer-7"])

            // The dealer's page lists every offer, the expired one marked, 25 to a page.
            let first = try await app.send(.GET, "/console/catalogs/\(clientID)/dealers/netto", headers: analyst.reading).body.string
            #expect(first.components(separatedBy: "<tr id=\"offer-").count - 1 == 25)
            let older = try #require(first.range(of: "id=\"more-offers\" href=\"").map { first[$0.upperBound...].prefix { $0 != "\"" } })
            let second = try await app.send(.GET, String(older).replacingOccurrences(of: "&amp;", with: "&"), headers: analyst.reading).body.string
            #expect(second.components(separatedBy: "<tr id=\"offer-").count - 1 == 5 && !second.contains("more-offers"))
            #expect((first + second).contains("(expired)") && (first + second).contains("id=\"offer-offer-7\""))
            #expect(try await app.send(.GET, "/console/catalogs/\(clientID)/dealers/nobody", headers: analyst.reading).status == .notFound)
        }
    }

    /// The map keeps the stores' shape: a degree of longitude is shorter than a degree of latitude
    /// by the cosine of the latitude, and the map stays within its 1,000 by 700 box.
    @Test func theStoreMapKeepsTheShapeOfWhereTheStoresAre() {
        let points = [CatalogService.MapPoint(latitude: 56, longitude: 10, dealerID: "a"), .init(latitude: 56, longitude: 11, dealerID: "b"),
                      .init(latitude: 57, longitude: 10, dealerID: "a")]
        let map = StoreMap(points, dealers: [("a", "#00FF00"), ("b", "not a colour"), ("c", nil)])
        #expect(map.width <= 1000 && map.height <= 700 && (map.width == 1000 || map.height == 700))
        #expect(map.dots.allSatisfy { (0...map.width).contains($0.x) && (0...map.height).contains($0.y) })
        let east = map.dots[1].x - map.dots[0].x, north = map.dots[0].y - map.dots[2].y
        #expect(abs(east / north - cos(56.5 * .pi / 180)) < 0.01, "\(east / north)")
        #expect(map.dots.map(\.color) == ["#00FF00", StoreMap.palette[1], "#00FF00"])
        #expect(map.legend.map(\.dealer) == ["a", "b"], "a dealer with no store on the map is not in its legend")
        #expect(map.north == "57.050° N" && map.west == "9.950° E")
        // A dealer the page does not list (past its first 500) is grey, under "other dealers".
        let others = StoreMap(points + [.init(latitude: 56.5, longitude: 10.5, dealerID: "z")], dealers: [("a", "#00FF00"), ("b", nil)])
        #expect(others.dots.last?.color == StoreMap.otherDealers && others.legend.last == .init(dealer: "other dealers", color: StoreMap.otherDealers))
        // One store alone still gets a map around it.
        let lone = StoreMap([.init(latitude: -33.9, longitude: 18.4, dealerID: "a")], dealers: [("a", nil)])
        #expect(lone.width > 0 && lone.height > 0 && lone.south.hasSuffix("S"))
    }
}
