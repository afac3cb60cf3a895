import Foundation
import PlayhouseAPI
import Vapor

/// The admin API's currencies of an app, `/admin/v1/apps/{app}/currencies`: every role reads them;
/// owners and developers add one, as `playhouse currencies add` does. Audit-logged.
struct AdminCurrenciesController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        let app = AdminController.signedIn(routes).grouped("apps", ":app")
        app.requiring(.readApps).get("currencies", use: currencies)
        app.requiring(.manageApps).post("currencies", use: addCurrency)
    }

    func currencies(_ request: Request) async throws -> Page<CurrencyInfo> {
        let page = try request.query(PageRequest.self)
        return page.page(ofAll: try await request.currencies.list(appID: try await AdminController.app(request).id))
    }

    func addCurrency(_ request: Request) async throws -> Response {
        let session = try request.operatorSession
        let body = try request.decodeBody(NewCurrency.self)
        let app = try await AdminController.app(request)
        return try await request.currencies.add(appID: app.id, code: body.code, kind: body.kind, minorUnits: body.minorUnits, name: body.name.given,
                                                by: session.actor, at: request.now).encodeResponse(status: .created, for: request)
    }
}
