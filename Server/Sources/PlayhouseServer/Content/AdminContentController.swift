import Foundation
import PlayhouseAPI
import Vapor

/// The admin API's content, `/admin/v1/apps/{app}/content`: every role reads the app's units and
/// campaigns; the roles that read statistics read the placements' figures; owners, developers and
/// support see why a placement shows a player what it does; owners and developers import a content
/// file (JSON, as `playhouse content import` reads it, without the image files, which only the
/// command line reads). Imports are audit-logged.
struct AdminContentController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        let content = AdminController.signedIn(routes).grouped("apps", ":app", "content")
        content.requiring(.readApps).get(use: list)
        content.requiring(.readStatistics).get("stats", use: stats)
        content.requiring(.explainContent).get("explain", use: explain)
        content.requiring(.manageContent).post("imports", use: importFile)
    }

    func list(_ request: Request) async throws -> ContentListing {
        return try await request.contentUnits.list(appID: try await AdminController.app(request).id)
    }

    /// Each placement's and unit's figures per UTC day, the last `days` (1 to 90, 7 unless asked).
    func stats(_ request: Request) async throws -> Page<ContentStatsRow> {
        let page = try request.query(PageRequest.self)
        return page.page(ofAll: try await ContentController.stats(appID: try await AdminController.app(request).id, request))
    }

    /// Why each campaign of `placement` is or is not shown to `player_id` (or `installation_id`)
    /// at `at` (now when left out), as `GET /v1/content/explain` tells the app.
    func explain(_ request: Request) async throws -> PlacementExplanation {
        return try await ContentController.explain(appID: try await AdminController.app(request).id, request)
    }

    /// Imports the content file in the body; a file with any problem is refused whole, naming
    /// every problem (422), and nothing is stored.
    func importFile(_ request: Request) async throws -> ContentImported {
        let session = try request.operatorSession
        let app = try await AdminController.app(request)
        let file = try request.decodeBody(ContentFile.self)
        return try await request.contentUnits.importFile(file, images: [:], appID: app.id, by: session.actor)
    }
}
