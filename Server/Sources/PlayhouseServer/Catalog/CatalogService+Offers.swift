import Foundation
import PlayhouseAPI
import SQLKit

/// Offers, as apps ask for them. Near a location an offer matches when any store that sells it is
/// within the radius; it is placed at the nearest of them (ties: the lower store id), and the
/// answer names that store and its distance.
extension CatalogService {
    private static let offerColumns: SQLQueryString = """
        o.external_id, d.external_id AS dealer, o.heading, o.description, o.price, o.pre_price, o.currency, o.quantity, o.unit, o.image, \
        o.valid_from, o.valid_until
        """
    private static let offerOrder = ["distance": "chord", "name": "o.heading", "price": "o.price", "valid_date": "o.valid_from",
                                     "expiration_date": "o.valid_until", "created": "o.created_at"]

    /// The offers `query` asks for, one more than the limit read to know whether there are more.
    func offers(appID: UUID, _ query: Query) async throws -> (offers: [Offer], more: Bool) {
        let rows = try await store.read { [self] sql in try await sql.raw(offersSQL(appID: appID, query)).all() }
        return (try rows.prefix(query.limit).map { try Self.decodeOffer($0, near: query.near != nil) }, rows.count > query.limit)
    }

    /// The offer with id `id`, expired or not; near a location, with the nearest store that sells it
    /// within the radius, when one does.
    func offer(appID: UUID, id: String, near: Near?) async throws -> Offer? {
        var query = Query(near: near, offerIDs: [id], includeExpired: true, limit: 1)
        if near != nil, let placed = try await offers(appID: appID, query).offers.first { return placed }
        query.near = nil
        return try await offers(appID: appID, query).offers.first
    }

    private func offersSQL(appID: UUID, _ query: Query) -> SQLQueryString {
        var conditions: [SQLQueryString] = ["o.app_id = \(bind: appID)"] + offerConditions(query, alias: "o")
        if !query.dealerIDs.isEmpty { conditions.append("d.external_id IN \(idList(query.dealerIDs))") }
        let order = Self.orderBy(query.order, columns: Self.offerOrder, tieBreak: "o.external_id")
        let page: SQLQueryString = "ORDER BY \(order) LIMIT \(bind: query.limit + 1) OFFSET \(bind: query.offset)"
        let (from, stores) = storeFilter(appID: appID, query)
        guard let near = query.near else {
            if !query.storeIDs.isEmpty {
                // Sold at one of the stores: all of its dealer's, or listed there.
                conditions.append("""
                    ((o.all_stores = \(bind: true) AND o.dealer_id IN (SELECT s.dealer_id FROM \(from) WHERE \(stores.joined(separator: " AND "))))
                     OR o.id IN (SELECT os.offer_id FROM \(from) JOIN catalog_offer_stores os ON os.store_id = s.id
                                 WHERE \(stores.joined(separator: " AND "))))
                    """)
            }
            return """
                SELECT \(Self.offerColumns) FROM catalog_offers o JOIN catalog_dealers d ON d.id = o.dealer_id
                WHERE \(conditions.joined(separator: " AND ")) \(page)
                """
        }
        // The offers a dealer sells at all its stores are all as near as its nearest store. Ordered
        // by distance alone (then by id), a page needs no more of them than the page's end: the
        // dealer's first that many by id, up to a cut-off id found once per dealer with an index.
        var allStores: [SQLQueryString] = ["o.dealer_id = n.dealer_id", "o.all_stores = \(bind: true)"] + offerConditions(query, alias: "o")
        var cutoff: SQLQueryString = ""
        if query.order.allSatisfy({ $0.key == "distance" }) {
            let own: SQLQueryString = "x.dealer_id = n.dealer_id AND x.all_stores = \(bind: true)"
            let kept = ([own] + offerConditions(query, alias: "x")).joined(separator: " AND ")
            cutoff = """
                , COALESCE((SELECT x.external_id FROM catalog_offers x WHERE \(kept) ORDER BY x.external_id
                            LIMIT 1 OFFSET \(bind: query.offset + query.limit)),
                           (SELECT MAX(x.external_id) FROM catalog_offers x WHERE \(own))) AS cutoff
                """
            allStores.append("o.external_id <= n.cutoff")
        }
        // The stores in the radius; each dealer's nearest, for the offers sold at all its stores;
        // every store for the offers that list theirs; then each offer's nearest.
        return """
            WITH near AS (
                SELECT s.id, s.dealer_id, s.external_id, \(GeoPoint.chordSquaredSQL("s", near.point.unitVector)) AS chord
                FROM \(from) WHERE \(stores.joined(separator: " AND "))
            ), ranked AS (
                SELECT dealer_id, external_id, chord, ROW_NUMBER() OVER (PARTITION BY dealer_id ORDER BY chord, external_id) AS nth FROM near
            ), nearest AS (
                SELECT n.dealer_id, n.external_id, n.chord\(cutoff) FROM ranked n WHERE n.nth = 1
            ), reach AS (
                SELECT o.id AS offer, n.external_id AS store, n.chord FROM nearest n JOIN catalog_offers o ON \(allStores.joined(separator: " AND "))
                UNION ALL
                SELECT os.offer_id, n.external_id, n.chord FROM near n JOIN catalog_offer_stores os ON os.store_id = n.id
            ), best AS (
                SELECT offer, store, chord, ROW_NUMBER() OVER (PARTITION BY offer ORDER BY chord, store) AS nth FROM reach
            )
            SELECT \(Self.offerColumns), b.store, b.chord FROM best b JOIN catalog_offers o ON o.id = b.offer
            JOIN catalog_dealers d ON d.id = o.dealer_id
            WHERE b.nth = 1 AND \(conditions.joined(separator: " AND ")) \(page)
            """
    }

    /// What `query` asks of an offer itself (the table aliased `alias`): its ids, validity, words.
    private func offerConditions(_ query: Query, alias: String) -> [SQLQueryString] {
        var conditions: [SQLQueryString] = []
        if !query.offerIDs.isEmpty { conditions.append("\(unsafeRaw: alias).external_id IN \(idList(query.offerIDs))") }
        if !query.includeExpired { conditions.append("\(unsafeRaw: alias).valid_until > \(bind: now)") }
        if !query.words.isEmpty { conditions.append(wordsCondition(query.words, alias: alias)) }
        return conditions
    }

    /// Offers with a word in their heading or description starting with each of `words` (letters
    /// and digits only, as ``searchWords(_:)`` gives them, so they need no escaping).
    private func wordsCondition(_ words: [String], alias: String) -> SQLQueryString {
        if store.dialect == "postgresql" {
            let query = words.map { $0 + ":*" }.joined(separator: " & ")
            return "\(unsafeRaw: CreateCatalogOffers.searchVector(alias + ".words")) @@ to_tsquery('simple', \(bind: query))"
        }
        let match = words.map { "\"\($0)\"*" }.joined(separator: " ")
        return "\(unsafeRaw: alias).number IN (SELECT rowid FROM catalog_offer_words WHERE catalog_offer_words MATCH \(bind: match))"
    }

    /// The words of `text`: its runs of letters and digits, lower-cased. An offer is found by the
    /// words of its heading and description; a search's words are the first 10 of its text's.
    static func words(_ text: String) -> [String] {
        text.lowercased().split { !($0.isLetter || $0.isNumber) }.map(String.init)
    }

    private static func decodeOffer(_ row: any SQLRow, near: Bool) throws -> Offer {
        let currency = try row.decode(column: "currency", as: String.self)
        let digits = ISO4217.currencies[currency]?.minorUnits ?? 2
        let money = { (minor: Int64) in Money(amount: MinorUnits.format(minor, digits: digits), currency: currency) }
        return Offer(id: try row.decode(column: "external_id", as: String.self), dealerID: try row.decode(column: "dealer", as: String.self),
                     heading: try row.decode(column: "heading", as: String.self),
                     description: try row.decode(column: "description", as: String?.self),
                     price: money(try row.decode(column: "price", as: Int64.self)),
                     prePrice: try row.decode(column: "pre_price", as: Int64?.self).map(money),
                     quantity: try row.decode(column: "quantity", as: Double?.self), unit: try row.decode(column: "unit", as: String?.self),
                     image: try row.decode(column: "image", as: String?.self).map(Assets.path),
                     validFrom: try row.decode(column: "valid_from", as: Date.self), validUntil: try row.decode(column: "valid_until", as: Date.self),
                     storeID: near ? try row.decode(column: "store", as: String.self) : nil,
                     distance: near ? GeoPoint.distance(chordSquared: try row.decode(column: "chord", as: Double.self)) : nil)
    }
}
