import Foundation
import PlayhouseAPI
import SQLKit

/// Catalogs, as apps ask for them (near a location: ``placed(_:appID:_:)``), their pages and
/// their hotspots.
extension CatalogService {
    static let catalogColumns: SQLQueryString = """
        o.external_id, d.external_id AS dealer, o.label, o.valid_from, o.valid_until, o.page_count, \
        (SELECT p.thumb FROM catalog_pages p WHERE p.catalog_id = o.id AND p.number = 1) AS cover
        """
    static let catalogOrder = ["distance": "chord", "name": "o.label", "valid_date": "o.valid_from", "expiration_date": "o.valid_until",
                               "created": "o.created_at"]

    /// The catalogs `query` asks for, one more than the limit read to know whether there are more.
    func catalogs(appID: UUID, _ query: Query) async throws -> (catalogs: [Catalog], more: Bool) {
        let rows = try await placed(.catalogs, appID: appID, query)
        return (try rows.prefix(query.limit).map { try Self.decodeCatalog($0.row, at: $0.place) }, rows.count > query.limit)
    }

    /// The catalog with id `id`, expired or not; near a location, with the nearest store within the
    /// radius where it is valid, when there is one.
    func catalog(appID: UUID, id: String, near: Near?) async throws -> Catalog? {
        var query = Query(near: near, catalogIDs: [id], includeExpired: true, limit: 1)
        if near != nil, let placed = try await catalogs(appID: appID, query).catalogs.first { return placed }
        query.near = nil
        return try await catalogs(appID: appID, query).catalogs.first
    }

    /// The catalog with id `id` whole, read together (an import meanwhile shows in all of it or in
    /// none); nil when there is no such catalog.
    func whole(appID: UUID, id: String) async throws -> WholeCatalog? {
        let now = self.now
        return try await store.readTogether { sql in
            let together = CatalogService(store: Store(sql), now: now)
            guard let catalog = try await together.catalog(appID: appID, id: id, near: nil),
                  let pages = try await together.pages(appID: appID, catalog: id),
                  let hotspots = try await together.hotspots(appID: appID, catalog: id) else { return nil }
            return WholeCatalog(catalog: catalog, pages: pages, hotspots: hotspots)
        }
    }

    /// The pages of the catalog with id `id`, in order; nil when there is no such catalog.
    func pages(appID: UUID, catalog id: String) async throws -> [CatalogPage]? {
        let rows = try await store.read { sql in
            try await sql.raw("""
                SELECT p.number, p.view, p.zoom, p.thumb FROM catalog_catalogs c LEFT JOIN catalog_pages p ON p.catalog_id = c.id
                WHERE c.app_id = \(bind: appID) AND c.external_id = \(bind: id) ORDER BY p.number
                """).all()
        }
        guard !rows.isEmpty else { return nil }
        return try rows.compactMap { row in
            guard let number = try row.decode(column: "number", as: Int?.self) else { return nil }
            return CatalogPage(number: number, view: Assets.path(try row.decode(column: "view", as: String.self)),
                               zoom: Assets.path(try row.decode(column: "zoom", as: String.self)),
                               thumb: Assets.path(try row.decode(column: "thumb", as: String.self)))
        }
    }

    /// The hotspots of the catalog with id `id`: its offers' rectangles, by page, then offer id;
    /// nil when there is no such catalog.
    func hotspots(appID: UUID, catalog id: String) async throws -> [CatalogHotspot]? {
        let rows = try await store.read { sql in
            try await sql.raw("""
                SELECT c.id AS catalog, o.page, o.external_id, o.heading, o.price, o.currency, o.hotspot_x, o.hotspot_y, o.hotspot_width,
                       o.hotspot_height
                FROM catalog_catalogs c LEFT JOIN catalog_offers o ON o.catalog_id = c.id AND o.hotspot_x IS NOT NULL
                WHERE c.app_id = \(bind: appID) AND c.external_id = \(bind: id) ORDER BY o.page, o.external_id
                """).all()
        }
        guard !rows.isEmpty else { return nil }
        return try rows.compactMap { row in
            guard let page = try row.decode(column: "page", as: Int?.self), let spot = try Self.decodeHotspot(row) else { return nil }
            let currency = try row.decode(column: "currency", as: String.self)
            let price = MinorUnits.format(try row.decode(column: "price", as: Int64.self), digits: Self.priceDigits(currency))
            return CatalogHotspot(page: page, offerID: try row.decode(column: "external_id", as: String.self),
                                  heading: try row.decode(column: "heading", as: String.self), price: Money(amount: price, currency: currency),
                                  x: spot.x, y: spot.y, width: spot.width, height: spot.height)
        }
    }

    private static func decodeCatalog(_ row: any SQLRow, at place: Place?) throws -> Catalog {
        Catalog(id: try row.decode(column: "external_id", as: String.self), dealerID: try row.decode(column: "dealer", as: String.self),
                label: try row.decode(column: "label", as: String.self), validFrom: try row.decode(column: "valid_from", as: Date.self),
                validUntil: try row.decode(column: "valid_until", as: Date.self), pageCount: try row.decode(column: "page_count", as: Int.self),
                cover: try row.decode(column: "cover", as: String?.self).map(Assets.path),
                storeID: place?.store, distance: place.map { GeoPoint.distance(chordSquared: $0.chord) })
    }
}
