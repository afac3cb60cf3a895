import Foundation
import PlayhouseAPI
import Vapor

extension ConsolePageController {
    /// An app's content: its units (each with a preview in each of its languages, as the player
    /// sees it), its campaigns and their placements, the placements' figures of the last 7 days (for
    /// the roles that read statistics), why a placement shows a player or an installation what it
    /// does (`?placement=` and `&player=`, either's id; for owners, developers and support), and a
    /// content file imported from the page (for owners and developers).
    func content(_ request: Request) async throws -> Response {
        struct Query: Decodable { var app: String?, placement: String?, player: String? }
        let query = try request.query(Query.self)
        guard let session = try await OperatorSession.current(request) else { return ConsolePages.redirect("/console/sign-in") }
        let role = session.person.role
        guard role.may(.readApps) else { return try await ConsolePages.forbidden(request, session) }
        let (apps, chosen) = try await ConsolePages.apps(request, session, chosen: query.app)
        struct UnitRow: Encodable { var id, kind, title, reward: String, languages: [String] }
        struct CampaignRow: Encodable { var id, unit, placements, order, window: String }
        struct StatsRow: Encodable { var day, placement, unit, requests, fills, displays, clicks, unlocks, rate: String }
        struct VerdictRow: Encodable { var campaign, unit, verdict: String, chosen: Bool }
        struct Explained: Encodable { var placement, player, at: String, chosen: String?, verdicts: [VerdictRow], note: String? }
        struct Context: Encodable {
            var apps: [ConsolePages.AppChoice], app: String?, units: [UnitRow], campaigns: [CampaignRow]
            var statistics: Bool, stats: [StatsRow], explains: Bool, explained: Explained?, manage: Bool
        }
        var context = Context(apps: apps, app: chosen?.clientID, units: [], campaigns: [], statistics: role.may(.readStatistics), stats: [],
                              explains: role.may(.explainContent), explained: nil, manage: role.may(.manageContent))
        if let chosen {
            let listed = try await request.contentUnits.list(appID: chosen.id)
            context.units = listed.units.map { unit in
                let reward = unit.reward.map { reward in
                    var parts = reward.items.map { "\($0.quantity) \($0.name)" }
                    if let amount = reward.amount, let currency = reward.currency { parts.append("\(amount) \(currency)") }
                    return parts.joined(separator: ", ")
                }
                return UnitRow(id: unit.id, kind: unit.kind.rawValue, title: unit.texts[unit.defaultLanguage]?.title ?? "", reward: reward ?? "",
                               languages: unit.texts.keys.sorted())
            }
            context.campaigns = listed.campaigns.map { campaign in
                let window = switch (campaign.startsAt, campaign.endsAt) {
                case (nil, nil): "always"
                case (let start?, nil): "from " + RFC3339.format(start)
                case (nil, let end?): "until " + RFC3339.format(end)
                case (let start?, let end?): RFC3339.format(start) + " – " + RFC3339.format(end)
                }
                return CampaignRow(id: campaign.id, unit: campaign.unit, placements: campaign.placements.joined(separator: ", "),
                                   order: "priority \(campaign.priority), weight \(campaign.weight)", window: window)
            }
            if context.statistics {
                context.stats = try await request.playhouse.contentStats.report(appID: chosen.id, days: 7, now: request.now, store: request.store)
                    .map { row in
                        StatsRow(day: row.day, placement: row.placement, unit: row.unit.isEmpty ? "(nothing)" : row.unit,
                                 requests: ConsolePages.count(row.requests), fills: ConsolePages.count(row.fills),
                                 displays: ConsolePages.count(row.displays), clicks: ConsolePages.count(row.clicks),
                                 unlocks: ConsolePages.count(row.unlocks), rate: String(format: "%.1f %%", row.impressionRate * 100))
                    }
            }
            if context.explains, let placement = query.placement, !placement.isEmpty {
                // A player by their id, else an installation by its own.
                let who = query.player ?? "", playerID = UUID(uuidString: who)
                let asker = PlacementService.Asker(appID: chosen.id, playerID: playerID, installationID: playerID == nil ? who : nil)
                var explained = Explained(placement: placement, player: who, at: "", chosen: nil, verdicts: [], note: nil)
                do {
                    let explanation = try await request.placements.explain(placement, for: asker, at: request.now)
                    explained.at = RFC3339.format(explanation.at)
                    explained.chosen = explanation.chosen
                    explained.verdicts = explanation.campaigns.map { verdict in
                        VerdictRow(campaign: verdict.campaign, unit: verdict.unit,
                                   verdict: verdict.eligible ? "can be shown" : verdict.reasons.joined(separator: "; "),
                                   chosen: verdict.campaign == explanation.chosen)
                    }
                    if explanation.campaigns.isEmpty { explained.note = "No campaign of this app runs in that placement." }
                } catch let problem as PlayhouseProblem where problem.status == .badRequest {
                    explained.note = "Name a placement, and a player by their id or an installation by its id."
                }
                context.explained = explained
            }
        }
        return try await ConsolePages.render(request, "console-content", title: "Content", session: session, context)
    }

    /// A unit's page as a player sees it (`?app=`, `&unit=`, `&lang=`), its call to action shown and doing nothing.
    func contentPreview(_ request: Request) async throws -> Response {
        struct Query: Decodable { var app: String?, unit: String, lang: String? }
        let query = try request.query(Query.self)
        guard let session = try await OperatorSession.current(request) else { return ConsolePages.redirect("/console/sign-in") }
        guard session.person.role.may(.readApps) else { return try await ConsolePages.forbidden(request, session) }
        let (_, chosen) = try await ConsolePages.apps(request, session, chosen: query.app)
        guard let chosen, chosen.clientID == query.app,
              let unit = try await request.contentUnits.list(appID: chosen.id).units.first(where: { $0.id == query.unit }) else {
            throw PlayhouseProblem(.notFound, .notFound)
        }
        var context = ContentPageController.context(unit, impression: "", languages: query.lang.map { [$0] } ?? [])
        context.preview = true
        return try await HostedPages.render(request, "content", context, status: .ok)
    }
}
