import Foundation
import PlayhouseAPI
import Vapor

/// Dealers, stores, catalogs and offers (eTilbudsavis' API v2, with its parameter names), for any token of the app.
/// Every answer carries an `ETag` and `Cache-Control: max-age` of its type's cache lifetime;
/// `If-None-Match` with the answer's `ETag` gets `304`.
struct CatalogController: RouteCollection {
    /// How long an app may keep a dealer and a store, in seconds (eTilbudsavis' lifetimes).
    static let dealerLifetime = 900, storeLifetime = 3600, offerLifetime = 900, catalogLifetime = 900

    func boot(routes: any RoutesBuilder) throws {
        routes.get("dealers", use: dealers)
        routes.get("dealers", ":dealer", use: dealer)
        routes.get("stores", use: stores)
        routes.get("stores", ":store", use: store)
        routes.get("offers", use: offers)
        routes.get("offers", "search", use: search)
        routes.get("offers", ":offer", use: offer)
        routes.get("catalogs", use: catalogs)
        routes.get("catalogs", ":catalog", use: catalog)
        routes.get("catalogs", ":catalog", "pages", use: pages)
        routes.get("catalogs", ":catalog", "hotspots", use: hotspots)
        routes.post("catalogs", ":catalog", "views", use: view)
    }

    func dealers(_ request: Request) async throws -> Response {
        let query = try Self.query(request, orderKeys: ["name", "created"], ids: ["dealer_ids"])
        let (dealers, more) = try await request.catalog.dealers(appID: try request.principal.app.id, query)
        return try Response.cached(Self.page(dealers, query, more), lifetime: Self.dealerLifetime, request)
    }

    func dealer(_ request: Request) async throws -> Response {
        let id = try request.parameters.require("dealer")
        guard let dealer = try await request.catalog.dealer(appID: try request.principal.app.id, id: id) else {
            throw PlayhouseProblem.notFound(request.url.path)
        }
        return try Response.cached(dealer, lifetime: Self.dealerLifetime, request)
    }

    func stores(_ request: Request) async throws -> Response {
        let query = try Self.query(request, orderKeys: ["distance", "created", "city"], ids: ["dealer_ids", "store_ids"])
        let (stores, more) = try await request.catalog.stores(appID: try request.principal.app.id, query)
        return try Response.cached(Self.page(stores, query, more), lifetime: Self.storeLifetime, request)
    }

    func store(_ request: Request) async throws -> Response {
        let id = try request.parameters.require("store")
        let near = try Self.near(request)
        guard let store = try await request.catalog.store(appID: try request.principal.app.id, id: id, near: near?.point) else {
            throw PlayhouseProblem.notFound(request.url.path)
        }
        return try Response.cached(store, lifetime: Self.storeLifetime, request)
    }

    /// Offers that are still valid, unless `include_expired=true`; near a location, each with the
    /// nearest store that sells it.
    func offers(_ request: Request) async throws -> Response {
        let query = try Self.offerQuery(request)
        let (offers, more) = try await request.catalog.offers(appID: try request.principal.app.id, query)
        return try Response.cached(Self.page(offers, query, more), lifetime: Self.offerLifetime, request)
    }

    /// Offers with a word starting with each word of `query`, with every filter of the list.
    func search(_ request: Request) async throws -> Response {
        var query = try Self.offerQuery(request)
        let text = try request.query(ListQuery.self).query ?? ""
        query.words = Array(CatalogService.words(text).prefix(10))
        guard !query.words.isEmpty, text.utf8.count <= 200 else { throw PlayhouseProblem.invalidRequest("invalid_search") }
        let (offers, more) = try await request.catalog.offers(appID: try request.principal.app.id, query)
        return try Response.cached(Self.page(offers, query, more), lifetime: Self.offerLifetime, request)
    }

    func offer(_ request: Request) async throws -> Response {
        let id = try request.parameters.require("offer")
        guard let offer = try await request.catalog.offer(appID: try request.principal.app.id, id: id, near: try Self.near(request)) else {
            throw PlayhouseProblem.notFound(request.url.path)
        }
        return try Response.cached(offer, lifetime: Self.offerLifetime, request)
    }

    /// The query of a list of offers (``offers(_:)``, ``search(_:)``, and the admin API's).
    static func offerQuery(_ request: Request) throws -> CatalogService.Query {
        try query(request, orderKeys: ["distance", "name", "price", "valid_date", "expiration_date", "created", "popularity"],
                  ids: ["dealer_ids", "store_ids", "offer_ids", "catalog_ids"], expiring: true)
    }

    /// Catalogs that are still valid, unless `include_expired=true`; near a location, each with the
    /// nearest store where it is valid.
    func catalogs(_ request: Request) async throws -> Response {
        let query = try Self.query(request, orderKeys: ["distance", "name", "valid_date", "expiration_date", "created", "popularity"],
                                   ids: ["dealer_ids", "store_ids", "catalog_ids"], expiring: true)
        let (catalogs, more) = try await request.catalog.catalogs(appID: try request.principal.app.id, query)
        return try Response.cached(Self.page(catalogs, query, more), lifetime: Self.catalogLifetime, request)
    }

    func catalog(_ request: Request) async throws -> Response {
        let id = try request.parameters.require("catalog")
        guard let catalog = try await request.catalog.catalog(appID: try request.principal.app.id, id: id, near: try Self.near(request)) else {
            throw PlayhouseProblem.notFound(request.url.path)
        }
        return try Response.cached(catalog, lifetime: Self.catalogLifetime, request)
    }

    /// A catalog's pages, in order (a catalog has at most 500).
    func pages(_ request: Request) async throws -> Response {
        let id = try request.parameters.require("catalog")
        guard let pages = try await request.catalog.pages(appID: try request.principal.app.id, catalog: id) else {
            throw PlayhouseProblem.notFound(request.url.path)
        }
        return try Response.cached(Page(data: pages, nextCursor: nil), lifetime: Self.catalogLifetime, request)
    }

    /// A catalog's hotspots, by page.
    func hotspots(_ request: Request) async throws -> Response {
        let id = try request.parameters.require("catalog")
        guard let hotspots = try await request.catalog.hotspots(appID: try request.principal.app.id, catalog: id) else {
            throw PlayhouseProblem.notFound(request.url.path)
        }
        return try Response.cached(Page(data: hotspots, nextCursor: nil), lifetime: Self.catalogLifetime, request)
    }

    /// A one-time address of the viewer for the catalog, `page` (1 by default) first. A repeat makes
    /// another address; nothing counts until a page opens one.
    func view(_ request: Request) async throws -> Response {
        let id = try request.parameters.require("catalog")
        guard let secret = try await request.catalogViews.make(appID: try request.principal.app.id, catalog: id) else {
            throw PlayhouseProblem.notFound(request.url.path)
        }
        var url = request.playhouse.configuration.resolvedPublicURL + "/viewer/catalogs/" + id + "?view=" + secret
        struct Query: Decodable { var page: Int? }
        if let page = try request.query(Query.self).page {
            guard (1...CatalogCheck.maxPages).contains(page) else { throw PlayhouseProblem.invalidRequest("invalid_page") }
            url += "&page=\(page)"
        }
        let link = CatalogViewerLink(url: url, expiresAt: request.now.addingTimeInterval(CatalogViewService.openWithin))
        var headers: HTTPHeaders = ["Cache-Control": "no-store"]
        headers.setJSONContentType()
        return Response(status: .created, headers: headers, body: .init(data: try PlayhouseJSON.makeEncoder().encode(link)))
    }


    /// Where the caller is (eTilbudsavis' names): every catalog call that can use it reads it.
    struct NearQuery: Decodable {
        var latitude: Double?, longitude: Double?, radius: Double?
        enum CodingKeys: String, CodingKey { case latitude = "r_lat", longitude = "r_lng", radius = "r_radius" }
    }

    /// The filters and order of a catalog list; each list uses those it has.
    struct ListQuery: Decodable {
        var dealerIDs: [String]?, storeIDs: [String]?, offerIDs: [String]?, catalogIDs: [String]?
        var includeExpired: Bool?
        var orderBy: [String]?
        /// Search: the words to look for.
        var query: String?

        enum CodingKeys: String, CodingKey {
            case catalogIDs = "catalog_ids", dealerIDs = "dealer_ids", includeExpired = "include_expired",
                offerIDs = "offer_ids", orderBy = "order_by", query, storeIDs = "store_ids"
        }
    }

    /// How far into an ordered answer a page may start.
    static let deepestPage = 100_000

    /// A list's query: location, the id filters `ids` names, `include_expired` for a list of what
    /// `expiring`, order (by distance when there is a location and no order is asked for), and the
    /// page (``PageRequest``; its position is how far into the ordered answer it starts).
    static func query(_ request: Request, orderKeys: Set<String>, ids: Set<String>, expiring: Bool = false) throws -> CatalogService.Query {
        let given = try request.query(ListQuery.self)
        var query = CatalogService.Query(near: try near(request))
        if expiring { query.includeExpired = given.includeExpired ?? false }
        for (name, value, keyPath) in [("dealer_ids", given.dealerIDs, \CatalogService.Query.dealerIDs), ("store_ids", given.storeIDs, \.storeIDs),
                                       ("offer_ids", given.offerIDs, \.offerIDs), ("catalog_ids", given.catalogIDs, \.catalogIDs)] {
            guard ids.contains(name), let value else { continue }
            guard value.count <= 100, value.allSatisfy(CatalogCheck.isID) else {
                throw PlayhouseProblem.invalidRequest("invalid_ids", ["parameter": name])
            }
            query[keyPath: keyPath] = value
        }
        for term in given.orderBy ?? [] {
            let descending = term.hasPrefix("-"), key = String(descending ? term.dropFirst() : term[...])
            guard orderKeys.contains(key), key != "distance" || query.near != nil, !query.order.contains(where: { $0.key == key }) else {
                throw PlayhouseProblem.invalidRequest("invalid_order_by", ["allowed": orderKeys.sorted().joined(separator: ", ")])
            }
            query.order.append(.init(key: key, descending: descending))
        }
        if query.order.isEmpty, query.near != nil { query.order = [.init(key: "distance", descending: false)] }
        try Self.page(&query, from: try request.query(PageRequest.self))
        return query
    }

    /// Sets the page `query` asks for: its position is how far into the ordered answer it starts,
    /// at most ``deepestPage``.
    static func page(_ query: inout CatalogService.Query, from page: PageRequest) throws {
        query.limit = page.limit
        query.offset = Int(page.offset)
        guard query.offset <= deepestPage else { throw PageRequest.refused("cursor", "out_of_range") }
    }

    /// `r_lat`, `r_lng` and `r_radius`, all three or none.
    static func near(_ request: Request) throws -> CatalogService.Near? {
        let given = try request.query(NearQuery.self)
        if given.latitude == nil, given.longitude == nil, given.radius == nil { return nil }
        guard let latitude = given.latitude, let longitude = given.longitude, let radius = given.radius,
              GeoPoint(latitude: latitude, longitude: longitude).isValid,
              radius >= 1, radius <= GeoPoint.maxRadius else { throw PlayhouseProblem.invalidRequest("invalid_location") }
        return .init(point: GeoPoint(latitude: latitude, longitude: longitude), radius: radius)
    }

    /// A page of `items`; its position is how far into the answer the next page starts. No list goes
    /// deeper than ``deepestPage``: the page that reaches it is the last.
    static func page<Item>(_ items: [Item], _ query: CatalogService.Query, _ more: Bool) -> Page<Item> {
        let next = query.offset + items.count
        return Page(data: items, nextCursor: more && next <= deepestPage ? PageRequest.cursor(Int64(next)) : nil)
    }
}
