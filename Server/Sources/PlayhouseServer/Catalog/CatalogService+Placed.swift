import Foundation
import PlayhouseAPI
import SQLKit

/// Offers and catalogs are both placed at stores: at all of their dealer's, or at the stores they
/// list. Near a location one matches when any of its stores is within the radius; it is placed at
/// the nearest of them (ties: the lower store id), and the answer names that store and its distance.
extension CatalogService {
    /// What is placed at stores, and where each kind is kept.
    enum Placed {
        case offers, catalogs

        /// Its table (aliased `o` in queries) and the table that lists its stores.
        var table: String { self == .offers ? "catalog_offers" : "catalog_catalogs" }
        var link: String { self == .offers ? "catalog_offer_stores" : "catalog_catalog_stores" }
        var linkColumn: String { self == .offers ? "offer_id" : "catalog_id" }
        var columns: SQLQueryString { self == .offers ? CatalogService.offerColumns : CatalogService.catalogColumns }
        var order: [String: String] { self == .offers ? CatalogService.offerOrder : CatalogService.catalogOrder }
    }

    /// Where a row near a location is placed: its nearest store within the radius (by id) and the
    /// squared chord to it (``GeoPoint/distance(chordSquared:)``).
    struct Place: Sendable {
        var store: String
        var chord: Double
    }

    /// The rows of a list of `kind`, one more than the page's limit, each with its place when the
    /// query is near a location. Nearest first, and not for given ids, a page is read
    /// store by store (``nearestFirst(_:appID:_:near:on:)``); any other list is one statement
    /// (``placedSQL(_:appID:_:)``).
    func placed(_ kind: Placed, appID: UUID, _ query: Query) async throws -> [(row: any SQLRow, place: Place?)] {
        try await store.read { [self] sql in
            if let near = query.near, query.offerIDs.isEmpty, query.catalogIDs.isEmpty, query.order == [.init(key: "distance", descending: false)] {
                return try await nearestFirst(kind, appID: appID, query, near: near, on: sql)
            }
            let rows = try await sql.raw(placedSQL(kind, appID: appID, query)).all()
            guard query.near != nil else { return rows.map { ($0, nil) } }
            return try rows.map { ($0, Place(store: try $0.decode(column: "store", as: String.self), chord: try $0.decode(column: "chord", as: Double.self))) }
        }
    }

    /// A page nearest first, read the way it is ordered: the stores within the radius nearest first
    /// (the stores query, in batches that grow eightfold); at each dealer's nearest store, the dealer's
    /// first of `kind` sold at all its stores, by id, up to the page's end (an index range). It stops
    /// at the first store farther than the page's end, as whatever is not read yet is placed at
    /// least that far; then what is listed at the stores read, each at the nearest that lists it.
    ///
    /// A page costs two store searches and one range read per dealer until the page is full
    /// (usually one). One statement for it all made both databases sort every candidate of every
    /// dealer near the point (issue 39; the plans are in `scripts/bench-catalog`'s printout).
    func nearestFirst(_ kind: Placed, appID: UUID, _ query: Query, near: Near, on sql: any SQLDatabase) async throws
        -> [(row: any SQLRow, place: Place?)] {
        let pageEnd = query.offset + query.limit + 1
        let (from, conditions) = storeFilter(appID: appID, query)
        let chord = GeoPoint.chordSquaredSQL("s", near.point.unitVector)
        let conditionsSQL = conditions.joined(separator: " AND ")
        let own = (["o.all_stores = \(bind: true)"] + placedConditions(kind, query, alias: "o")).joined(separator: " AND ")
        var found: [String: (row: any SQLRow, place: Place)] = [:]
        var dealers = Set<String>(), offset = 0, batch = 64, farther = false
        var farthestRead: Double?
        while !farther {
            let stores = try await sql.raw("""
                SELECT s.external_id, d.external_id AS dealer, \(chord) AS chord FROM \(from) JOIN catalog_dealers d ON d.id = s.dealer_id
                WHERE \(conditionsSQL) ORDER BY chord ASC, s.external_id ASC LIMIT \(bind: batch) OFFSET \(bind: offset)
                """).all().map { row in
                    (id: try row.decode(column: "external_id", as: String.self), dealer: try row.decode(column: "dealer", as: String.self),
                     chord: try row.decode(column: "chord", as: Double.self))
                }
            for store in stores {
                // Everything found so far is placed no farther than this store.
                if found.values.count(where: { $0.place.chord < store.chord }) >= pageEnd {
                    farther = true
                    break
                }
                farthestRead = store.chord
                guard dealers.insert(store.dealer).inserted else { continue }
                // The dealer by a subquery: given by a join, PostgreSQL sorts all the dealer's rather
                // than read the first in the index's order.
                let rows = try await sql.raw("""
                    SELECT \(kind.columns) FROM \(unsafeRaw: kind.table) o JOIN catalog_dealers d ON d.id = o.dealer_id
                    WHERE o.dealer_id = (SELECT x.id FROM catalog_dealers x WHERE x.app_id = \(bind: appID) AND x.external_id = \(bind: store.dealer))
                    AND \(own) ORDER BY o.external_id ASC LIMIT \(bind: pageEnd)
                    """).all()
                for row in rows {
                    found[try row.decode(column: "external_id", as: String.self)] = (row, Place(store: store.id, chord: store.chord))
                }
            }
            if farther || stores.count < batch { break }
            offset += stores.count
            batch *= 8
        }
        // What is listed at the stores read, at the nearest of them: the stores found again by the
        // same index (a list of their ids made PostgreSQL guess a hundred and read every store).
        if let farthestRead {
            let listed = try await sql.raw("""
                SELECT \(kind.columns), s.external_id AS store, \(chord) AS chord
                FROM \(from) JOIN \(unsafeRaw: kind.link) os ON os.store_id = s.id JOIN \(unsafeRaw: kind.table) o ON o.id = os.\(unsafeRaw: kind.linkColumn)
                JOIN catalog_dealers d ON d.id = o.dealer_id
                WHERE \((conditions + ["\(chord) <= \(bind: farthestRead)"] + placedConditions(kind, query, alias: "o")).joined(separator: " AND "))
                """).all()
            for row in listed {
                let id = try row.decode(column: "external_id", as: String.self)
                let place = Place(store: try row.decode(column: "store", as: String.self), chord: try row.decode(column: "chord", as: Double.self))
                if let kept = found[id]?.place, !Self.precedes(place, kept) { continue }
                found[id] = (row, place)
            }
        }
        let page = found.sorted { a, b in
            a.value.place.chord != b.value.place.chord ? a.value.place.chord < b.value.place.chord : a.key < b.key
        }
        return page.dropFirst(query.offset).prefix(query.limit + 1).map { ($0.value.row, $0.value.place) }
    }

    /// Nearer first; as near, the lower store id (the nearest-store rule's tie). Ids are ASCII
    /// (``CatalogFile/isID(_:)``), which Swift orders byte by byte, as SQLite and PostgreSQL's `C`
    /// collation do.
    private static func precedes(_ a: Place, _ b: Place) -> Bool {
        a.chord != b.chord ? a.chord < b.chord : a.store < b.store
    }

    /// The SQL of a list of `kind`, one more than the page's limit.
    func placedSQL(_ kind: Placed, appID: UUID, _ query: Query) -> SQLQueryString {
        let table = SQLQueryString(stringLiteral: kind.table), link = SQLQueryString(stringLiteral: kind.link)
        let linkColumn = SQLQueryString(stringLiteral: kind.linkColumn)
        let order = Self.orderBy(query.order, columns: kind.order.merging(["popularity": popularity(kind)]) { $1 }, tieBreak: "o.external_id")
        let page: SQLQueryString = "ORDER BY \(order) LIMIT \(bind: query.limit + 1) OFFSET \(bind: query.offset)"
        let (from, stores) = storeFilter(appID: appID, query)
        guard let near = query.near else {
            var conditions: [SQLQueryString] = ["o.app_id = \(bind: appID)"] + placedConditions(kind, query, alias: "o")
            if !query.dealerIDs.isEmpty { conditions.append("d.external_id IN \(idList(query.dealerIDs))") }
            if !query.storeIDs.isEmpty {
                // At one of the stores: all of its dealer's, or listed there.
                conditions.append("""
                    ((o.all_stores = \(bind: true) AND o.dealer_id IN (SELECT s.dealer_id FROM \(from) WHERE \(stores.joined(separator: " AND "))))
                     OR o.id IN (SELECT os.\(linkColumn) FROM \(from) JOIN \(link) os ON os.store_id = s.id
                                 WHERE \(stores.joined(separator: " AND "))))
                    """)
            }
            return """
                SELECT \(kind.columns) FROM \(table) o JOIN catalog_dealers d ON d.id = o.dealer_id
                WHERE \(conditions.joined(separator: " AND ")) \(page)
                """
        }
        // What is asked of one is asked where each kind is found, not of the page: a condition on
        // the page's rows makes SQLite read them all to build a Bloom filter.
        let allStores: [SQLQueryString] = ["o.dealer_id = n.dealer_id", "o.all_stores = \(bind: true)"] + placedConditions(kind, query, alias: "o")
        let listed: [SQLQueryString] = ["os.store_id = n.id"] + placedConditions(kind, query, alias: "o")
        // The stores in the radius; each dealer's nearest, for those at all its stores (each one
        // found once); every store for those that list theirs (CROSS JOIN: SQLite starts from the
        // stores rather than reading every listing), kept at the nearest. Ordered by distance, the
        // page is cut before its rows are read whole.
        let reach: SQLQueryString = """
            WITH near AS (
                SELECT s.id, s.dealer_id, s.external_id, \(GeoPoint.chordSquaredSQL("s", near.point.unitVector)) AS chord
                FROM \(from) WHERE \(stores.joined(separator: " AND "))
            ), ranked AS (
                SELECT dealer_id, external_id, chord, ROW_NUMBER() OVER (PARTITION BY dealer_id ORDER BY chord, external_id) AS nth FROM near
            ), nearest AS (
                SELECT n.dealer_id, n.external_id, n.chord FROM ranked n WHERE n.nth = 1
            ), reach AS (
                SELECT o.id AS placed, o.external_id AS placed_id, n.external_id AS store, n.chord
                FROM nearest n JOIN \(table) o ON \(allStores.joined(separator: " AND "))
                UNION ALL
                SELECT placed, placed_id, store, chord FROM (
                    SELECT o.id AS placed, o.external_id AS placed_id, n.external_id AS store, n.chord,
                           ROW_NUMBER() OVER (PARTITION BY o.id ORDER BY n.chord, n.external_id) AS nth
                    FROM near n CROSS JOIN \(link) os JOIN \(table) o ON o.id = os.\(linkColumn) WHERE \(listed.joined(separator: " AND "))
                ) l WHERE l.nth = 1
            )
            """
        let whole: SQLQueryString = "SELECT \(kind.columns), b.store, b.chord FROM"
        let rows: SQLQueryString = "JOIN \(table) o ON o.id = b.placed JOIN catalog_dealers d ON d.id = o.dealer_id"
        guard query.order.allSatisfy({ $0.key == "distance" }) else { return "\(reach) \(whole) reach b \(rows) \(page)" }
        let cut = Self.orderBy(query.order, columns: ["distance": "chord"], tieBreak: "placed_id")
        return """
            \(reach), page AS (SELECT placed, store, chord FROM reach ORDER BY \(cut) LIMIT \(bind: query.limit + 1) OFFSET \(bind: query.offset))
            \(whole) page b \(rows) ORDER BY \(order)
            """
    }

    /// An offer's or a catalog's popularity: its hotspot taps (offers) or opens (catalogs) in the
    /// viewer over the last ``CatalogViewService/popularityDays`` days.
    private func popularity(_ kind: Placed) -> String {
        // A day is `YYYY-MM-DD`: digits and dashes, safe to write into the SQL.
        let since = RFC3339.day(now.addingTimeInterval(-Double(CatalogViewService.popularityDays - 1) * 86400))
        return kind == .offers
            ? "(SELECT COALESCE(SUM(t.taps), 0) FROM catalog_offer_taps t WHERE t.offer_id = o.id AND t.day >= '\(since)')"
            : "(SELECT COALESCE(SUM(v.opens), 0) FROM catalog_view_days v WHERE v.catalog_id = o.id AND v.day >= '\(since)')"
    }

    /// What `query` asks of an offer or a catalog itself (the table aliased `alias`): its ids,
    /// validity, words, catalogs.
    private func placedConditions(_ kind: Placed, _ query: Query, alias: String) -> [SQLQueryString] {
        let o = alias
        var conditions: [SQLQueryString] = []
        if !query.includeExpired { conditions.append("\(unsafeRaw: o).valid_until > \(bind: now)") }
        switch kind {
        case .offers:
            if !query.offerIDs.isEmpty { conditions.append("\(unsafeRaw: o).external_id IN \(idList(query.offerIDs))") }
            if !query.catalogIDs.isEmpty {
                conditions.append("""
                    \(unsafeRaw: o).catalog_id IN (SELECT c.id FROM catalog_catalogs c WHERE c.app_id = \(unsafeRaw: o).app_id
                                                   AND c.external_id IN \(idList(query.catalogIDs)))
                    """)
            }
            if !query.words.isEmpty { conditions.append(wordsCondition(query.words, alias: alias)) }
        case .catalogs:
            if !query.catalogIDs.isEmpty { conditions.append("\(unsafeRaw: o).external_id IN \(idList(query.catalogIDs))") }
        }
        return conditions
    }
}
