import Foundation
import PlayhouseAPI
@testable import PlayhouseServer
import Testing
import Vapor
import VaporTesting

/// Dealers and stores over HTTP on both engines: imports, the geo queries against a brute-force
/// great-circle search, order, pages, ETags, and refusals.
@Suite struct CatalogTests {
    /// Great-circle metres by the haversine formula: the test's own reading of "distance".
    static func haversine(_ a: (Double, Double), _ b: (Double, Double)) -> Double {
        let (phi1, phi2) = (a.0 * .pi / 180, b.0 * .pi / 180)
        let dPhi = phi2 - phi1, dLambda = (b.1 - a.1) * .pi / 180
        let h = sin(dPhi / 2) * sin(dPhi / 2) + cos(phi1) * cos(phi2) * sin(dLambda / 2) * sin(dLambda / 2)
        return 2 * GeoPoint.earthRadius * asin(min(1, h.squareRoot()))
    }

    static let cities: [(String, Double, Double)] = [("Copenhagen", 55.6761, 12.5683), ("Aarhus", 56.1629, 10.2039),
                                                      ("Tromsø", 69.6492, 18.9553), ("Quito", -0.1807, -78.4678),
                                                      ("Suva", -18.1416, 178.4419), ("Taveuni", -16.8, -179.9)]

    /// Two dealers and `count` stores scattered within about 40 km of a few cities (one on each
    /// side of the antimeridian, one on the equator, one in the Arctic).
    static func file(stores count: Int, random: inout SeededGenerator) -> CatalogFile {
        let dealers = [CatalogFile.Dealer(id: "netto", name: "Netto", website: "https://netto.dk", brandColor: "#FFD500"),
                       CatalogFile.Dealer(id: "fakta", name: "Fakta")]
        let stores = (0..<count).map { index -> CatalogFile.Store in
            let city = cities[index % cities.count]
            let latitude = city.1 + random.between(-0.35, 0.35)
            var longitude = city.2 + random.between(-0.6, 0.6)
            if longitude > 180 { longitude -= 360 } else if longitude < -180 { longitude += 360 }
            return CatalogFile.Store(id: "store-\(index)", dealer: index % 3 == 0 ? "fakta" : "netto", street: "Street \(index)",
                                     city: city.0, zipCode: String(1000 + index), country: "DK", latitude: latitude, longitude: longitude,
                                     openingHours: [.init(dayOfWeek: "monday", opens: "08:00", closes: "22:00")])
        }
        return CatalogFile(dealers: dealers, stores: stores)
    }

    @Test(arguments: Engine.available)
    func nearbyStoresMatchABruteForceGreatCircleSearch(_ engine: Engine) async throws {
        try await withPlayhouse(engine) { app in
            let credentials = try await app.createApp()
            var random = SeededGenerator(seed: 23)
            let file = Self.file(stores: 900, random: &random)
            _ = try await app.catalog.importFile(file, files: [:], appID: credentials.app.id, by: .commandLine)
            let token = try await app.appToken(credentials)
            let stores = file.stores ?? []
            var compared = 0, nonEmpty = 0
            for _ in 0..<1000 {
                let city = Self.cities[Int(random.next() % UInt64(Self.cities.count))]
                let latitude = city.1 + random.between(-0.5, 0.5), longitude = min(180, max(-180, city.2 + random.between(-0.8, 0.8)))
                let radius = random.unit() < 0.1 ? random.between(100_000, 3_000_000) : random.between(100, 40_000)
                let dealers = random.unit() < 0.2 ? ["fakta"] : []
                var expected = stores.filter { dealers.isEmpty || dealers.contains($0.dealer) }
                    .map { ($0.id, Self.haversine((latitude, longitude), ($0.latitude, $0.longitude))) }
                // A store within a millimetre of the edge may fall either way by rounding: draw again.
                if expected.contains(where: { abs($0.1 - radius) < 0.001 }) { continue }
                expected = expected.filter { $0.1 <= radius }.sorted { ($0.1, $0.0) < ($1.1, $1.0) }
                let query = "r_lat=\(latitude)&r_lng=\(longitude)&r_radius=\(radius)&limit=100" + (dealers.isEmpty ? "" : "&dealer_ids=fakta")
                let response = try await app.send(.GET, "/v1/stores?" + query, headers: bearer(token))
                try #require(response.status == .ok, "\(query): \(response.body.string)")
                let page = try response.decode(Page<DealerStore>.self)
                #expect(page.data.map(\.id) == expected.prefix(100).map(\.0), "\(engine) \(query)")
                for (store, (_, distance)) in zip(page.data, expected) {
                    #expect(abs((store.distance ?? -1) - distance) <= max(0.01, distance * 1e-9), "\(store.id) at \(query)")
                }
                #expect((page.nextCursor != nil) == (expected.count > 100))
                compared += 1
                if !expected.isEmpty { nonEmpty += 1 }
            }
            #expect(compared > 950 && nonEmpty > 500, "\(compared) queries compared, \(nonEmpty) with stores")
        }
    }

    @Test(arguments: Engine.available)
    func importsAreIdempotentAndChangeOnlyWhatChanged(_ engine: Engine) async throws {
        try await withPlayhouse(engine) { app in
            let credentials = try await app.createApp(), appID = credentials.app.id
            var random = SeededGenerator(seed: 5)
            var file = Self.file(stores: 12, random: &random)
            let logo = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 1, 2, 3])
            file.dealers?[0].logo = "logos/netto.png"
            let first = try await app.catalog.importFile(file, files: ["logos/netto.png": logo], appID: appID, by: .commandLine)
            #expect(first.dealers == .init(added: 2) && first.stores == .init(added: 12))
            let again = try await app.catalog.importFile(file, files: ["logos/netto.png": logo], appID: appID, by: .commandLine)
            #expect(again.dealers == .init(unchanged: 2) && again.stores == .init(unchanged: 12))

            // One store moves, one goes; a file of stores alone leaves the dealers as they are.
            var stores = try #require(file.stores)
            stores[1].latitude += 0.01
            stores.removeLast()
            let changed = try await app.catalog.importFile(CatalogFile(stores: stores), files: [:], appID: appID, by: .commandLine)
            #expect(changed.dealers == .init() && changed.stores == .init(changed: 1, unchanged: 10, removed: 1))

            // A dealer that goes takes its stores with it.
            let token = try await app.appToken(credentials)
            let dropped = try await app.catalog.importFile(CatalogFile(dealers: [try #require(file.dealers?[0])]), files: ["logos/netto.png": logo],
                                                           appID: appID, by: .commandLine)
            #expect(dropped.dealers == .init(unchanged: 1, removed: 1))
            let listed = try await app.send(.GET, "/v1/stores?limit=100", headers: bearer(token)).decode(Page<DealerStore>.self)
            #expect(listed.data.count == stores.filter { $0.dealer == "netto" }.count && listed.data.allSatisfy { $0.dealerID == "netto" })
            let netto = try await app.send(.GET, "/v1/dealers/netto", headers: bearer(token)).decode(Dealer.self)
            #expect(netto == Dealer(id: "netto", name: "Netto", website: "https://netto.dk", logo: Assets.path(Assets.name(of: logo)),
                                    brandColor: "#FFD500"))
            #expect(try await app.send(.GET, netto.logo ?? "", headers: [:]).body.readableBytesView.elementsEqual(logo))
            if engine == .sqlite {
                // The geo index lost the removed stores with them.
                #expect(try await app.count("catalog_store_places") == listed.data.count)
            }

            // A bad file is refused whole, every problem named, nothing changed.
            var bad = file
            bad.dealers?.append(.init(id: "bad id", name: " ", website: "ftp://x", brandColor: "red"))
            bad.stores?[0].latitude = 91
            bad.stores?[1].dealer = "nobody"
            bad.stores?[2].country = "dk"
            bad.stores?[3].openingHours = [.init(dayOfWeek: "someday", opens: "22:00", closes: "08:00")]
            let duplicate = try #require(bad.stores?[4])
            bad.stores?.append(duplicate)
            do {
                _ = try await app.catalog.importFile(bad, files: [:], appID: appID, by: .commandLine)
                Issue.record("a bad file was imported")
            } catch let problem as PlayhouseProblem {
                #expect(problem.code == .invalidCatalog)
                let problems = problem.parameters["problems"] ?? ""
                for expected in ["dealer bad id: an id is", "name is empty", "website is an http(s) address", "brand colour is #RRGGBB",
                                 "cannot read the logo logos/netto.png", "store store-0: latitude", "store store-1: no dealer nobody",
                                 "store store-2: a country", "someday is not a day", "opening hours are HH:MM", "store store-4: appears twice"] {
                    #expect(problems.contains(expected), "missing: \(expected) in \(problems)")
                }
            }
            #expect(try await app.count("catalog_dealers") == 1)
        }
    }

    @Test func theStorageOrderWalksTheGridCellByCell() {
        for side: UInt64 in [2, 16, 64] {
            var cells: [UInt64: (x: UInt64, y: UInt64)] = [:]
            for x in 0..<side {
                for y in 0..<side {
                    // The middle of the cell, in degrees.
                    let point = GeoPoint(latitude: (Double(y) + 0.5) / Double(side) * 180 - 90,
                                         longitude: (Double(x) + 0.5) / Double(side) * 360 - 180)
                    cells[point.hilbertIndex(side: side)] = (x, y)
                }
            }
            #expect(cells.count == Int(side * side) && cells.keys.max() == side * side - 1, "every cell has its own place, side \(side)")
            for index in 0..<(side * side - 1) {
                let (a, b) = (cells[index]!, cells[index + 1]!)
                let step = (a.x > b.x ? a.x - b.x : b.x - a.x) + (a.y > b.y ? a.y - b.y : b.y - a.y)
                #expect(step == 1, "places \(index) and \(index + 1) are neighbouring cells, side \(side)")
            }
        }
        #expect(GeoPoint(latitude: -90, longitude: -180).storageOrder == 0)
    }

    @Test(arguments: Engine.available)
    func importWritesStoresNearEachOtherTogether(_ engine: Engine) async throws {
        try await withPlayhouse(engine) { app in
            let credentials = try await app.createApp()
            var random = SeededGenerator(seed: 11)
            var file = Self.file(stores: 60, random: &random)
            file.stores?.reverse()
            _ = try await app.catalog.importFile(file, files: [:], appID: credentials.app.id, by: .commandLine)
            let written = try await app.sql().raw("SELECT external_id FROM catalog_stores ORDER BY place").all()
                .map { try $0.decode(column: "external_id", as: String.self) }
            let stores = try #require(file.stores)
            let expected = stores.sorted { ($0.point.storageOrder, $0.id) < ($1.point.storageOrder, $1.id) }.map(\.id)
            #expect(written == expected)
            // The stores of one city come in a run or two (the curve may leave a city's area and come
            // back), where the file's order, the cities taken in turn, makes 60 runs.
            let cityOf = Dictionary(uniqueKeysWithValues: stores.map { ($0.id, $0.city) })
            let runs = zip(written, written.dropFirst()).filter { cityOf[$0.0] != cityOf[$0.1] }.count + 1
            #expect(runs <= 2 * Self.cities.count, "\(runs) runs of one city's stores")
        }
    }

    @Test(arguments: Engine.available)
    func importsOfTwoAppsAtOnceBothLand(_ engine: Engine) async throws {
        try await withPlayhouse(engine) { app in
            let first = try await app.createApp(name: "First"), second = try await app.createApp(name: "Second")
            var random = SeededGenerator(seed: 17)
            let (a, b) = (Self.file(stores: 300, random: &random), Self.file(stores: 300, random: &random))
            async let one = app.catalog.importFile(a, files: [:], appID: first.app.id, by: .commandLine)
            async let two = app.catalog.importFile(b, files: [:], appID: second.app.id, by: .commandLine)
            let (imported, alsoImported) = try await (one, two)
            #expect(imported.stores == .init(added: 300) && alsoImported.stores == .init(added: 300))
            #expect(try await app.count("catalog_stores") == 600)
        }
    }

    @Test(arguments: Engine.available)
    func listsOrderPageAndRevalidate(_ engine: Engine) async throws {
        try await withPlayhouse(engine) { app in
            let credentials = try await app.createApp()
            var random = SeededGenerator(seed: 7)
            let file = Self.file(stores: 60, random: &random)
            _ = try await app.catalog.importFile(file, files: [:], appID: credentials.app.id, by: .commandLine)
            let token = try await app.appToken(credentials)

            // Pages by cursor add up to the whole list, in order.
            var seen: [DealerStore] = [], cursor: String? = ""
            while let next = cursor {
                let page = try await app.send(.GET, "/v1/stores?order_by=-city&limit=7&cursor=\(next)", headers: bearer(token))
                    .decode(Page<DealerStore>.self)
                seen += page.data
                cursor = page.nextCursor
            }
            let expected = (file.stores ?? []).sorted { ($1.city, $0.id) < ($0.city, $1.id) }.map(\.id)
            #expect(seen.map(\.id) == expected)
            #expect(seen.allSatisfy { $0.distance == nil && $0.ern == "ern:store:\($0.id)" })
            let dealers = try await app.send(.GET, "/v1/dealers?order_by=-name", headers: bearer(token)).decode(Page<Dealer>.self)
            #expect(dealers.data.map(\.id) == ["netto", "fakta"])

            // An answer carries its ETag and lifetime; sending the ETag back gets 304 until it changes.
            let first = try await app.send(.GET, "/v1/stores/store-3?r_lat=55.6761&r_lng=12.5683&r_radius=5000", headers: bearer(token))
            let etag = try #require(first.headers.first(name: .eTag))
            #expect(first.headers.first(name: .cacheControl) == "max-age=3600")
            #expect(try first.decode(DealerStore.self).distance != nil)
            var revalidating = bearer(token)
            revalidating.add(name: .ifNoneMatch, value: etag)
            let unchanged = try await app.send(.GET, "/v1/stores/store-3?r_lat=55.6761&r_lng=12.5683&r_radius=5000", headers: revalidating)
            #expect(unchanged.status == .notModified && unchanged.body.readableBytes == 0)
            var moved = file
            moved.stores?[3].street = "New Street 1"
            _ = try await app.catalog.importFile(moved, files: [:], appID: credentials.app.id, by: .commandLine)
            let changed = try await app.send(.GET, "/v1/stores/store-3?r_lat=55.6761&r_lng=12.5683&r_radius=5000", headers: revalidating)
            #expect(changed.status == .ok && changed.headers.first(name: .eTag) != etag)
            #expect(try await app.send(.GET, "/v1/dealers/netto", headers: bearer(token)).headers.first(name: .cacheControl) == "max-age=900")
        }
    }

    @Test func badQueriesAreRefusedClearly() async throws {
        try await withPlayhouse(.sqlite) { app in
            let credentials = try await app.createApp()
            let token = try await app.appToken(credentials)
            for (query, message) in [("r_lat=55.6", "r_lat (−90 to 90)"), ("r_lat=95&r_lng=1&r_radius=10", "r_lat (−90 to 90)"),
                                     ("r_lat=55&r_lng=12&r_radius=0", "r_radius"), ("order_by=distance", "distance only with a location"),
                                     ("order_by=price", "order_by is a comma list of city, created, distance"),
                                     ("order_by=city,city", "order_by"), ("limit=0", "limit must be"), ("limit=ten", "limit is not valid"),
                                     ("dealer_ids=a%20b", "dealer_ids is a comma list"), ("cursor=abc", "cursor")] {
                let response = try await app.send(.GET, "/v1/stores?" + query, headers: bearer(token))
                #expect(response.status == .badRequest, "\(query)")
                #expect(response.headers.contentType?.description.hasPrefix("application/problem+json") == true)
                #expect(response.body.string.contains(message), "\(query): \(response.body.string)")
            }
            #expect(try await app.send(.GET, "/v1/stores/nowhere", headers: bearer(token)).status == .notFound)
            #expect(try await app.send(.GET, "/v1/dealers/nowhere", headers: bearer(token)).status == .notFound)
            #expect(try await app.send(.GET, "/v1/stores").status == .unauthorized)
        }
    }
}
