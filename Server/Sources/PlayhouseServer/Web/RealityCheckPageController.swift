import PlayhouseAPI
import Vapor

/// The hosted reality-check page: how long the player has played in this session and the net
/// result, with Continue (acknowledges the check), Check balance (the wallet page, whose way out
/// leads back here) and Stop (ends the session). Both choices end at `/pages/close`; the app learns
/// which from the session (alive, or not), as it learns everything after a hosted page.
struct RealityCheckPageController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        routes.get("reality-check", use: show)
        routes.post("reality-check", use: choose)
    }

    func show(_ request: Request) async throws -> Response {
        guard let (visit, sessionID) = try await visit(request) else { return try await message(request, "page_expired", .unauthorized) }
        let status = try await request.playSessions.status(sessionID, serverRules: request.serverSessionRules)
        guard status.alive else { return try await message(request, "reality_stopped", .ok) }
        let language = request.localizer.language
        let figures = status.statistics
        let texts = PageText.texts(language, ["minutes": String(figures.secondsPlayed / 60), "bets": String(figures.bets)])
        struct Line: Encodable { var currency: String, net: String, detail: String }
        struct Context: Encodable {
            var lang: String, title: String, t: [String: String], played: String, bets: String, money: [Line], csrf: String
        }
        let money = figures.money.map { line in
            Line(currency: line.currency, net: line.net.hasPrefix("-") ? line.net : "+" + line.net,
                 detail: PageText.texts(language, ["wagered": line.wagered, "won": line.won])["reality_staked"] ?? "")
        }
        let context = Context(lang: language, title: texts["reality_title"] ?? "", t: texts, played: texts["reality_played"] ?? "",
                              bets: texts["reality_bets"] ?? "", money: money, csrf: visit.csrf)
        return try await HostedPages.render(request, "reality-check", context, status: .ok)
    }

    /// Continue acknowledges the check (and starts the next period); Stop ends the session.
    func choose(_ request: Request) async throws -> Response {
        guard let (visit, sessionID) = try await visit(request) else { return try await message(request, "page_expired", .unauthorized) }
        struct Form: Decodable { var csrf: String?; var choice: String? }
        guard let form = try? request.content.decode(Form.self, as: .urlEncodedForm), visit.accepts(csrf: form.csrf),
              let choice = form.choice, ["continue", "stop"].contains(choice) else {
            return try await message(request, "page_forged", .forbidden)
        }
        let status = try await request.playSessions.keepAlive(sessionID, realityChecked: choice == "continue", serverRules: request.serverSessionRules)
        guard status.alive else { return try await message(request, "reality_stopped", .ok) }
        return Response(status: .seeOther, headers: ["Location": APIPath.pageClose, "Cache-Control": "no-store"])
    }

    /// The visit of the request's cookie and the play session it checks, if it was opened for one.
    private func visit(_ request: Request) async throws -> (PageSession, UUID)? {
        guard let (visit, _) = try await HostedPages.visit(request), let sessionID = visit.playSessionID else { return nil }
        return (visit, sessionID)
    }

    private func message(_ request: Request, _ key: String, _ status: HTTPStatus) async throws -> Response {
        try await HostedPages.message(request, key, status: status, title: "reality_title")
    }
}
