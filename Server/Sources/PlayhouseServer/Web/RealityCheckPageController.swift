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
        guard let (visit, playerID, sessionID) = try await visit(request) else {
            return try await WalletPageController.message(request, "page_expired", status: .unauthorized, title: "reality_title")
        }
        let status = try await request.sessions.status(sessionID, rules: try await request.sessionRules(playerID: playerID))
        guard status.alive else { return try await WalletPageController.message(request, "reality_stopped", status: .ok, title: "reality_title") }
        let language = request.localizer.language
        let texts = PageText.texts(language, [:])
        struct Line: Encodable { var currency: String, net: String, detail: String }
        struct Context: Encodable {
            var lang: String, title: String, t: [String: String], played: String, bets: String, money: [Line], csrf: String
        }
        let money = status.statistics.money.map { line in
            Line(currency: line.currency, net: line.net.hasPrefix("-") ? line.net : "+" + line.net,
                 detail: PageText.texts(language, ["wagered": line.wagered, "won": line.won])["reality_staked"] ?? "")
        }
        let played = PageText.texts(language, ["minutes": String(status.statistics.secondsPlayed / 60),
                                               "bets": String(status.statistics.bets)])
        let context = Context(lang: language, title: texts["reality_title"] ?? "", t: texts, played: played["reality_played"] ?? "",
                              bets: played["reality_bets"] ?? "", money: money, csrf: visit.csrf)
        return try await HostedPages.render(request, "reality-check", context, status: .ok)
    }

    /// Continue acknowledges the check (and starts the next period); Stop ends the session.
    func choose(_ request: Request) async throws -> Response {
        guard let (visit, playerID, sessionID) = try await visit(request) else {
            return try await WalletPageController.message(request, "page_expired", status: .unauthorized, title: "reality_title")
        }
        struct Form: Decodable { var csrf: String?; var choice: String? }
        guard let form = try? request.content.decode(Form.self, as: .urlEncodedForm), let csrf = form.csrf,
              SecretToken.hash(csrf) == SecretToken.hash(visit.csrf), let choice = form.choice, ["continue", "stop"].contains(choice) else {
            return try await WalletPageController.message(request, "page_forged", status: .forbidden, title: "reality_title")
        }
        let rules = try await request.sessionRules(playerID: playerID)
        let status = try await request.sessions.keepAlive(sessionID, realityChecked: choice == "continue", rules: rules)
        if !status.alive { return try await WalletPageController.message(request, "reality_stopped", status: .ok, title: "reality_title") }
        return Response(status: .seeOther, headers: ["Location": APIPath.pageClose, "Cache-Control": "no-store"])
    }

    /// The visit of the request's cookie, if it was opened for a play session.
    private func visit(_ request: Request) async throws -> (PageSession, UUID, UUID)? {
        guard let (visit, _) = try await WalletPageController.pageSession(request), let sessionID = visit.playSessionID else { return nil }
        return (visit, visit.$player.id, sessionID)
    }
}
