import Foundation
import PlayhouseAPI
import Vapor

/// The hosted page of a content unit, for a web view (phone width and landscape): `GET
/// /content/{impression}` shows the unit of that showing for an hour after it was chosen; its
/// call to action (`POST /content/{impression}/take`) issues a reward unit's receipt and shows what
/// was unlocked, or goes where an offer leads. The page runs no scripts: it tells the app by
/// links to `playhouse-event:` addresses, which the SDK's web view intercepts (`dismissed`,
/// `reward?receipt=…`); an app that misses one finds its receipts at `GET /v1/rewards`.
struct ContentPageController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        routes.get("content", ":impression", use: show)
        routes.post("content", ":impression", "take", use: take)
    }

    struct Context: Encodable {
        var lang: String
        var title: String
        var t: [String: String]
        var kind: String
        var impression: String
        var image: String?
        var body: String?
        var html: String?
        var actionLabel: String?
        var unlocked = false
        var grants: [String] = []
        var receipt: String?
        /// The console's preview: the call to action is shown, and does nothing.
        var preview = false
    }

    func show(_ request: Request) async throws -> Response {
        let (impression, id, unit) = try await shown(request)
        return try await render(request, impression: impression, id: id, unit: unit)
    }

    /// The call to action: a reward's receipt, or where the offer leads.
    func take(_ request: Request) async throws -> Response {
        let (impression, id, unit) = try await shown(request)
        if let receipt = try await request.contentEvents.click(impression, impressionID: id, unit: unit) {
            return try await render(request, impression: impression, id: id, unit: unit, receipt: receipt)
        }
        guard let action = unit.definition.action else { return try await render(request, impression: impression, id: id, unit: unit) }
        let location = action.type == "promotion" ? "/promotions/" + action.target : action.target
        return Response(status: .seeOther, headers: ["Location": location, "Cache-Control": "no-store"])
    }

    /// The impression the path names and its unit, while its page works.
    private func shown(_ request: Request) async throws -> (Impression, String, ContentUnit) {
        let id = try request.parameters.require("impression"), events = request.contentEvents
        guard let impression = try await events.impression(id),
              request.now.timeIntervalSince1970 - Double(impression.issuedAt) <= Impression.pageLifetime,
              let unit = try await events.unit(impression.unitID) else {
            throw PlayhouseProblem(.notFound, .notFound)
        }
        return (impression, id, unit)
    }

    private func render(_ request: Request, impression: Impression, id: String, unit: ContentUnit,
                        receipt: RewardReceipt? = nil) async throws -> Response {
        let acceptLanguage = request.headers.first(name: .acceptLanguage)
        var context = Self.context(unit.definition, impression: id, languages: Localizer.preferences(acceptLanguage),
                                   pageLanguage: Localizer(acceptLanguage: acceptLanguage).language)
        if let receipt {
            context.unlocked = true
            context.receipt = receipt.id
            context.grants = receipt.grant.items.map { "\($0.quantity) \($0.name)" }
                + (receipt.grant.amount.map { ["\($0.amount) \($0.currency)"] } ?? [])
        }
        return try await HostedPages.render(request, "content", context, status: .ok)
    }

    /// The page of `unit` as a player whose languages are `languages` (the first the unit has, else
    /// its default) sees it before taking its action, its buttons in `pageLanguage` (the page's own
    /// texts' language, or the unit's when nil): the hosted page's, and the console's preview.
    static func context(_ unit: ContentFile.Unit, impression: String, languages: [String], pageLanguage: String? = nil) -> Context {
        let (language, texts) = ContentUnit(id: UUID(), definition: unit).texts(for: languages)
        return Context(lang: language, title: texts.title ?? "", t: PageText.texts(pageLanguage ?? language, [:]), kind: unit.kind.rawValue,
                       impression: impression,
                       image: unit.images.sorted { $0.key < $1.key }.first.map { Assets.path($0.value) },
                       body: texts.body, html: unit.html, actionLabel: texts.actionLabel)
    }
}
