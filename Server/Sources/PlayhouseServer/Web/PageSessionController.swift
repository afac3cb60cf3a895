import PlayhouseAPI
import Vapor

/// `POST /v1/pages`: a one-time URL of a hosted page for the signed-in player, to open in a web
/// view: the wallet pages (scope `wallet`), the reality check, and the account page (scope `profile`).
struct PageSessionController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        routes.post("pages", use: open)
    }

    func open(_ request: Request) async throws -> Response {
        let principal = try request.principal
        let body = try request.decodeBody(HostedPageRequest.self)
        // The reality check needs the play session it checks, and no scope: it protects the player.
        let playerID = switch body.page {
        case .realityCheck: try principal.requirePlayer()
        case .linkEmail: try principal.requirePlayer(scope: "profile")
        default: try principal.requirePlayer(scope: "wallet")
        }
        if body.page == .realityCheck && principal.sessionID == nil { throw PlayhouseProblem(.notFound, .sessionNotFound) }
        var page = switch body.page {
        case .wallet: "/wallet"
        case .realityCheck: "/reality-check"
        case .linkEmail: "/account/email"
        default: "/wallet/" + body.page.rawValue
        }
        if body.page == .redeem, let code = body.promotion.flatMap({ PromotionService.code(from: RedeemRequest(code: $0)) }) {
            page += "?code=" + code
        }
        let (ticket, expiresAt) = try await request.pageSessions
            .open(appID: principal.app.id, playerID: playerID, page: page, playSessionID: principal.sessionID)
        let base = request.playhouse.configuration.resolvedPublicURL
        let answer = HostedPage(url: URL(string: "\(base)/pages/enter?ticket=\(ticket)")!, closeURL: URL(string: base + APIPath.pageClose)!,
                                expiresAt: expiresAt)
        let response = try await answer.encodeResponse(status: .created, for: request)
        response.headers.replaceOrAdd(name: .cacheControl, value: "no-store")
        return response
    }
}
