import Foundation
import PlayhouseAPI
import SQLKit

/// Offers, as apps ask for them (near a location: ``placed(_:appID:_:)``), and found by words.
extension CatalogService {
    static let offerColumns: SQLQueryString = """
        o.external_id, d.external_id AS dealer, o.heading, o.description, o.price, o.pre_price, o.currency, o.quantity, o.unit, o.image, \
        o.valid_from, o.valid_until, (SELECT c.external_id FROM catalog_catalogs c WHERE c.id = o.catalog_id) AS catalog, o.page
        """
    static let offerOrder = ["distance": "chord", "name": "o.heading", "price": "o.price", "valid_date": "o.valid_from",
                                     "expiration_date": "o.valid_until", "created": "o.created_at"]

    /// The offers `query` asks for, one more than the limit read to know whether there are more.
    func offers(appID: UUID, _ query: Query) async throws -> (offers: [Offer], more: Bool) {
        let rows = try await placed(.offers, appID: appID, query)
        return (try rows.prefix(query.limit).map { try Self.decodeOffer($0.row, at: $0.place) }, rows.count > query.limit)
    }

    /// The offer with id `id`, expired or not; near a location, with the nearest store that sells it
    /// within the radius, when one does.
    func offer(appID: UUID, id: String, near: Near?) async throws -> Offer? {
        var query = Query(near: near, offerIDs: [id], includeExpired: true, limit: 1)
        if near != nil, let placed = try await offers(appID: appID, query).offers.first { return placed }
        query.near = nil
        return try await offers(appID: appID, query).offers.first
    }

    /// Offers with a word in their heading or description starting with each of `words` (letters
    /// and digits only, as ``words(_:)`` gives them, so they need no escaping).
    func wordsCondition(_ words: [String], alias: String) -> SQLQueryString {
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

    /// The decimals of a price in `currency`: ISO 4217's (an import refuses a currency not in the table).
    static func priceDigits(_ currency: String) -> Int {
        ISO4217.currencies[currency]?.minorUnits ?? 2
    }

    private static func decodeOffer(_ row: any SQLRow, at place: Place?) throws -> Offer {
        let currency = try row.decode(column: "currency", as: String.self)
        let digits = Self.priceDigits(currency)
        let money = { (minor: Int64) in Money(amount: MinorUnits.format(minor, digits: digits), currency: currency) }
        let catalog = try row.decode(column: "catalog", as: String?.self)
        return Offer(id: try row.decode(column: "external_id", as: String.self), dealerID: try row.decode(column: "dealer", as: String.self),
                     heading: try row.decode(column: "heading", as: String.self),
                     description: try row.decode(column: "description", as: String?.self),
                     price: money(try row.decode(column: "price", as: Int64.self)),
                     prePrice: try row.decode(column: "pre_price", as: Int64?.self).map(money),
                     quantity: try row.decode(column: "quantity", as: Double?.self), unit: try row.decode(column: "unit", as: String?.self),
                     image: try row.decode(column: "image", as: String?.self).map(Assets.path),
                     validFrom: try row.decode(column: "valid_from", as: Date.self), validUntil: try row.decode(column: "valid_until", as: Date.self),
                     catalogID: catalog, catalogPage: catalog == nil ? nil : try row.decode(column: "page", as: Int?.self),
                     storeID: place?.store, distance: place.map { GeoPoint.distance(chordSquared: $0.chord) })
    }
}
