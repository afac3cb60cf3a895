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
                           valid: ConsolePages.days(catalog.validFrom, catalog.validUntil), pages: String(catalog.pageCount))
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

extension ConsolePageController {
    /// One catalog as an operator checks it: its pages, each with its offers' hotspots drawn where
    /// the viewer puts them, and those offers listed (the dealer's page lists every offer).
    func catalog(_ request: Request) async throws -> Response {
        guard let session = try await OperatorSession.current(request) else { return ConsolePages.redirect("/console/sign-in") }
        guard session.person.role.may(.readApps) else { return try await ConsolePages.forbidden(request, session) }
        let whole = try await AdminCatalogController.whole(request)
        /// A rectangle in percent of its page, from the top left.
        struct Spot: Encodable { var offer, heading, price, left, top, width, height: String }
        struct PageRow: Encodable { var number: Int, image: String, spots: [Spot] }
        struct OfferRow: Encodable { var page: Int, offer, heading, price: String }
        struct Context: Encodable {
            var app, id, label, dealer, valid: String, pageCount: Int, pages: [PageRow], offers: [OfferRow]
        }
        let percent = { (fraction: Double) in String(format: "%.2f", fraction * 100) }
        let spots = Dictionary(grouping: whole.hotspots, by: \.page)
        let catalog = whole.catalog
        let context = Context(
            app: request.parameters.get("app") ?? "", id: catalog.id, label: catalog.label, dealer: catalog.dealerID,
            valid: ConsolePages.days(catalog.validFrom, catalog.validUntil), pageCount: catalog.pageCount,
            pages: whole.pages.map { page in
                PageRow(number: page.number, image: page.thumb, spots: (spots[page.number] ?? []).map { spot in
                    Spot(offer: spot.offerID, heading: spot.heading, price: ConsolePages.money(spot.price),
                         left: percent(spot.x), top: percent(spot.y), width: percent(spot.width), height: percent(spot.height))
                })
            },
            offers: whole.hotspots.map { OfferRow(page: $0.page, offer: $0.offerID, heading: $0.heading, price: ConsolePages.money($0.price)) })
        return try await ConsolePages.render(request, "console-catalog", title: catalog.label, session: session, context)
    }

    /// A dealer's offers, expired ones too, newest first, a page at a time.
    func dealerOffers(_ request: Request) async throws -> Response {
        let paging = try request.query(PageRequest.self)
        guard let session = try await OperatorSession.current(request) else { return ConsolePages.redirect("/console/sign-in") }
        guard session.person.role.may(.readApps) else { return try await ConsolePages.forbidden(request, session) }
        let app = try await AdminController.app(request), dealerID = try request.parameters.require("dealer")
        guard let dealer = try await request.catalog.dealer(appID: app.id, id: dealerID) else { throw PlayhouseProblem.notFound(request.url.path) }
        var query = CatalogService.Query(dealerIDs: [dealerID], includeExpired: true, order: [.init(key: "created", descending: true)])
        try CatalogController.page(&query, from: paging)
        let (offers, more) = try await request.catalog.offers(appID: app.id, query)
        let page = CatalogController.page(offers, query, more)
        struct OfferRow: Encodable { var id, heading, price, valid, catalog: String, expired: Bool }
        struct Context: Encodable { var app, dealer, dealerID: String, offers: [OfferRow], next: String? }
        let now = request.now
        let context = Context(app: app.clientID, dealer: dealer.name, dealerID: dealer.id, offers: page.data.map { offer in
            OfferRow(id: offer.id, heading: offer.heading, price: ConsolePages.money(offer.price),
                     valid: ConsolePages.days(offer.validFrom, offer.validUntil),
                     catalog: offer.catalogID.map { id in offer.catalogPage.map { "\(id), page \($0)" } ?? id } ?? "", expired: offer.validUntil <= now)
        }, next: page.nextCursor)
        return try await ConsolePages.render(request, "console-dealer-offers", title: "\(dealer.name): offers", session: session, context)
    }
}
