import Foundation
import PlayhouseAPI
import Vapor

/// The catalog viewer, a hosted page for a web view or a phone's browser: `GET
/// /viewer/catalogs/{id}?view=…` opens a view the app made (`POST /v1/catalogs/{id}/views`), once.
/// Its script (`/viewer/viewer.js`, the page's only one) pages by swipe and keys, shows two pages
/// side by side in landscape, zooms by pinch and double tap, toggles thumbnails, and highlights
/// hotspots; it tells the app what the player does through `window.webkit.messageHandlers.playhouse`
/// when there is one, else by `playhouse-event:` addresses, and tells the server of each page
/// viewed, each hotspot tapped and the close (`POST /viewer/events`, the view's secret as its bearer token).
struct CatalogViewerController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        routes.get("viewer", "catalogs", ":catalog", use: show)
        routes.get("viewer", "viewer.js", use: script)
        routes.post("viewer", "events", use: event)
    }

    struct Context: Encodable {
        var lang: String
        var title: String
        var t: [String: String]
        /// The page's data for its script, as JSON.
        var data: String
    }

    /// What the script reads.
    struct ViewerData: Encodable {
        var catalog: Catalog
        var pages: [CatalogPage]
        var hotspots: [CatalogHotspot]
        var start: Int
        var view: String
    }

    func show(_ request: Request) async throws -> Response {
        let id = try request.parameters.require("catalog")
        struct Query: Decodable { var view: String?; var page: String? }
        let given = try request.query(Query.self)
        guard let secret = given.view,
              let shown = try await request.catalogViews.open(secret: secret, catalog: id) else {
            return try await HostedPages.message(request, "viewer_gone", status: .notFound, title: "viewer_title")
        }
        let start = given.page.flatMap(Int.init).map { min(max(1, $0), shown.catalog.pageCount) } ?? 1
        let data = ViewerData(catalog: shown.catalog, pages: shown.pages, hotspots: shown.hotspots, start: start, view: secret)
        let json = String(decoding: try PlayhouseJSON.makeEncoder().encode(data), as: UTF8.self)
        let response = try await HostedPages.render(request, "catalog-viewer",
                                                    Context(lang: request.localizer.language, title: shown.catalog.label,
                                                            t: PageText.texts(request.localizer.language, [:]), data: json), status: .ok)
        // Its own script, its own images, its own events; `playhouse-event:` frames for the SDK.
        response.headers.replaceOrAdd(name: "Content-Security-Policy", value: """
            default-src 'none'; script-src 'self'; style-src 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; \
            frame-src playhouse-event:; frame-ancestors 'none'; base-uri 'none'
            """)
        return response
    }

    func script(_ request: Request) async throws -> Response {
        try HostedPages.script("viewer")
    }

    func event(_ request: Request) async throws -> HTTPStatus {
        guard let secret = request.headers.bearerAuthorization?.token else { throw PlayhouseProblem.missingToken }
        let event = try request.decodeBody(CatalogViewerEvent.self)
        let report: CatalogViewService.Report
        switch (event.type, event.page, event.seconds, event.offerID) {
        case ("closed", _, _, _): report = .closed
        case ("page_viewed", let page?, let seconds?, _) where page >= 1 && seconds.isFinite: report = .pageViewed(page: page, seconds: seconds)
        case ("hotspot_tapped", _, _, let offer?) where CatalogCheck.isID(offer): report = .hotspotTapped(offerID: offer)
        default: throw PlayhouseProblem.invalidRequest("invalid_viewer_event")
        }
        guard try await request.catalogViews.record(report, secret: secret) else { throw PlayhouseProblem(.notFound, .notFound) }
        return .noContent
    }
}
