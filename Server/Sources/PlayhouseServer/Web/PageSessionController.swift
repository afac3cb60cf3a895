import Fluent
import PlayhouseAPI
import Vapor

/// `POST /v1/pages`: a one-time URL of a hosted wallet page for the signed-in player (scope
/// `wallet`), to open in a web view.
struct PageSessionController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        routes.post("pages", use: open)
    }

    func open(_ request: Request) async throws -> Response {
        let principal = try request.principal
        let playerID = try principal.requirePlayer(scope: "wallet")
        let body = try request.content.decode(HostedPageRequest.self)
        var page = body.page == .wallet ? "/wallet" : "/wallet/" + body.page.rawValue
        if body.page == .redeem, let code = body.promotion.flatMap({ PromotionService.code(from: RedeemRequest(code: $0)) }) {
            page += "?code=" + code
        }
        let (ticket, expiresAt) = try await PageSessionService(database: request.db, now: request.now)
            .open(appID: principal.app.id, playerID: playerID, page: page)
        let base = request.playhouse.configuration.resolvedPublicURL
        let answer = HostedPage(url: URL(string: "\(base)/pages/enter?ticket=\(ticket)")!, closeURL: URL(string: base + APIPath.pageClose)!,
                                expiresAt: expiresAt)
        let response = try await answer.encodeResponse(status: .created, for: request)
        response.headers.replaceOrAdd(name: .cacheControl, value: "no-store")
        return response
    }
}
