import Foundation
import PlayhouseAPI
import SQLKit

extension CatalogService {
    /// `offer` (checked) in the one spelling the database gives back: amounts with their currency's
    /// decimals, times in whole seconds, stores sorted; so that an unchanged offer compares equal.
    static func canonical(_ offer: CatalogFile.Offer) -> CatalogFile.Offer {
        var offer = offer
        let digits = Self.priceDigits(offer.currency)
        let amount = { (text: String) in (try? MinorUnits.parse(text, digits: digits).get()).map { MinorUnits.format($0, digits: digits) } ?? text }
        offer.price = amount(offer.price)
        offer.prePrice = offer.prePrice.map(amount)
        offer.validFrom = canonicalTime(offer.validFrom)
        offer.validUntil = canonicalTime(offer.validUntil)
        offer.stores = offer.stores?.sorted()
        return offer
    }

    /// Adds, changes and removes the app's offers to match `offers` (canonical, images as asset
    /// names), inside the import's transaction.
    func importOffers(_ offers: [CatalogFile.Offer], appID: UUID, progress: Progress, on sql: any SQLDatabase) async throws -> CatalogImported.Counts {
        let stored = try await storedOffers(appID: appID, on: sql)
        var counts = CatalogImported.Counts()
        for offer in offers {
            defer { progress.tick() }
            if stored[offer.id] == offer { counts.unchanged += 1; continue }
            if stored[offer.id] == nil { counts.added += 1 } else { counts.changed += 1 }
            let digits = Self.priceDigits(offer.currency)
            let minor = { (text: String) in try MinorUnits.parse(text, digits: digits).get() }
            let spot = offer.hotspot
            let words = Self.words(offer.heading + " " + (offer.description ?? "")).joined(separator: " ")
            let validFrom = RFC3339.parse(offer.validFrom), validUntil = RFC3339.parse(offer.validUntil)
            // A new offer takes the next number in the search index; a changed one keeps its own.
            try await sql.raw("""
                INSERT INTO catalog_offers (id, app_id, dealer_id, external_id, number, heading, description, words, price, pre_price, currency,
                                            quantity, unit, image, valid_from, valid_until, all_stores, catalog_id, page, hotspot_x, hotspot_y,
                                            hotspot_width, hotspot_height, created_at, updated_at)
                SELECT \(bind: UUID.random()), \(bind: appID), d.id, \(bind: offer.id), (SELECT COALESCE(MAX(number), 0) + 1 FROM catalog_offers),
                       \(bind: offer.heading), \(bind: offer.description), \(bind: words), \(bind: try minor(offer.price)), \(bind: try offer.prePrice.map(minor)),
                       \(bind: offer.currency), \(bind: offer.quantity), \(bind: offer.unit), \(bind: offer.image), \(bind: validFrom),
                       \(bind: validUntil), \(bind: offer.stores == nil),
                       (SELECT c.id FROM catalog_catalogs c WHERE c.app_id = \(bind: appID) AND c.external_id = \(bind: offer.catalog)),
                       \(bind: offer.page), \(bind: spot?.x), \(bind: spot?.y), \(bind: spot?.width), \(bind: spot?.height), \(bind: now), \(bind: now)
                FROM catalog_dealers d WHERE d.app_id = \(bind: appID) AND d.external_id = \(bind: offer.dealer)
                ON CONFLICT (app_id, external_id) DO UPDATE SET dealer_id = excluded.dealer_id, heading = excluded.heading,
                    description = excluded.description, words = excluded.words, price = excluded.price, pre_price = excluded.pre_price, currency = excluded.currency,
                    quantity = excluded.quantity, unit = excluded.unit, image = excluded.image, valid_from = excluded.valid_from,
                    valid_until = excluded.valid_until, all_stores = excluded.all_stores, catalog_id = excluded.catalog_id, page = excluded.page,
                    hotspot_x = excluded.hotspot_x, hotspot_y = excluded.hotspot_y, hotspot_width = excluded.hotspot_width,
                    hotspot_height = excluded.hotspot_height, updated_at = excluded.updated_at
                """).run()
            if stored[offer.id]?.stores != offer.stores {
                let id: SQLQueryString = "(SELECT id FROM catalog_offers WHERE app_id = \(bind: appID) AND external_id = \(bind: offer.id))"
                try await replaceStores(of: id, link: "catalog_offer_stores", column: "offer_id", with: offer.stores, appID: appID, on: sql)
            }
        }
        let listed = Set(offers.map(\.id))
        for id in stored.keys.sorted() where !listed.contains(id) {
            try await sql.raw("DELETE FROM catalog_offers WHERE app_id = \(bind: appID) AND external_id = \(bind: id)").run()
            counts.removed += 1
        }
        return counts
    }

    /// The app's offers as stored, by id, canonical (images as asset names).
    private func storedOffers(appID: UUID, on sql: any SQLDatabase) async throws -> [String: CatalogFile.Offer] {
        let rows = try await sql.raw("""
            SELECT o.external_id, d.external_id AS dealer, o.heading, o.description, o.price, o.pre_price, o.currency, o.quantity, o.unit,
                   o.image, o.valid_from, o.valid_until, o.all_stores, c.external_id AS catalog, o.page, o.hotspot_x, o.hotspot_y,
                   o.hotspot_width, o.hotspot_height
            FROM catalog_offers o JOIN catalog_dealers d ON d.id = o.dealer_id LEFT JOIN catalog_catalogs c ON c.id = o.catalog_id
            WHERE o.app_id = \(bind: appID)
            """).all()
        var listed: [String: [String]] = [:]
        for row in try await sql.raw("""
            SELECT o.external_id AS offer, s.external_id AS store FROM catalog_offer_stores os JOIN catalog_offers o ON o.id = os.offer_id
            JOIN catalog_stores s ON s.id = os.store_id WHERE o.app_id = \(bind: appID)
            """).all() {
            listed[try row.decode(column: "offer", as: String.self), default: []].append(try row.decode(column: "store", as: String.self))
        }
        var offers: [String: CatalogFile.Offer] = [:]
        for row in rows {
            let id = try row.decode(column: "external_id", as: String.self), currency = try row.decode(column: "currency", as: String.self)
            let digits = Self.priceDigits(currency)
            offers[id] = CatalogFile.Offer(
                id: id, dealer: try row.decode(column: "dealer", as: String.self), heading: try row.decode(column: "heading", as: String.self),
                description: try row.decode(column: "description", as: String?.self),
                price: MinorUnits.format(try row.decode(column: "price", as: Int64.self), digits: digits),
                prePrice: try row.decode(column: "pre_price", as: Int64?.self).map { MinorUnits.format($0, digits: digits) },
                currency: currency, quantity: try row.decode(column: "quantity", as: Double?.self),
                unit: try row.decode(column: "unit", as: String?.self), image: try row.decode(column: "image", as: String?.self),
                validFrom: RFC3339.format(try row.decode(column: "valid_from", as: Date.self)),
                validUntil: RFC3339.format(try row.decode(column: "valid_until", as: Date.self)),
                stores: try row.decode(column: "all_stores", as: Bool.self) ? nil : (listed[id] ?? []).sorted(),
                catalog: try row.decode(column: "catalog", as: String?.self), page: try row.decode(column: "page", as: Int?.self),
                hotspot: try Self.decodeHotspot(row))
        }
        return offers
    }

    /// The offer's hotspot in `row` (columns `hotspot_x`, `_y`, `_width`, `_height`), if it has one.
    static func decodeHotspot(_ row: any SQLRow) throws -> CatalogFile.Hotspot? {
        guard let x = try row.decode(column: "hotspot_x", as: Double?.self), let y = try row.decode(column: "hotspot_y", as: Double?.self),
              let width = try row.decode(column: "hotspot_width", as: Double?.self),
              let height = try row.decode(column: "hotspot_height", as: Double?.self) else { return nil }
        return .init(x: x, y: y, width: width, height: height)
    }
}
