import Foundation
import PlayhouseAPI
import Vapor

/// The admin API's promotions of an app, `/admin/v1/apps/{app}/promotions`: every role reads them;
/// owners and developers create one, as `playhouse promotions create` does. Audit-logged.
struct AdminPromotionsController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        let app = AdminController.signedIn(routes).grouped("apps", ":app")
        app.requiring(.readApps).get("promotions", use: promotions)
        app.requiring(.manageApps).post("promotions", use: createPromotion)
    }

    func promotions(_ request: Request) async throws -> Page<PromotionInfo> {
        let page = try request.query(PageRequest.self)
        return page.page(ofAll: try await request.promotions.list(appID: try await AdminController.app(request).id))
    }

    func createPromotion(_ request: Request) async throws -> Response {
        let session = try request.operatorSession
        let body = try request.decodeBody(NewPromotion.self)
        var fields: [PlayhouseProblem.Field] = []
        let economy = body.economy.given.map { Economy(rawValue: $0) }
        if economy == .some(nil) { fields.append(.init(name: "economy", code: "invalid_value")) }
        func time(_ text: String?, _ name: String) -> Date? {
            guard let text = text.given else { return nil }
            guard let date = RFC3339.parse(text) else { fields.append(.init(name: name, code: "invalid_value")); return nil }
            return date
        }
        let (startsAt, expiresAt) = (time(body.startsAt, "starts_at"), time(body.expiresAt, "expires_at"))
        guard fields.isEmpty else { throw PlayhouseProblem.validation(fields) }
        let app = try await AdminController.app(request)
        return try await request.promotions.create(appID: app.id, code: body.code, name: body.name.given, amount: body.amount, currency: body.currency,
                                                   economy: economy ?? nil, maxRedemptions: body.maxRedemptions, startsAt: startsAt,
                                                   expiresAt: expiresAt, by: session.actor).encodeResponse(status: .created, for: request)
    }
}
