import Foundation
import PlayhouseAPI
import Vapor

extension ConsolePageController {
    /// How many stores the catalog page's map draws at most.
    static let mapStores = 2_000

    /// An app's catalog: how many dealers, stores, catalogs and offers it has, its dealers and
    /// catalogs, a map of its stores, how its catalogs were viewed the last 7 days (for the roles
    /// that read statistics), and a catalog file imported from the page (for owners and developers).
    func catalogs(_ request: Request) async throws -> Response {
        struct Query: Decodable { var app: String? }
        let query = try request.query(Query.self)
        guard let session = try await OperatorSession.current(request) else { return ConsolePages.redirect("/console/sign-in") }
        guard session.person.role.may(.readApps) else { return try await ConsolePages.forbidden(request, session) }
        let (apps, chosen) = try await ConsolePages.apps(request, session, chosen: query.app)
        struct DealerRow: Encodable { var id, name, stores, offers: String, color: String? }
        struct CatalogRow: Encodable { var id, dealer, label, valid, pages: String }
        struct ViewRow: Encodable { var day, catalog, opens, closes, pageViews, seconds: String }
        struct Context: Encodable {
            var apps: [ConsolePages.AppChoice], app: String?, dealers, stores, catalogs, offers: String
            var dealerList: [DealerRow], catalogList: [CatalogRow], more: Bool, map: StoreMap?, mapNote: String
            var views: [ViewRow], statistics, manage: Bool
        }
        let number = ConsolePages.count
        var context = Context(apps: apps, app: chosen?.clientID, dealers: "0", stores: "0", catalogs: "0", offers: "0", dealerList: [], catalogList: [],
                              more: false, map: nil, mapNote: "", views: [],
                              statistics: session.person.role.may(.readStatistics), manage: session.person.role.may(.manageContent))
        if let chosen {
            let overview = try await request.catalog.overview(appID: chosen.id)
            (context.dealers, context.stores) = (number(overview.dealers), number(overview.stores))
            (context.catalogs, context.offers) = (number(overview.catalogs), number(overview.offers))
            context.more = overview.dealers > overview.dealerList.count || overview.catalogs > overview.catalogList.count
            context.dealerList = overview.dealerList.map { dealer in
                DealerRow(id: dealer.id, name: dealer.name, stores: number(dealer.stores), offers: number(dealer.offers), color: dealer.brandColor)
            }
            context.catalogList = overview.catalogList.map { catalog in
                CatalogRow(id: catalog.id, dealer: catalog.dealerID, label: catalog.label,
                           valid: RFC3339.day(catalog.validFrom) + " – " + RFC3339.day(catalog.validUntil), pages: String(catalog.pageCount))
            }
            if overview.stores > 0 {
                let points = try await request.catalog.mapPoints(appID: chosen.id, stores: overview.stores, limit: Self.mapStores)
                context.map = StoreMap(points, dealers: overview.dealerList.map { ($0.id, $0.brandColor) })
                context.mapNote = points.count == overview.stores ? "Every store" : "\(number(points.count)) of the \(number(overview.stores)) stores"
            }
            if context.statistics {
                context.views = try await request.catalogViews.stats(appID: chosen.id, days: 7).map { day in
                    ViewRow(day: day.day, catalog: day.catalogID, opens: number(day.opens), closes: number(day.closes), pageViews: number(day.pageViews),
                            seconds: String(format: "%.0f", day.pageSeconds))
                }
            }
        }
        return try await ConsolePages.render(request, "console-catalogs", title: "Catalogs", session: session, context)
    }
}
