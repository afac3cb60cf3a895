import Foundation
import PlayhouseAPI
import Vapor

/// The admin API's statistics: an app's dashboard, `/admin/v1/apps/{app}/dashboard`
/// (``DashboardFigures``). Owners, developers and analysts.
struct AdminStatisticsController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        AdminController.signedIn(routes).requiring(.readStatistics).get("apps", ":app", "dashboard", use: dashboard)
    }

    func dashboard(_ request: Request) async throws -> Page<DashboardSeries> {
        let page = try request.query(PageRequest.self)
        return page.page(ofAll: try await request.dashboard.series(appID: try await AdminController.app(request).id))
    }
}
