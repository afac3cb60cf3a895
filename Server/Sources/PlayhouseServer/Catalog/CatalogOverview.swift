import Foundation
import PlayhouseAPI
import SQLKit

extension CatalogService {
    /// How many dealers and catalogs an overview lists.
    static let overviewLimit = 500

    func overview(appID: UUID) async throws -> CatalogOverview {
        try await store.readTogether { sql in
            let counts = try await sql.raw("""
                SELECT (SELECT COUNT(*) FROM catalog_dealers WHERE app_id = \(bind: appID)) AS dealers,
                       (SELECT COUNT(*) FROM catalog_stores WHERE app_id = \(bind: appID)) AS stores,
                       (SELECT COUNT(*) FROM catalog_catalogs WHERE app_id = \(bind: appID)) AS catalogs,
                       (SELECT COUNT(*) FROM catalog_offers WHERE app_id = \(bind: appID)) AS offers
                """).first()
            let dealers = try await sql.raw("""
                SELECT d.external_id, d.name, d.brand_color,
                       (SELECT COUNT(*) FROM catalog_stores s WHERE s.dealer_id = d.id) AS stores,
                       (SELECT COUNT(*) FROM catalog_offers o WHERE o.dealer_id = d.id) AS offers
                FROM catalog_dealers d WHERE d.app_id = \(bind: appID) ORDER BY d.name, d.external_id LIMIT \(bind: Self.overviewLimit)
                """).all().map { row in
                    CatalogOverview.DealerLine(id: try row.decode(column: "external_id", as: String.self), name: try row.decode(column: "name", as: String.self),
                               brandColor: try row.decode(column: "brand_color", as: String?.self), stores: try row.decode(column: "stores", as: Int.self),
                               offers: try row.decode(column: "offers", as: Int.self))
                }
            let catalogs = try await sql.raw("""
                SELECT c.external_id, d.external_id AS dealer, c.label, c.valid_from, c.valid_until, c.page_count
                FROM catalog_catalogs c JOIN catalog_dealers d ON d.id = c.dealer_id
                WHERE c.app_id = \(bind: appID) ORDER BY c.valid_until DESC, c.external_id LIMIT \(bind: Self.overviewLimit)
                """).all().map { row in
                    CatalogOverview.CatalogLine(id: try row.decode(column: "external_id", as: String.self), dealerID: try row.decode(column: "dealer", as: String.self),
                                label: try row.decode(column: "label", as: String.self), validFrom: try row.decode(column: "valid_from", as: Date.self),
                                validUntil: try row.decode(column: "valid_until", as: Date.self),
                                pageCount: try row.decode(column: "page_count", as: Int.self))
                }
            return CatalogOverview(dealers: try counts?.decode(column: "dealers", as: Int.self) ?? 0, stores: try counts?.decode(column: "stores", as: Int.self) ?? 0,
                            catalogs: try counts?.decode(column: "catalogs", as: Int.self) ?? 0,
                            offers: try counts?.decode(column: "offers", as: Int.self) ?? 0, dealerList: dealers, catalogList: catalogs)
        }
    }

    /// A store on the console's map: where it is, and its dealer.
    struct MapPoint: Sendable, Equatable {
        var latitude: Double
        var longitude: Double
        var dealerID: String
    }

    /// At most `limit` of the app's `stores` (their number, from ``overview(appID:)``) for a map:
    /// all of them when they are that few, else every n-th in the order they were placed, so that
    /// a million stores still draw the shape of where they are.
    func mapPoints(appID: UUID, stores: Int, limit: Int) async throws -> [MapPoint] {
        let every = max(1, (stores + limit - 1) / max(limit, 1))
        let sample: SQLQueryString = every == 1 ? "" : " AND s.place % \(bind: every) = 0"
        return try await store.read { sql in
            try await sql.raw("""
                SELECT s.latitude, s.longitude, d.external_id AS dealer FROM catalog_stores s JOIN catalog_dealers d ON d.id = s.dealer_id
                WHERE s.app_id = \(bind: appID)\(sample) LIMIT \(bind: limit)
                """).all().map { row in
                    MapPoint(latitude: try row.decode(column: "latitude", as: Double.self), longitude: try row.decode(column: "longitude", as: Double.self),
                             dealerID: try row.decode(column: "dealer", as: String.self))
                }
        }
    }
}
