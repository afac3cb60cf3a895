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

    /// Where a row near a location is placed: the id of its nearest store within the radius, and
    /// the squared chord to it (``GeoPoint/distance(chordSquared:)``).
    struct Place: Sendable {
        var store: String
        var chord: Double
    }

    /// The rows of a list of `kind`, one more than the page's limit, each with its place when the
    /// query is near a location: one statement (``placedSQL(_:appID:_:)``), but on SQLite a page
    /// nearest first, not of given ids, is read store by store (``nearestFirst(_:appID:_:near:on:)``).
    /// On SQLite a statement is a function call; on PostgreSQL each is a round trip, and there the
    /// one statement measured cheaper (the README's catalog benchmark says by how much).
    func placed(_ kind: Placed, appID: UUID, _ query: Query) async throws -> [(row: any SQLRow, place: Place?)] {
        if store.dialect == "sqlite", let near = query.near, query.offerIDs.isEmpty, query.catalogIDs.isEmpty,
           query.order == [.init(key: "distance", descending: false)] {
            return try await store.readTogether { [self] sql in try await nearestFirst(kind, appID: appID, query, near: near, on: sql) }
        }
        return try await store.read { [self] sql in
            let rows = try await sql.raw(placedSQL(kind, appID: appID, query)).all()
            guard query.near != nil else { return rows.map { ($0, nil) } }
            return try rows.map { ($0, Place(store: try $0.decode(column: "store", as: String.self), chord: try $0.decode(column: "chord", as: Double.self))) }
        }
    }

    /// A page nearest first, read the way it is ordered: the stores within the radius nearest first
    /// (the stores query, in batches that grow eightfold); at each dealer's nearest store, the dealer's
    /// first of `kind` sold at all its stores, by id, up to the page's end (an index range). It stops
    /// at the first store farther than the page's end, as whatever is not read yet is placed at
    /// least that far; then what is listed at the stores read (found by their ids, not by the radius
    /// again), each at the nearest that lists it.
    ///
    /// A page costs one statement per batch of stores, one per dealer read until the page is full
    /// (usually one), and one for what is listed at the stores read. Its statements see one version
    /// of the catalog (``Store/readTogether(_:)``). What is not bounded: with no stop (a radius of
    /// many stores and few matches, or a deep page), every batch sorts all the stores in the radius
    /// again and each dealer there is one statement.
    func nearestFirst(_ kind: Placed, appID: UUID, _ query: Query, near: Near, on sql: any SQLDatabase) async throws
        -> [(row: any SQLRow, place: Place?)] {
        let wanted = query.offset + query.limit + 1  // the rows up to the page's end, and one more
        let (from, conditions) = storeFilter(appID: appID, query)
        let chord = GeoPoint.chordSquaredSQL("s", near.point.unitVector)
        let conditionsSQL = conditions.joined(separator: " AND ")
        let own = (["o.all_stores = \(bind: true)"] + placedConditions(kind, query, alias: "o")).joined(separator: " AND ")
        // What is found, in the order found (mostly the page's), and where each id is in it.
        var found: [(id: String, row: any SQLRow, place: Place)] = [], at: [String: Int] = [:]
        var dealers = Set<String>(), offset = 0, batch = 64, farther = false
        // The stores read, by their key (the database's id): their place.
        var read: [String: Place] = [:], farthestRead: Double?
        // Of the rows sold at all stores (each placed for good at its dealer's nearest store, read in
        // order): how many are placed nearer than the farthest store read, and how many at it.
        var nearer = 0, atFarthest = 0
        while true {
            let stores = try await sql.raw("""
                SELECT s.id, s.external_id, d.external_id AS dealer, \(chord) AS chord
                FROM \(from) JOIN catalog_dealers d ON d.id = s.dealer_id
                WHERE \(conditionsSQL) ORDER BY chord ASC, s.external_id ASC LIMIT \(bind: batch) OFFSET \(bind: offset)
                """).all().map { row in
                    (key: try row.decode(column: "id", as: String.self), id: try row.decode(column: "external_id", as: String.self),
                     dealer: try row.decode(column: "dealer", as: String.self), chord: try row.decode(column: "chord", as: Double.self))
                }
            for store in stores {
                if let farthestRead, store.chord > farthestRead { (nearer, atFarthest) = (nearer + atFarthest, 0) }
                // The page's rows are all nearer than this store, and nothing not read yet can be.
                if nearer >= wanted {
                    farther = true
                    break
                }
                farthestRead = store.chord
                read[store.key] = Place(store: store.id, chord: store.chord)
                guard dealers.insert(store.dealer).inserted else { continue }
                // The dealer is one value (a subquery), so the dealer's index gives its rows in id order.
                let rows = try await sql.raw("""
                    SELECT \(kind.columns) FROM \(unsafeRaw: kind.table) o JOIN catalog_dealers d ON d.id = o.dealer_id
                    WHERE o.dealer_id = (SELECT x.id FROM catalog_dealers x WHERE x.app_id = \(bind: appID) AND x.external_id = \(bind: store.dealer))
                    AND \(own) ORDER BY o.external_id ASC LIMIT \(bind: wanted)
                    """).all()
                for row in rows {
                    let id = try row.decode(column: "external_id", as: String.self)
                    at[id] = found.count
                    found.append((id, row, Place(store: store.id, chord: store.chord)))
                }
                atFarthest += rows.count
            }
            if farther || stores.count < batch { break }
            offset += stores.count
            batch *= 8
        }
        // What is listed at the stores read, at the nearest of them. (The stores read are all those
        // within the radius as near as the farthest of them: the loop stops only at a farther one.)
        if !read.isEmpty {
            let listed = try await sql.raw("""
                SELECT \(kind.columns), os.store_id AS store_key
                FROM \(unsafeRaw: kind.link) os JOIN \(unsafeRaw: kind.table) o ON o.id = os.\(unsafeRaw: kind.linkColumn)
                JOIN catalog_dealers d ON d.id = o.dealer_id
                WHERE \((["os.store_id IN \(idList(Array(read.keys)))"] + placedConditions(kind, query, alias: "o")).joined(separator: " AND "))
                """).all()
            for row in listed {
                let id = try row.decode(column: "external_id", as: String.self)
                guard let place = read[try row.decode(column: "store_key", as: String.self)] else { continue }
                if let index = at[id] {
                    if Self.precedes(place, found[index].place) { found[index] = (id, row, place) }
                } else {
                    at[id] = found.count
                    found.append((id, row, place))
                }
            }
        }
        found.sort { a, b in a.place.chord != b.place.chord ? a.place.chord < b.place.chord : a.id < b.id }
        return found.dropFirst(query.offset).prefix(query.limit + 1).map { ($0.row, $0.place) }
    }

    /// Nearer first; as near, the lower store id (the nearest-store rule's tie). Ids are ASCII
    /// (``CatalogFile/isID(_:)``), which Swift orders byte by byte, as SQLite does.
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
        var allStores: [SQLQueryString] = ["o.dealer_id = n.dealer_id", "o.all_stores = \(bind: true)"] + placedConditions(kind, query, alias: "o")
        var listed: [SQLQueryString] = ["os.store_id = n.id"] + placedConditions(kind, query, alias: "o")
        // Ordered by distance alone (then by id), a page needs few of each dealer's: the ones at all
        // of a dealer's stores are all as near as its nearest store, so no more of them than the
        // page's end, the dealer's first that many by id, up to a cut-off id found once per dealer
        // with an index (`last`, when the dealer has that many).
        let byDistance = query.order.allSatisfy { $0.key == "distance" }
        let pageEnd = query.offset + query.limit
        var cutoff: SQLQueryString = ""
        if byDistance {
            let own: SQLQueryString = "x.dealer_id = n.dealer_id AND x.all_stores = \(bind: true)"
            let kept = ([own] + placedConditions(kind, query, alias: "x")).joined(separator: " AND ")
            cutoff = ", (SELECT x.external_id FROM \(table) x WHERE \(kept) ORDER BY x.external_id LIMIT 1 OFFSET \(bind: pageEnd)) AS last"
            allStores.append("o.external_id <= COALESCE(n.last, (SELECT MAX(x.external_id) FROM \(table) x WHERE \(own)))")
        }
        // Nearest first, the page ends no farther than the nearest dealer with that many: whatever
        // is farther is not read.
        var bound: SQLQueryString = ""
        if byDistance, let first = query.order.first, !first.descending {
            // 8 is beyond any squared chord of the unit sphere (at most 4).
            bound = ", bound AS (SELECT COALESCE(MIN(chord), 8.0) AS chord FROM nearest WHERE last IS NOT NULL)"
            let withinBound: SQLQueryString = "n.chord <= (SELECT chord FROM bound)"
            allStores.append(withinBound)
            listed.append(withinBound)
        }
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
                SELECT n.dealer_id, n.external_id, n.chord\(cutoff) FROM ranked n WHERE n.nth = 1
            )\(bound), reach AS (
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
        guard byDistance else { return "\(reach) \(whole) reach b \(rows) \(page)" }
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
