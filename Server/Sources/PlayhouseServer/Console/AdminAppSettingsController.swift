import Foundation
import PlayhouseAPI
import Vapor

/// The admin API's settings of an app, `/admin/v1/apps/{app}/currencies`, `/providers` and
/// `/promotions`: every role reads them; owners and developers add a currency, trust a sign-in
/// provider and create a promotion, as `playhouse currencies add`, `apps add-provider` and
/// `promotions create` do. A provider's secrets are taken, never shown. Every change is audit-logged.
struct AdminAppSettingsController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        let app = AdminController.signedIn(routes).grouped("apps", ":app")
        app.get("currencies", use: currencies)
        app.post("currencies", use: addCurrency)
        app.get("providers", use: providers)
        app.post("providers", use: addProvider)
        app.get("promotions", use: promotions)
        app.post("promotions", use: createPromotion)
    }

    func currencies(_ request: Request) async throws -> Page<CurrencyInfo> {
        try request.operatorSession.require(.readApps)
        let page = try request.query(PageRequest.self)
        return page.page(ofAll: try await request.currencies.list(appID: try await AdminController.app(request).id))
    }

    func addCurrency(_ request: Request) async throws -> Response {
        let session = try request.operatorSession
        try session.require(.manageApps)
        struct Body: Decodable {
            var code: String
            var kind: CurrencyKind
            var minorUnits: Int?
            var name: String?
            enum CodingKeys: String, CodingKey { case code, kind, minorUnits = "minor_units", name }
        }
        let body = try request.decodeBody(Body.self)
        let app = try await AdminController.app(request)
        return try await request.currencies.add(appID: app.id, code: body.code, kind: body.kind, minorUnits: body.minorUnits, name: body.name.given,
                                                by: session.actor, at: request.now).encodeResponse(status: .created, for: request)
    }

    func providers(_ request: Request) async throws -> Page<IdentityProviderService.Summary> {
        try request.operatorSession.require(.readApps)
        let app = try await AdminController.app(request)
        let page = try request.query(PageRequest.self)
        return page.page(ofAll: try await request.identityProviders.list(app: app.id.uuidString))
    }

    /// Trusts a provider: `oidc` with its `issuer`, `audience` and `jwks_uri`, or `facebook` with
    /// the provider app's id (`audience`) and its `app_token` (and optionally its endpoints).
    func addProvider(_ request: Request) async throws -> Response {
        let session = try request.operatorSession
        try session.require(.manageApps)
        struct Body: Decodable {
            var name: String
            var kind: String
            var issuer: String?
            var audience: String
            var jwksURI: String?
            var appToken: String?
            var introspectionURL: String?
            var profileURL: String?
            enum CodingKeys: String, CodingKey {
                case appToken = "app_token", audience, introspectionURL = "introspection_url", issuer, jwksURI = "jwks_uri", kind, name,
                    profileURL = "profile_url"
            }
        }
        let body = try request.decodeBody(Body.self)
        let kind = try IdentityProviderService.Kind.named(body.kind, issuer: body.issuer, audience: body.audience, jwksURI: body.jwksURI,
                                                          appToken: body.appToken, introspectionURL: body.introspectionURL, profileURL: body.profileURL)
        let app = try await AdminController.app(request)
        return try await request.identityProviders.add(app: app.id.uuidString, name: body.name, kind: kind, by: session.actor)
            .encodeResponse(status: .created, for: request)
    }

    func promotions(_ request: Request) async throws -> Page<PromotionInfo> {
        try request.operatorSession.require(.readApps)
        let page = try request.query(PageRequest.self)
        return page.page(ofAll: try await request.promotions.list(appID: try await AdminController.app(request).id))
    }

    func createPromotion(_ request: Request) async throws -> Response {
        let session = try request.operatorSession
        try session.require(.manageApps)
        struct Body: Decodable {
            var code: String
            var amount: String
            var currency: String
            /// `real` or `sandbox`; none (or empty) for the app's own.
            var economy: String?
            var name: String?
            var maxRedemptions: Int?
            /// RFC 3339; none (or empty) for now and for never.
            var startsAt: String?
            var expiresAt: String?
            enum CodingKeys: String, CodingKey {
                case amount, code, currency, economy, expiresAt = "expires_at", maxRedemptions = "max_redemptions", name, startsAt = "starts_at"
            }
        }
        let body = try request.decodeBody(Body.self)
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

extension IdentityProviderService.Summary: Content {}
extension PromotionInfo: Content {}
