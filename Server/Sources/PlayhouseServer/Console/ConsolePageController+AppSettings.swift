import Foundation
import PlayhouseAPI
import Vapor

extension ConsolePageController {
    /// An app's currencies, the sign-in providers it trusts and its promotions (`?app=`), with a
    /// form for each to add one (for owners and developers).
    func appSettings(_ request: Request) async throws -> Response {
        struct Query: Decodable { var app: String? }
        let query = try request.query(Query.self)
        guard let session = try await OperatorSession.current(request) else { return ConsolePages.redirect("/console/sign-in") }
        guard session.person.role.may(.readApps) else { return try await ConsolePages.forbidden(request, session) }
        let (_, chosen) = try await ConsolePages.apps(request, session, chosen: query.app)
        guard let app = chosen, app.clientID == query.app else { throw PlayhouseProblem(.notFound, .notFound) }
        struct CurrencyRow: Encodable { var code, kind, name, digits: String }
        struct ProviderRow: Encodable { var name, kind, issuer, audience: String }
        struct PromotionRow: Encodable { var code, name, amount, redeemed, window, url: String }
        struct Context: Encodable {
            var name, app: String, currencies: [CurrencyRow], providers: [ProviderRow], promotions: [PromotionRow], codes: [String], manage: Bool
        }
        let currencies = try await request.currencies.list(appID: app.id)
        let promotions = try await request.promotions.list(appID: app.id).map { promotion in
            PromotionRow(code: promotion.code, name: promotion.name, amount: ConsolePages.money(promotion.amount) + " (\(promotion.economy.rawValue))",
                         redeemed: "\(promotion.redemptions)" + (promotion.maxRedemptions.map { " of \($0)" } ?? ""),
                         window: (promotion.startsAt.map { "from " + RFC3339.format($0) + " " } ?? "") + (promotion.expiresAt.map { "until " + RFC3339.format($0) } ?? ""),
                         url: promotion.url)
        }
        let context = Context(
            name: app.name, app: app.clientID,
            currencies: currencies.map { CurrencyRow(code: $0.code, kind: $0.kind.rawValue, name: $0.name, digits: String($0.minorUnits)) },
            providers: try await request.identityProviders.list(app: app.id.uuidString).map {
                ProviderRow(name: $0.name, kind: $0.kind, issuer: $0.issuer ?? "", audience: $0.audience)
            },
            promotions: promotions, codes: currencies.filter { $0.kind != .credit }.map(\.code), manage: session.person.role.may(.manageApps))
        return try await ConsolePages.render(request, "console-app-settings", title: app.name, session: session, context)
    }
}
