import Foundation
import PlayhouseAPI
import Vapor

/// The admin API's catalog, `/admin/v1/apps/{app}/catalog`: every role reads the overview (how
/// many dealers, stores, catalogs and offers, the dealers and catalogs listed), a catalog whole
/// (its pages and hotspots) and the offers (as `GET /v1/offers` lists them); the roles that read
/// statistics read how the catalogs were viewed; owners and developers import a catalog file (JSON,
/// as `playhouse catalog import` reads it, without the logo, image and page files, which only the
/// command line reads). Imports are audit-logged.
struct AdminCatalogController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        let catalog = AdminController.signedIn(routes).grouped("apps", ":app", "catalog")
        catalog.requiring(.readApps).get(use: overview)
        catalog.requiring(.readStatistics).get("views", use: views)
        catalog.requiring(.readApps).get("offers", use: offers)
        catalog.requiring(.readApps).get("catalogs", ":catalog", use: whole)
        catalog.requiring(.manageContent).post("imports", use: importFile)
    }

    func overview(_ request: Request) async throws -> CatalogOverview {
        return try await request.catalog.overview(appID: try await AdminController.app(request).id)
    }

    /// A page of the app's offers, with the filters, order and paging of `GET /v1/offers`.
    func offers(_ request: Request) async throws -> Page<Offer> {
        let app = try await AdminController.app(request)
        let query = try CatalogController.offerQuery(request)
        let (offers, more) = try await request.catalog.offers(appID: app.id, query)
        return CatalogController.page(offers, query, more)
    }

    func whole(_ request: Request) async throws -> WholeCatalog {
        return try await Self.whole(request)
    }

    /// The catalog the path names (`{app}`, `{catalog}`) whole, for the admin API and the console's page.
    static func whole(_ request: Request) async throws -> WholeCatalog {
        let app = try await AdminController.app(request), id = try request.parameters.require("catalog")
        guard let found = try await request.catalog.whole(appID: app.id, id: id) else { throw PlayhouseProblem.notFound(request.url.path) }
        return found
    }

    /// Opens, closes, page views and seconds on pages per catalog per UTC day, the last `days` (1 to
    /// 90, 7 unless asked), today included.
    func views(_ request: Request) async throws -> Page<CatalogViewDay> {
        let page = try request.query(PageRequest.self)
        let days = try request.statisticsDays()
        return page.page(ofAll: try await request.catalogViews.stats(appID: try await AdminController.app(request).id, days: days))
    }

    /// Imports the catalog file in the body; a file with any problem is refused whole, naming
    /// every problem (422), and nothing is stored.
    func importFile(_ request: Request) async throws -> CatalogImported {
        let session = try request.operatorSession
        let app = try await AdminController.app(request)
        let file = try request.decodeBody(CatalogFile.self)
        return try await request.catalog.importFile(file, files: [:], appID: app.id, by: session.actor)
    }
}
