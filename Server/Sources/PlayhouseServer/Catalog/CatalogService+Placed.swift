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
