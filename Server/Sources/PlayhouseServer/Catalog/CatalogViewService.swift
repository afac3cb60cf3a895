import Foundation
import PlayhouseAPI
import SQLKit

/// The catalog viewer's showings: made for an app, opened once by the hosted page, and what the
/// page reports (pages viewed, the close), added up per catalog per UTC day.
public struct CatalogViewService: Sendable {
    let store: Store
    let now: Date

    /// How long a view's address can be opened after it was made, and how long an opened view may report.
    static let openWithin: TimeInterval = 600, reportsFor: TimeInterval = 12 * 3600
    /// The longest a page counts as viewed at once.
    static let longestPageView: TimeInterval = 3600
    /// How long after its close a view's last pages and taps still count: the page reports them and the
    /// close at once, each in a request of its own, so they can arrive after the close.
    static let lateReportsFor: TimeInterval = 30

    /// What a page reports.
    enum Report: Equatable {
        case pageViewed(page: Int, seconds: Double)
        case hotspotTapped(offerID: String)
        case closed
    }

    /// How many days of opens and taps make a catalog's or an offer's popularity.
    static let popularityDays = 30

    /// A new view of the catalog with id `id` for the app: its secret, or nil when there is no such catalog.
    func make(appID: UUID, catalog id: String) async throws -> String? {
        let secret = SecretToken.generate(prefix: "phv_")
        let now = self.now
        let made = try await store.transaction { sql in
            // Views are kept a day; making one now and then deletes the older.
            if Int.random(in: 0..<100) == 0 {
                try await sql.raw("DELETE FROM catalog_views WHERE created_at < \(bind: now.addingTimeInterval(-86400))").run()
            }
            return try await sql.raw("""
                INSERT INTO catalog_views (secret_hash, app_id, catalog_id, created_at)
                SELECT \(bind: SecretToken.hash(secret)), c.app_id, c.id, \(bind: now) FROM catalog_catalogs c
                WHERE c.app_id = \(bind: appID) AND c.external_id = \(bind: id)
                RETURNING catalog_id
                """).first()
        }
        return made == nil ? nil : secret
    }

    /// Opens the view with `secret` of the catalog with id `id`: once, within ``openWithin`` of its
    /// making. Counts the open and gives what the page shows; nil otherwise.
    func open(secret: String, catalog id: String) async throws -> WholeCatalog? {
        let now = self.now, day = RFC3339.day(now)
        let opened = try await store.transaction { sql -> (appID: UUID, catalogID: UUID)? in
            guard let row = try await sql.raw("""
                UPDATE catalog_views SET opened_at = \(bind: now)
                WHERE secret_hash = \(bind: SecretToken.hash(secret)) AND opened_at IS NULL AND created_at > \(bind: now.addingTimeInterval(-Self.openWithin))
                  AND catalog_id = (SELECT c.id FROM catalog_catalogs c WHERE c.app_id = catalog_views.app_id AND c.external_id = \(bind: id))
                RETURNING app_id, catalog_id
                """).first() else { return nil }
            let catalogID = try row.decode(column: "catalog_id", as: UUID.self)
            try await Self.add(opens: 1, to: catalogID, day: day, on: sql)
            return (try row.decode(column: "app_id", as: UUID.self), catalogID)
        }
        guard let opened else { return nil }
        return try await CatalogService(store: store, now: now).whole(appID: opened.appID, id: id)
    }

    /// Records `report` of the opened view with `secret`; false when there is no such view open.
    func record(_ report: Report, secret: String) async throws -> Bool {
        let now = self.now, day = RFC3339.day(now)
        let opened: SQLQueryString = """
            secret_hash = \(bind: SecretToken.hash(secret)) AND opened_at > \(bind: now.addingTimeInterval(-Self.reportsFor))
            """
        return try await store.transaction { sql in
            let found = report == .closed
                ? try await sql.raw("""
                    UPDATE catalog_views SET closed_at = \(bind: now) WHERE \(opened) AND closed_at IS NULL RETURNING app_id, catalog_id
                    """).first()
                : try await sql.raw("""
                    SELECT app_id, catalog_id FROM catalog_views
                    WHERE \(opened) AND (closed_at IS NULL OR closed_at > \(bind: now.addingTimeInterval(-Self.lateReportsFor)))
                    """).first()
            guard let row = found else { return false }
            let catalogID = try row.decode(column: "catalog_id", as: UUID.self)
            switch report {
            case .closed:
                try await Self.add(closes: 1, to: catalogID, day: day, on: sql)
            case .pageViewed(_, let seconds):
                try await Self.add(pageViews: 1, seconds: min(max(0, seconds), Self.longestPageView), to: catalogID, day: day, on: sql)
            case .hotspotTapped(let offerID):
                // An offer of the view's app; one that is not (any more) counts nothing.
                try await sql.raw("""
                    INSERT INTO catalog_offer_taps (offer_id, day, taps)
                    SELECT o.id, \(bind: day), 1 FROM catalog_offers o
                    WHERE o.app_id = \(bind: try row.decode(column: "app_id", as: UUID.self)) AND o.external_id = \(bind: offerID)
                    ON CONFLICT (offer_id, day) DO UPDATE SET taps = catalog_offer_taps.taps + 1
                    """).run()
            }
            return true
        }
    }

    private static func add(opens: Int = 0, closes: Int = 0, pageViews: Int = 0, seconds: Double = 0, to catalogID: UUID, day: String,
                            on sql: any SQLDatabase) async throws {
        try await sql.raw("""
            INSERT INTO catalog_view_days (catalog_id, day, opens, closes, page_views, page_seconds)
            VALUES (\(bind: catalogID), \(bind: day), \(bind: opens), \(bind: closes), \(bind: pageViews), \(bind: seconds))
            ON CONFLICT (catalog_id, day) DO UPDATE SET opens = catalog_view_days.opens + excluded.opens,
                closes = catalog_view_days.closes + excluded.closes, page_views = catalog_view_days.page_views + excluded.page_views,
                page_seconds = catalog_view_days.page_seconds + excluded.page_seconds
            """).run()
    }

    /// The app's catalogs' views per day, the last `days` days (today included), newest first.
    public func stats(appID: UUID, days: Int) async throws -> [CatalogViewDay] {
        let since = RFC3339.day(now.addingTimeInterval(-Double(max(1, days) - 1) * 86400))
        let rows = try await store.read { sql in
            try await sql.raw("""
                SELECT c.external_id, v.day, v.opens, v.closes, v.page_views, v.page_seconds FROM catalog_view_days v
                JOIN catalog_catalogs c ON c.id = v.catalog_id WHERE c.app_id = \(bind: appID) AND v.day >= \(bind: since)
                ORDER BY v.day DESC, c.external_id
                """).all()
        }
        return try rows.map { row in
            CatalogViewDay(catalogID: try row.decode(column: "external_id", as: String.self), day: try row.decode(column: "day", as: String.self),
                     opens: try row.decode(column: "opens", as: Int.self), closes: try row.decode(column: "closes", as: Int.self),
                     pageViews: try row.decode(column: "page_views", as: Int.self),
                     pageSeconds: try row.decode(column: "page_seconds", as: Double.self))
        }
    }
}
