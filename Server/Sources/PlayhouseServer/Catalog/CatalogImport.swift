import Foundation
import PlayhouseAPI
import SQLKit

extension CatalogService {
    /// Counts the objects an import has gone through and tells `report` (done, total) now and then.
    final class Progress: @unchecked Sendable {
        private let total: Int
        private let report: (@Sendable (Int, Int) -> Void)?
        private var done = 0

        init(total: Int, report: (@Sendable (Int, Int) -> Void)?) {
            self.total = total
            self.report = report
        }

        /// One more object; reported at every hundredth and at the last.
        func tick() {
            done += 1
            if done % 100 == 0 || done == total { report?(done, total) }
        }
    }

    /// Imports `file`, whose logos and images are the files `files` holds (by the path the file
    /// names), in one transaction. Refuses the whole file, naming every problem, when anything in it
    /// is wrong. Importing the same file again changes nothing. `progress` hears how many of the
    /// file's objects are done, of how many. The import is audit-logged as `actor`'s, with its counts,
    /// in the import's transaction.
    public func importFile(_ file: CatalogFile, files: [String: Data], appID: UUID, by actor: AuditActor,
                           progress report: (@Sendable (_ done: Int, _ total: Int) -> Void)? = nil) async throws -> CatalogImported {
        let storedDealers = try await storedDealers(appID: appID)
        let namesStores = file.stores == nil && (file.offers?.contains { $0.stores != nil } == true || file.catalogs?.contains { $0.stores != nil } == true)
        let storedStores = namesStores ? try await storedStoreDealers(appID: appID) : [:]
        let namesCatalogs = file.catalogs == nil && file.offers?.contains { $0.catalog != nil } == true
        let storedCatalogs = namesCatalogs ? try await storedCatalogDealers(appID: appID) : [:]
        let problems = CatalogCheck(file, files: files, storedDealers: Set(storedDealers.keys), storedStores: storedStores,
                                    storedCatalogs: storedCatalogs).problems
        guard problems.isEmpty else {
            throw PlayhouseProblem(.unprocessableEntity, .invalidCatalog, parameters: ["problems": problems.joined(separator: "; ")])
        }
        // As they will be stored: a logo, an image or a page is its asset's name.
        let assets = Assets(store: store, now: now)
        func asset(_ path: String?) async throws -> String? {
            guard let path, let bytes = files[path], let type = Assets.imageType(of: bytes) else { return nil }
            return try await assets.put(bytes, contentType: type)
        }
        var dealers: [CatalogFile.Dealer]?
        if let listed = file.dealers {
            dealers = []
            for var dealer in listed {
                dealer.logo = try await asset(dealer.logo)
                dealers?.append(dealer)
            }
        }
        let stores = file.stores?.map { store in
            var store = store
            store.openingHours = store.openingHours ?? []
            return store
        }
        var catalogs: [CatalogFile.Catalog]?
        if let listed = file.catalogs {
            catalogs = []
            for catalog in listed {
                var stored = Self.canonical(catalog)
                stored.pages = []
                for page in catalog.pages {
                    let view = try await asset(page.view) ?? page.view
                    stored.pages.append(.init(view: view, zoom: try await asset(page.zoom) ?? view, thumb: try await asset(page.thumb) ?? view))
                }
                catalogs?.append(stored)
            }
        }
        var offers: [CatalogFile.Offer]?
        if let listed = file.offers {
            offers = []
            for offer in listed {
                var stored = Self.canonical(offer)
                stored.image = try await asset(offer.image)
                offers?.append(stored)
            }
        }
        let now = self.now, toStore = dealers, catalogsToStore = catalogs, offersToStore = offers
        let progress = Progress(total: (dealers?.count ?? 0) + (stores?.count ?? 0) + (catalogs?.count ?? 0) + (offers?.count ?? 0),
                                report: report)
        return try await store.transaction { [self] sql in
            // One import at a time: new stores and offers take the next `place` and `number` after
            // the highest stored, which another import's uncommitted rows would take too. (SQLite's
            // transaction holds its only writer lock.)
            if sql.dialect.name == "postgresql" { try await sql.raw("SELECT pg_advisory_xact_lock(\(bind: Self.importLock))").run() }
            var imported = CatalogImported()
            if let toStore {
                imported.dealers = try await Self.importDealers(toStore, stored: storedDealers, appID: appID, now: now, progress: progress, on: sql)
            }
            if let stores {
                imported.stores = try await Self.importStores(stores, appID: appID, now: now, progress: progress, on: sql)
            }
            if let catalogsToStore {
                imported.catalogs = try await importCatalogs(catalogsToStore, appID: appID, progress: progress, on: sql)
            }
            if let offersToStore {
                imported.offers = try await importOffers(offersToStore, appID: appID, progress: progress, on: sql)
            }
            try await sql.raw(AuditLog.entry(by: actor, "catalog imported", target: ERN.make("app", appID.uuidString.lowercased()),
                                             after: imported, at: now)).run()
            return imported
        }
    }

    /// The PostgreSQL advisory lock an import holds for its transaction ("PHcatimp").
    static let importLock: Int64 = 0x5048_6361_7469_6D70

    /// The app's catalogs' dealers and page counts, by catalog id.
    private func storedCatalogDealers(appID: UUID) async throws -> [String: CatalogCheck.StoredCatalog] {
        let rows = try await store.read { sql in
            try await sql.raw("""
                SELECT c.external_id, d.external_id AS dealer, c.page_count FROM catalog_catalogs c JOIN catalog_dealers d ON d.id = c.dealer_id
                WHERE c.app_id = \(bind: appID)
                """).all()
        }
        var catalogs: [String: CatalogCheck.StoredCatalog] = [:]
        for row in rows {
            catalogs[try row.decode(column: "external_id", as: String.self)] = .init(dealer: try row.decode(column: "dealer", as: String.self),
                                                                                     pages: try row.decode(column: "page_count", as: Int.self))
        }
        return catalogs
    }

    /// The app's stores' dealers, by store id.
    private func storedStoreDealers(appID: UUID) async throws -> [String: String] {
        let rows = try await store.read { sql in
            try await sql.raw("""
                SELECT s.external_id, d.external_id AS dealer FROM catalog_stores s JOIN catalog_dealers d ON d.id = s.dealer_id
                WHERE s.app_id = \(bind: appID)
                """).all()
        }
        var dealers: [String: String] = [:]
        for row in rows { dealers[try row.decode(column: "external_id", as: String.self)] = try row.decode(column: "dealer", as: String.self) }
        return dealers
    }

    /// The app's dealers as stored, by id, in the file's terms (a logo is its asset's name).
    private func storedDealers(appID: UUID) async throws -> [String: CatalogFile.Dealer] {
        let rows = try await store.read { sql in
            try await sql.raw("SELECT external_id, name, website, logo, brand_color FROM catalog_dealers WHERE app_id = \(bind: appID)").all()
        }
        var dealers: [String: CatalogFile.Dealer] = [:]
        for row in rows {
            let dealer = CatalogFile.Dealer(id: try row.decode(column: "external_id", as: String.self), name: try row.decode(column: "name", as: String.self),
                                            website: try row.decode(column: "website", as: String?.self),
                                            logo: try row.decode(column: "logo", as: String?.self),
                                            brandColor: try row.decode(column: "brand_color", as: String?.self))
            dealers[dealer.id] = dealer
        }
        return dealers
    }

    private static func importDealers(_ dealers: [CatalogFile.Dealer], stored: [String: CatalogFile.Dealer], appID: UUID, now: Date,
                                      progress: Progress, on sql: any SQLDatabase) async throws -> CatalogImported.Counts {
        var counts = CatalogImported.Counts()
        for dealer in dealers {
            defer { progress.tick() }
            if stored[dealer.id] == dealer { counts.unchanged += 1; continue }
            if stored[dealer.id] == nil { counts.added += 1 } else { counts.changed += 1 }
            try await sql.raw("""
                INSERT INTO catalog_dealers (id, app_id, external_id, name, website, logo, brand_color, created_at, updated_at)
                VALUES (\(bind: UUID.random()), \(bind: appID), \(bind: dealer.id), \(bind: dealer.name), \(bind: dealer.website), \(bind: dealer.logo),
                        \(bind: dealer.brandColor), \(bind: now), \(bind: now))
                ON CONFLICT (app_id, external_id) DO UPDATE SET name = excluded.name, website = excluded.website, logo = excluded.logo,
                    brand_color = excluded.brand_color, updated_at = excluded.updated_at
                """).run()
        }
        // A removed dealer's stores go with it.
        let listed = Set(dealers.map(\.id))
        for id in stored.keys.sorted() where !listed.contains(id) {
            try await sql.raw("DELETE FROM catalog_dealers WHERE app_id = \(bind: appID) AND external_id = \(bind: id)").run()
            counts.removed += 1
        }
        return counts
    }

    private static func importStores(_ stores: [CatalogFile.Store], appID: UUID, now: Date, progress: Progress,
                                     on sql: any SQLDatabase) async throws -> CatalogImported.Counts {
        // Read inside the transaction: after the dealers' import, which may have removed some.
        let rows = try await sql.raw("""
            SELECT \(storeColumns) FROM catalog_stores s JOIN catalog_dealers d ON d.id = s.dealer_id WHERE s.app_id = \(bind: appID)
            """).all()
        var stored: [String: CatalogFile.Store] = [:]
        for row in rows {
            let store = try decodeStore(row, withDistance: false)
            stored[store.id] = CatalogFile.Store(id: store.id, dealer: store.dealerID, street: store.street, city: store.city,
                                                 zipCode: store.zipCode, country: store.country, latitude: store.latitude,
                                                 longitude: store.longitude, openingHours: store.openingHours, contact: store.contact)
        }
        var counts = CatalogImported.Counts()
        // Written in storage order, so that stores near each other lie together (GeoPoint.storageOrder).
        let keyed: [(order: UInt64, store: CatalogFile.Store)] = stores.map { ($0.point.storageOrder, $0) }
        let ordered = keyed.sorted { ($0.order, $0.store.id) < ($1.order, $1.store.id) }.map(\.store)
        for store in ordered {
            defer { progress.tick() }
            if stored[store.id] == store { counts.unchanged += 1; continue }
            if stored[store.id] == nil { counts.added += 1 } else { counts.changed += 1 }
            let vector = store.point.unitVector
            let hours = OpeningHoursColumn.text(store.openingHours ?? [])
            // A new store takes the next place in the geo index; a changed one keeps its own.
            try await sql.raw("""
                INSERT INTO catalog_stores (id, app_id, dealer_id, external_id, place, street, city, zip_code, country, latitude, longitude,
                                            x, y, z, opening_hours, contact, created_at, updated_at)
                SELECT \(bind: UUID.random()), \(bind: appID), d.id, \(bind: store.id), (SELECT COALESCE(MAX(place), 0) + 1 FROM catalog_stores),
                       \(bind: store.street), \(bind: store.city), \(bind: store.zipCode), \(bind: store.country), \(bind: store.latitude),
                       \(bind: store.longitude), \(bind: vector.x), \(bind: vector.y), \(bind: vector.z), \(bind: hours), \(bind: store.contact),
                       \(bind: now), \(bind: now)
                FROM catalog_dealers d WHERE d.app_id = \(bind: appID) AND d.external_id = \(bind: store.dealer)
                ON CONFLICT (app_id, external_id) DO UPDATE SET dealer_id = excluded.dealer_id, street = excluded.street, city = excluded.city,
                    zip_code = excluded.zip_code, country = excluded.country, latitude = excluded.latitude, longitude = excluded.longitude,
                    x = excluded.x, y = excluded.y, z = excluded.z, opening_hours = excluded.opening_hours, contact = excluded.contact,
                    updated_at = excluded.updated_at
                """).run()
        }
        let listed = Set(stores.map(\.id))
        for id in stored.keys.sorted() where !listed.contains(id) {
            try await sql.raw("DELETE FROM catalog_stores WHERE app_id = \(bind: appID) AND external_id = \(bind: id)").run()
            counts.removed += 1
        }
        return counts
    }
}
