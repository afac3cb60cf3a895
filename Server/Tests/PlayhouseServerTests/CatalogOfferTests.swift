import Foundation
import PlayhouseAPI
@testable import PlayhouseServer
import Testing
import Vapor
import VaporTesting

/// Offers over HTTP on both engines: the nearest-store rule against a brute-force great-circle
/// search, validity, order, search with and without a location, imports, and refusals.
@Suite struct CatalogOfferTests {
    static let day: TimeInterval = 86400

    /// `count` offers of the two dealers of ``CatalogTests/file(stores:random:)``: about half sold at
    /// all of their dealer's stores, the others at one to five of them; one in eight expired.
    static func offers(_ count: Int, stores: [CatalogFile.Store], random: inout SeededGenerator) -> [CatalogFile.Offer] {
        let words = ["bananas", "apples", "coffee", "kaffe", "æbler", "milk", "bread", "cheese", "butter", "chocolate"]
        let now = Date()
        return (0..<count).map { index in
            let dealer = index % 3 == 0 ? "fakta" : "netto"
            let own = stores.filter { $0.dealer == dealer }
            let listed: [String]? = random.unit() < 0.5 ? nil
                : Array(Set((0..<(1 + Int(random.next() % 5))).map { _ in own[Int(random.next() % UInt64(own.count))].id })).sorted()
            let expired = index % 8 == 7
            let from = now.addingTimeInterval(expired ? -10 * day : -day), until = now.addingTimeInterval(expired ? -day : 7 * day)
            let word = words[index % words.count]
            return CatalogFile.Offer(id: "offer-\(index)", dealer: dealer, heading: "\(word.capitalized) \(index)",
                                     description: "Fresh \(words[(index + 3) % words.count]) from the farm", price: "\(1 + index % 40).\(index % 10)5",
                                     prePrice: index % 2 == 0 ? "\(50 + index % 40).00" : nil, currency: "DKK", quantity: 500, unit: "g",
                                     validFrom: RFC3339.format(from), validUntil: RFC3339.format(until), stores: listed)
        }
    }

    /// Something placed at stores, as the brute-force search sees it: an offer or a catalog.
    struct Placed {
        var id: String
        var dealer: String
        var stores: [String]?
        var validUntil: String
    }

    /// The offers of `offers` a brute-force search finds near a point: every valid one with a store
    /// that sells it within `radius`, with the nearest such store (ties: the lower id), nearest first,
    /// then by offer id.
    static func expected(_ offers: [CatalogFile.Offer], stores: [CatalogFile.Store], at point: (Double, Double), radius: Double)
        -> [(offer: String, store: String, distance: Double)]? {
        expected(offers.map { Placed(id: $0.id, dealer: $0.dealer, stores: $0.stores, validUntil: $0.validUntil) }, stores: stores, at: point,
                 radius: radius)
    }

    static func expected(_ placed: [Placed], stores: [CatalogFile.Store], at point: (Double, Double), radius: Double)
        -> [(offer: String, store: String, distance: Double)]? {
        var found: [(offer: String, store: String, distance: Double)] = []
        for offer in placed where RFC3339.parse(offer.validUntil)! > Date() {
            let selling = stores.filter { $0.dealer == offer.dealer && (offer.stores?.contains($0.id) ?? true) }
            let distances = selling.map { ($0.id, CatalogTests.haversine(point, ($0.latitude, $0.longitude))) }
            // A store within a millimetre of the edge, or two a millimetre apart, may fall either way by rounding.
            if distances.contains(where: { abs($0.1 - radius) < 0.001 }) { return nil }
            let inside = distances.filter { $0.1 <= radius }.sorted { ($0.1, $0.0) < ($1.1, $1.0) }
            if inside.count > 1, inside[1].1 - inside[0].1 < 0.001, inside[1].0 < inside[0].0 { return nil }
            if let nearest = inside.first { found.append((offer.id, nearest.0, nearest.1)) }
        }
        return found.sorted { ($0.distance, $0.offer) < ($1.distance, $1.offer) }
    }

    /// Whether each word of `text` starts a word of the offer's heading or description: the test's
    /// own reading of a search.
    static func matches(_ offer: CatalogFile.Offer, _ text: String) -> Bool {
        let words = { (text: String) in text.lowercased().split { !($0.isLetter || $0.isNumber) }.map(String.init) }
        let offered = words(offer.heading + " " + (offer.description ?? ""))
        return words(text).allSatisfy { word in offered.contains { $0.hasPrefix(word) } }
    }

    @Test(arguments: Engine.available)
    func anOfferNearAPointIsPlacedAtItsNearestStore(_ engine: Engine) async throws {
        try await withPlayhouse(engine) { app in
            let credentials = try await app.createApp()
            var random = SeededGenerator(seed: 25)
            var file = CatalogTests.file(stores: 600, random: &random)
            let stores = try #require(file.stores)
            let offers = Self.offers(80, stores: stores, random: &random)
            file.offers = offers
            _ = try await app.catalog.importFile(file, files: [:], appID: credentials.app.id, by: .commandLine)
            let token = try await app.appToken(credentials)
            var compared = 0, nonEmpty = 0
            for _ in 0..<250 {
                let city = CatalogTests.cities[Int(random.next() % UInt64(CatalogTests.cities.count))]
                let point = (city.1 + random.between(-0.5, 0.5), min(180, max(-180, city.2 + random.between(-0.8, 0.8))))
                let radius = random.unit() < 0.1 ? random.between(100_000, 3_000_000) : random.between(100, 20_000)
                let fakta = random.unit() < 0.2
                guard let expected = Self.expected(offers.filter { !fakta || $0.dealer == "fakta" }, stores: stores, at: point, radius: radius)
                else { continue }
                let query = "r_lat=\(point.0)&r_lng=\(point.1)&r_radius=\(radius)&limit=100" + (fakta ? "&dealer_ids=fakta" : "")
                let response = try await app.send(.GET, "/v1/offers?" + query, headers: bearer(token))
                try #require(response.status == .ok, "\(query): \(response.body.string)")
                let page = try response.decode(Page<Offer>.self)
                #expect(page.data.map(\.id) == expected.prefix(100).map(\.offer), "\(engine) \(query)")
                #expect(page.data.map { $0.storeID ?? "" } == expected.prefix(100).map(\.store), "\(engine) \(query)")
                for (offer, want) in zip(page.data, expected) {
                    #expect(abs((offer.distance ?? -1) - want.distance) <= max(0.01, want.distance * 1e-9), "\(offer.id) at \(query)")
                }
                compared += 1
                if !expected.isEmpty { nonEmpty += 1 }
                // Small pages add up to the same list (a page reads only the first offers of each dealer).
                if nonEmpty <= 15 && expected.count > 10 {
                    var paged: [String] = [], cursor: String? = ""
                    while let next = cursor {
                        let page = try await app.send(.GET, "/v1/offers?\(query.replacingOccurrences(of: "limit=100", with: "limit=4"))&cursor=\(next)",
                                                      headers: bearer(token)).decode(Page<Offer>.self)
                        paged += page.data.map(\.id)
                        cursor = page.nextCursor
                    }
                    #expect(paged == expected.map(\.offer), "\(engine) pages of \(query)")
                }
            }
            #expect(compared > 235 && nonEmpty > 100, "\(compared) queries compared, \(nonEmpty) with offers")

            // Ordered by price instead, the same offers; a store filter keeps the offers sold there.
            let point = (55.6761, 12.5683)
            let near = try #require(Self.expected(offers, stores: stores, at: point, radius: 30_000))
            let byPrice = try await app.send(.GET, "/v1/offers?r_lat=55.6761&r_lng=12.5683&r_radius=30000&order_by=-price&limit=100",
                                             headers: bearer(token)).decode(Page<Offer>.self)
            let prices = Dictionary(uniqueKeysWithValues: offers.map { ($0.id, Decimal(string: $0.price)!) })
            #expect(byPrice.data.map(\.id) == near.map(\.offer).sorted { (prices[$1]!, $0) < (prices[$0]!, $1) })
            let store = try #require(near.first?.store)
            let atStore = try await app.send(.GET, "/v1/offers?store_ids=\(store)&limit=100", headers: bearer(token)).decode(Page<Offer>.self)
            let sold = offers.filter { offer in
                RFC3339.parse(offer.validUntil)! > Date()
                    && (offer.stores?.contains(store) ?? (stores.first { $0.id == store }?.dealer == offer.dealer))
            }
            #expect(atStore.data.map(\.id) == sold.map(\.id).sorted() && atStore.data.allSatisfy { $0.distance == nil && $0.storeID == nil })
        }
    }

    @Test(arguments: Engine.available)
    func offersAreValidUnlessAskedSearchableAndCached(_ engine: Engine) async throws {
        try await withPlayhouse(engine) { app in
            let credentials = try await app.createApp()
            var random = SeededGenerator(seed: 3)
            var file = CatalogTests.file(stores: 60, random: &random)
            let offers = Self.offers(40, stores: try #require(file.stores), random: &random)
            file.offers = offers
            _ = try await app.catalog.importFile(file, files: [:], appID: credentials.app.id, by: .commandLine)
            let token = try await app.appToken(credentials)
            let valid = offers.filter { RFC3339.parse($0.validUntil)! > Date() }

            let listed = try await app.send(.GET, "/v1/offers?limit=100", headers: bearer(token)).decode(Page<Offer>.self)
            #expect(listed.data.map(\.id) == valid.map(\.id).sorted())
            let all = try await app.send(.GET, "/v1/offers?include_expired=true&order_by=expiration_date,-name&limit=100", headers: bearer(token))
                .decode(Page<Offer>.self)
            #expect(all.data.count == offers.count && all.data.prefix(5).allSatisfy { $0.validUntil < Date() })
            let offer3 = try #require(all.data.first { $0.id == "offer-3" })
            #expect(offer3.price == Money(amount: "4.35", currency: "DKK") && offer3.prePrice == nil && offer3.ern == "ern:offer:offer-3")
            #expect(offer3.heading == "Kaffe 3" && offer3.quantity == 500 && offer3.unit == "g")

            // Search: every word a prefix of a word in the heading or the description, accents kept.
            for text in ["bana", "ÆBLER", "fresh kaf", "choc-bread", "kaffe 13", "nothing"] {
                let query = text.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
                let found = try await app.send(.GET, "/v1/offers/search?query=\(query)&limit=100&order_by=name", headers: bearer(token))
                    .decode(Page<Offer>.self)
                let expected = valid.filter { Self.matches($0, text) }.sorted { ($0.heading, $0.id) < ($1.heading, $1.id) }.map(\.id)
                #expect(found.data.map(\.id) == expected, "\(text)")
                #expect(!expected.isEmpty || text == "nothing", "\(text) matches nothing")
            }
            // Search combined with a location: the same matches that are near, nearest first.
            let stores = try #require(file.stores)
            let near = try #require(Self.expected(valid, stores: stores, at: (55.6761, 12.5683), radius: 40_000))
            let coffee = try await app.send(.GET, "/v1/offers/search?query=kaffe&r_lat=55.6761&r_lng=12.5683&r_radius=40000&limit=100",
                                            headers: bearer(token)).decode(Page<Offer>.self)
            let coffeeIDs = Set(valid.filter { Self.matches($0, "kaffe") }.map(\.id))
            #expect(coffee.data.map(\.id) == near.map(\.offer).filter(coffeeIDs.contains) && !coffee.data.isEmpty)
            let search = "/v1/offers/search?query=fresh&r_lat=55.6761&r_lng=12.5683&r_radius=40000&limit=3"
            let firstFresh = try await app.send(.GET, search, headers: bearer(token)).decode(Page<Offer>.self)
            let fresh = try await app.send(.GET, search + "&cursor=" + (try #require(firstFresh.nextCursor)), headers: bearer(token))
                .decode(Page<Offer>.self)
            #expect(fresh.data.map(\.id) == Array(near.map(\.offer).filter { id in valid.contains { $0.id == id && Self.matches($0, "fresh") } }[3..<6]))

            // One offer by id, expired ones too; near a location, with its nearest store.
            let expired = try await app.send(.GET, "/v1/offers/offer-7", headers: bearer(token))
            #expect(expired.status == .ok && expired.headers.first(name: .cacheControl) == "max-age=900")
            let first = try #require(near.first)
            let placed = try await app.send(.GET, "/v1/offers/\(first.offer)?r_lat=55.6761&r_lng=12.5683&r_radius=40000", headers: bearer(token))
            let offer = try placed.decode(Offer.self)
            #expect(offer.storeID == first.store && abs((offer.distance ?? 0) - first.distance) < 0.01)
            var revalidating = bearer(token)
            revalidating.add(name: .ifNoneMatch, value: try #require(placed.headers.first(name: .eTag)))
            #expect(try await app.send(.GET, "/v1/offers/\(first.offer)?r_lat=55.6761&r_lng=12.5683&r_radius=40000",
                                       headers: revalidating).status == .notModified)
            #expect(try await app.send(.GET, "/v1/offers/nowhere", headers: bearer(token)).status == .notFound)

            for (query, message) in [("/search?query=%20-%20", "query is the text"), ("?include_expired=yes", "The query parameter include_expired is not valid."),
                                     ("?order_by=city", "order_by is a comma list of created, distance, expiration_date"),
                                     ("?store_ids=a,,b", "store_ids is a comma list"), ("?offer_ids=%2F", "offer_ids is a comma list")] {
                let response = try await app.send(.GET, "/v1/offers" + query, headers: bearer(token))
                #expect(response.status == .badRequest, "\(query): \(response.body.string)")
                #expect(response.body.string.contains(message), "\(query): \(response.body.string)")
            }
        }
    }

    @Test(arguments: Engine.available)
    func offerImportsAreIdempotentAndCheckEveryOffer(_ engine: Engine) async throws {
        try await withPlayhouse(engine) { app in
            let credentials = try await app.createApp(), appID = credentials.app.id
            var random = SeededGenerator(seed: 11)
            var file = CatalogTests.file(stores: 30, random: &random)
            var offers = Self.offers(10, stores: try #require(file.stores), random: &random)
            let image = Data([0xFF, 0xD8, 0xFF, 0xE0, 1, 2, 3])
            offers[0].image = "images/0.jpg"
            offers[1].price = "3.5"  // stored as 3.50: the same offer next time
            file.offers = offers
            let first = try await app.catalog.importFile(file, files: ["images/0.jpg": image], appID: appID, by: .commandLine)
            #expect(first.offers == .init(added: 10))
            let again = try await app.catalog.importFile(file, files: ["images/0.jpg": image], appID: appID, by: .commandLine)
            #expect(again == .init(dealers: .init(unchanged: 2), stores: .init(unchanged: 30), offers: .init(unchanged: 10)))

            // A file of offers alone: one changes its stores, one its heading, one goes.
            let netto = try #require(file.stores?.first { $0.dealer == "netto" }?.id)
            offers[4].stores = offers[4].dealer == "netto" ? [netto] : nil
            offers[5].heading = "Cheaper now"
            offers.removeLast()
            let changed = try await app.catalog.importFile(CatalogFile(offers: offers), files: ["images/0.jpg": image], appID: appID, by: .commandLine)
            #expect(changed.offers == .init(changed: 2, unchanged: 7, removed: 1))
            let token = try await app.appToken(credentials)
            let offer0 = try await app.send(.GET, "/v1/offers/offer-0", headers: bearer(token)).decode(Offer.self)
            #expect(offer0.image == Assets.path(Assets.name(of: image)))
            let found = try await app.send(.GET, "/v1/offers/search?query=cheaper", headers: bearer(token)).decode(Page<Offer>.self)
            #expect(found.data.map(\.id) == ["offer-5"])

            // Removing a store or a dealer takes what it sold with it.
            _ = try await app.catalog.importFile(CatalogFile(dealers: [try #require(file.dealers?[0])]), files: [:], appID: appID, by: .commandLine)
            #expect(try await app.count("catalog_offers") == offers.filter { $0.dealer == "netto" }.count)
            if engine == .sqlite { #expect(try await app.count("catalog_offer_words") == offers.filter { $0.dealer == "netto" }.count) }

            var bad = offers.filter { $0.dealer == "netto" }
            bad[0].price = "12.345"
            bad[1].currency = "XXX"
            bad[2].validUntil = bad[2].validFrom
            bad[3].stores = ["nowhere"]
            bad.append(.init(id: "x", dealer: "fakta", heading: "", price: "-1", currency: "DKK", image: "missing.png", validFrom: "soon",
                             validUntil: "later"))
            do {
                _ = try await app.catalog.importFile(CatalogFile(offers: bad), files: [:], appID: appID, by: .commandLine)
                Issue.record("a bad file was imported")
            } catch let problem as PlayhouseProblem {
                let problems = problem.parameters["problems"] ?? ""
                for expected in ["price is a positive amount with at most 2 decimals", "XXX is not an ISO 4217 currency",
                                 "valid_until is after valid_from", "no store nowhere", "offer x: no dealer fakta", "heading is empty",
                                 "cannot read the image missing.png", "valid_from and valid_until are RFC 3339 times"] {
                    #expect(problems.contains(expected), "missing: \(expected) in \(problems)")
                }
            }
        }
    }
}
