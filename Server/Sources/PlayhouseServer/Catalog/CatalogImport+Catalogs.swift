import Foundation
import PlayhouseAPI
import SQLKit

extension CatalogService {
    /// `catalog` (checked) in the one spelling the database gives back: times in whole seconds,
    /// stores sorted, pages listed (the directory they were read from is not kept).
    static func canonical(_ catalog: CatalogFile.Catalog) -> CatalogFile.Catalog {
        var catalog = catalog
        catalog.pageDirectory = nil
        catalog.validFrom = canonicalTime(catalog.validFrom)
        catalog.validUntil = canonicalTime(catalog.validUntil)
        catalog.stores = catalog.stores?.sorted()
        return catalog
    }

    /// An RFC 3339 time in whole seconds, as the database gives it back (`text` unchanged when it is not one).
    static func canonicalTime(_ text: String) -> String {
        RFC3339.parse(text).map(RFC3339.format) ?? text
    }

    /// Adds, changes and removes the app's catalogs to match `catalogs` (canonical, each page's
    /// three sizes as asset names), inside the import's transaction. A removed catalog's offers stay,
    /// in no catalog.
    func importCatalogs(_ catalogs: [CatalogFile.Catalog], appID: UUID, progress: Progress, on sql: any SQLDatabase) async throws -> CatalogImported.Counts {
        let stored = try await storedCatalogs(appID: appID, on: sql)
        var counts = CatalogImported.Counts()
        for catalog in catalogs {
            defer { progress.tick() }
            if stored[catalog.id] == catalog { counts.unchanged += 1; continue }
            if stored[catalog.id] == nil { counts.added += 1 } else { counts.changed += 1 }
            try await sql.raw("""
                INSERT INTO catalog_catalogs (id, app_id, dealer_id, external_id, label, valid_from, valid_until, page_count, all_stores,
                                              created_at, updated_at)
                SELECT \(bind: UUID.random()), \(bind: appID), d.id, \(bind: catalog.id), \(bind: catalog.label),
                       \(bind: RFC3339.parse(catalog.validFrom)), \(bind: RFC3339.parse(catalog.validUntil)),
                       \(bind: catalog.pages.count), \(bind: catalog.stores == nil), \(bind: now), \(bind: now)
                FROM catalog_dealers d WHERE d.app_id = \(bind: appID) AND d.external_id = \(bind: catalog.dealer)
                ON CONFLICT (app_id, external_id) DO UPDATE SET dealer_id = excluded.dealer_id, label = excluded.label,
                    valid_from = excluded.valid_from, valid_until = excluded.valid_until, page_count = excluded.page_count,
                    all_stores = excluded.all_stores, updated_at = excluded.updated_at
                """).run()
            let id: SQLQueryString = "(SELECT id FROM catalog_catalogs WHERE app_id = \(bind: appID) AND external_id = \(bind: catalog.id))"
            if stored[catalog.id]?.stores != catalog.stores {
                try await replaceStores(of: id, link: "catalog_catalog_stores", column: "catalog_id", with: catalog.stores, appID: appID, on: sql)
            }
            if stored[catalog.id]?.pages != catalog.pages {
                try await sql.raw("DELETE FROM catalog_pages WHERE catalog_id = \(id)").run()
                for (index, page) in catalog.pages.enumerated() {
                    try await sql.raw("""
                        INSERT INTO catalog_pages (catalog_id, number, view, zoom, thumb)
                        VALUES (\(id), \(bind: index + 1), \(bind: page.view), \(bind: page.zoom ?? page.view), \(bind: page.thumb ?? page.view))
                        """).run()
                }
            }
        }
        let listed = Set(catalogs.map(\.id))
        for id in stored.keys.sorted() where !listed.contains(id) {
            try await sql.raw("DELETE FROM catalog_catalogs WHERE app_id = \(bind: appID) AND external_id = \(bind: id)").run()
            counts.removed += 1
        }
        return counts
    }

    /// Replaces the stores an offer or a catalog (`owner`, an id) is listed at in `link` (whose
    /// column `column` names the owner) with `stores`, or with none when it is at all its dealer's.
    func replaceStores(of owner: SQLQueryString, link: String, column: String, with stores: [String]?, appID: UUID,
                       on sql: any SQLDatabase) async throws {
        try await sql.raw("DELETE FROM \(unsafeRaw: link) WHERE \(unsafeRaw: column) = \(owner)").run()
        guard let stores else { return }
        try await sql.raw("""
            INSERT INTO \(unsafeRaw: link) (store_id, \(unsafeRaw: column))
            SELECT s.id, \(owner) FROM catalog_stores s WHERE s.app_id = \(bind: appID) AND s.external_id IN \(idList(stores))
            """).run()
    }

    /// The app's catalogs as stored, by id, canonical (pages as asset names).
    private func storedCatalogs(appID: UUID, on sql: any SQLDatabase) async throws -> [String: CatalogFile.Catalog] {
        let rows = try await sql.raw("""
            SELECT c.external_id, d.external_id AS dealer, c.label, c.valid_from, c.valid_until, c.all_stores
            FROM catalog_catalogs c JOIN catalog_dealers d ON d.id = c.dealer_id WHERE c.app_id = \(bind: appID)
            """).all()
        var listed: [String: [String]] = [:]
        for row in try await sql.raw("""
            SELECT c.external_id AS catalog, s.external_id AS store FROM catalog_catalog_stores cs JOIN catalog_catalogs c ON c.id = cs.catalog_id
            JOIN catalog_stores s ON s.id = cs.store_id WHERE c.app_id = \(bind: appID)
            """).all() {
            listed[try row.decode(column: "catalog", as: String.self), default: []].append(try row.decode(column: "store", as: String.self))
        }
        var pages: [String: [CatalogFile.Page]] = [:]
        for row in try await sql.raw("""
            SELECT c.external_id AS catalog, p.view, p.zoom, p.thumb FROM catalog_pages p JOIN catalog_catalogs c ON c.id = p.catalog_id
            WHERE c.app_id = \(bind: appID) ORDER BY c.external_id, p.number
            """).all() {
            pages[try row.decode(column: "catalog", as: String.self), default: []].append(
                .init(view: try row.decode(column: "view", as: String.self), zoom: try row.decode(column: "zoom", as: String.self),
                      thumb: try row.decode(column: "thumb", as: String.self)))
        }
        var catalogs: [String: CatalogFile.Catalog] = [:]
        for row in rows {
            let id = try row.decode(column: "external_id", as: String.self)
            catalogs[id] = CatalogFile.Catalog(
                id: id, dealer: try row.decode(column: "dealer", as: String.self), label: try row.decode(column: "label", as: String.self),
                validFrom: RFC3339.format(try row.decode(column: "valid_from", as: Date.self)),
                validUntil: RFC3339.format(try row.decode(column: "valid_until", as: Date.self)),
                stores: try row.decode(column: "all_stores", as: Bool.self) ? nil : (listed[id] ?? []).sorted(), pages: pages[id] ?? [])
        }
        return catalogs
    }
}
