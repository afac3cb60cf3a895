import Foundation
import PlayhouseAPI
import SQLKit

/// The app's dealers and stores, as apps ask for them (eTilbudsavis' parameters): by id, or a
/// list, optionally near the caller (``Near``) and of some dealers, in the order asked.
public struct CatalogService: Sendable {
    let store: Store
    let now: Date

    /// The caller's location and how far from it to look, in metres (`r_lat`, `r_lng`, `r_radius`).
    struct Near: Sendable {
        var point: GeoPoint
        var radius: Double
    }

    /// A list's order: the keys of `order_by`, each ascending or (`-`) descending.
    struct Order: Sendable, Equatable {
        var key: String
        var descending: Bool
    }

    /// A list's query.
    struct Query: Sendable {
        var near: Near?
        var dealerIDs: [String] = []
        var storeIDs: [String] = []
        var offerIDs: [String] = []
        var catalogIDs: [String] = []
        /// Offers: expired ones too (`include_expired`).
        var includeExpired = false
        /// Offers: only those whose heading or description has a word starting with each of these.
        var words: [String] = []
        var order: [Order] = []
        var offset: Int = 0
        var limit: Int = 25
    }

    /// The store columns, of the tables aliased `s` (stores) and `d` (dealers), as ``decodeStore(_:withDistance:)`` reads them.
    static let storeColumns: SQLQueryString = """
        s.external_id, d.external_id AS dealer, s.street, s.city, s.zip_code, s.country, s.latitude, s.longitude, s.opening_hours, s.contact
        """
    private static let dealerColumns: SQLQueryString = "d.external_id, d.name, d.website, d.logo, d.brand_color"

    /// The store with id `id`, with its distance from `near`'s point when asked.
    func store(appID: UUID, id: String, near: GeoPoint?) async throws -> DealerStore? {
        let distance: SQLQueryString = near.map { ", \(GeoPoint.chordSquaredSQL("s", $0.unitVector)) AS chord" } ?? ""
        return try await self.store.read { sql in
            try await sql.raw("""
                SELECT \(Self.storeColumns)\(distance) FROM catalog_stores s JOIN catalog_dealers d ON d.id = s.dealer_id
                WHERE s.app_id = \(bind: appID) AND s.external_id = \(bind: id)
                """).first()
        }.map { try Self.decodeStore($0, withDistance: near != nil) }
    }

    /// The stores `query` asks for; with ``Query/near``, only those within its radius, each with its
    /// distance. One more than the limit is read, to know whether there are more.
    func stores(appID: UUID, _ query: Query) async throws -> (stores: [DealerStore], more: Bool) {
        let (from, conditions) = storeFilter(appID: appID, query)
        let chord: SQLQueryString = query.near.map { ", \(GeoPoint.chordSquaredSQL("s", $0.point.unitVector)) AS chord" } ?? ""
        let order = Self.orderBy(query.order, columns: ["distance": "chord", "created": "s.created_at", "city": "s.city"], tieBreak: "s.external_id")
        let rows = try await store.read { [from, conditions] sql in
            try await sql.raw("""
                SELECT \(Self.storeColumns)\(chord) FROM \(from) JOIN catalog_dealers d ON d.id = s.dealer_id
                WHERE \(conditions.joined(separator: " AND ")) ORDER BY \(order) LIMIT \(bind: query.limit + 1) OFFSET \(bind: query.offset)
                """).all()
        }
        let stores = try rows.prefix(query.limit).map { try Self.decodeStore($0, withDistance: query.near != nil) }
        return (stores, rows.count > query.limit)
    }

    /// The tables (`s` the stores) and conditions that pick the app's stores of the dealers and
    /// with the ids `query` names and, with ``Query/near``, only those within its radius.
    func storeFilter(appID: UUID, _ query: Query) -> (from: SQLQueryString, conditions: [SQLQueryString]) {
        var conditions: [SQLQueryString] = ["s.app_id = \(bind: appID)"]
        var from: SQLQueryString = "catalog_stores s"
        if !query.storeIDs.isEmpty { conditions.append("s.external_id IN \(idList(query.storeIDs))") }
        if !query.dealerIDs.isEmpty {
            conditions.append("s.dealer_id IN (SELECT id FROM catalog_dealers WHERE app_id = \(bind: appID) AND external_id IN \(idList(query.dealerIDs)))")
        }
        guard let near = query.near else { return (from, conditions) }
        let centre = near.point.unitVector, bound = GeoPoint.chordSquared(radius: near.radius), edge = bound.squareRoot()
        // The index finds the stores in the cube around the centre; the exact test follows.
        if store.dialect == "postgresql" {
            conditions.append("""
                cube(ARRAY[s.x, s.y, s.z]) <@ cube(ARRAY[\(bind: centre.x - edge), \(bind: centre.y - edge), \(bind: centre.z - edge)]::float8[],
                                                   ARRAY[\(bind: centre.x + edge), \(bind: centre.y + edge), \(bind: centre.z + edge)]::float8[])
                """)
        } else {
            // CROSS JOIN makes SQLite start from the R*Tree; left to itself it reads all the
            // app's stores and looks each up in the tree.
            from = "catalog_store_places p CROSS JOIN catalog_stores s ON s.place = p.place"
            conditions.append("""
                p.min_x <= \(bind: centre.x + edge) AND p.max_x >= \(bind: centre.x - edge) AND p.min_y <= \(bind: centre.y + edge) \
                AND p.max_y >= \(bind: centre.y - edge) AND p.min_z <= \(bind: centre.z + edge) AND p.max_z >= \(bind: centre.z - edge)
                """)
        }
        conditions.append("\(GeoPoint.chordSquaredSQL("s", centre)) <= \(bind: bound)")
        return (from, conditions)
    }

    /// The dealer with id `id`.
    func dealer(appID: UUID, id: String) async throws -> Dealer? {
        try await store.read { sql in
            try await sql.raw("SELECT \(Self.dealerColumns) FROM catalog_dealers d WHERE d.app_id = \(bind: appID) AND d.external_id = \(bind: id)")
                .first()
        }.map(Self.decodeDealer)
    }

    /// The dealers `query` asks for (its ids and order; a dealer has no place of its own).
    func dealers(appID: UUID, _ query: Query) async throws -> (dealers: [Dealer], more: Bool) {
        var conditions: [SQLQueryString] = ["d.app_id = \(bind: appID)"]
        if !query.dealerIDs.isEmpty { conditions.append("d.external_id IN \(idList(query.dealerIDs))") }
        let order = Self.orderBy(query.order, columns: ["name": "d.name", "created": "d.created_at"], tieBreak: "d.external_id")
        let rows = try await store.read { [conditions] sql in
            try await sql.raw("""
                SELECT \(Self.dealerColumns) FROM catalog_dealers d WHERE \(conditions.joined(separator: " AND "))
                ORDER BY \(order) LIMIT \(bind: query.limit + 1) OFFSET \(bind: query.offset)
                """).all()
        }
        return (try rows.prefix(query.limit).map(Self.decodeDealer), rows.count > query.limit)
    }

    /// `ids` as one bound JSON array that the SQL unpacks, so that every count of ids is the same
    /// statement. Written by the wire's encoder, which cannot fail on strings.
    func idList(_ ids: [String]) -> SQLQueryString {
        let json = String(decoding: (try? PlayhouseJSON.makeEncoder().encodeBytes(ids)) ?? Array("[]".utf8), as: UTF8.self)
        return store.dialect == "postgresql"
            ? "(SELECT json_array_elements_text(\(bind: json)::json))"
            : "(SELECT value FROM json_each(\(bind: json)))"
    }

    /// `ORDER BY` for `order`, whose keys the controller checked against `columns`, then `tieBreak`.
    static func orderBy(_ order: [Order], columns: [String: String], tieBreak: String) -> SQLQueryString {
        let terms = order.compactMap { term in columns[term.key].map { $0 + (term.descending ? " DESC" : " ASC") } } + [tieBreak + " ASC"]
        return "\(unsafeRaw: terms.joined(separator: ", "))"
    }

    static func decodeStore(_ row: any SQLRow, withDistance: Bool) throws -> DealerStore {
        let hours = OpeningHoursColumn.hours(try row.decode(column: "opening_hours", as: String.self))
        return DealerStore(id: try row.decode(column: "external_id", as: String.self), dealerID: try row.decode(column: "dealer", as: String.self),
                           street: try row.decode(column: "street", as: String.self), city: try row.decode(column: "city", as: String.self),
                           zipCode: try row.decode(column: "zip_code", as: String.self), country: try row.decode(column: "country", as: String.self),
                           latitude: try row.decode(column: "latitude", as: Double.self),
                           longitude: try row.decode(column: "longitude", as: Double.self), openingHours: hours,
                           contact: try row.decode(column: "contact", as: String?.self),
                           distance: withDistance ? GeoPoint.distance(chordSquared: try row.decode(column: "chord", as: Double.self)) : nil)
    }

    private static func decodeDealer(_ row: any SQLRow) throws -> Dealer {
        Dealer(id: try row.decode(column: "external_id", as: String.self), name: try row.decode(column: "name", as: String.self),
               website: try row.decode(column: "website", as: String?.self), logo: try row.decode(column: "logo", as: String?.self).map(Assets.path),
               brandColor: try row.decode(column: "brand_color", as: String?.self))
    }
}
