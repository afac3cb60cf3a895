import Fluent
import PlayhouseAPI
import Vapor

/// `POST /v1/pages`: a one-time URL of a hosted wallet page for the signed-in player (scope
/// `wallet`), to open in a web view.
struct PageSessionController: RouteCollection {
    static let ticketLifetime: TimeInterval = 60

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
        let ticket = SecretToken.generate(prefix: "pht_")
        let session = PageSession()
        session.$app.id = principal.app.id
        session.$player.id = playerID
        session.ticketHash = SecretToken.hash(ticket)
        session.csrf = SecretToken.generate(prefix: "")
        session.page = page
        session.expiresAt = request.now.addingTimeInterval(Self.ticketLifetime)
        try await session.create(on: request.db)
        let base = request.playhouse.configuration.resolvedPublicURL
        let answer = HostedPage(url: URL(string: "\(base)/pages/enter?ticket=\(ticket)")!, closeURL: URL(string: base + APIPath.pageClose)!,
                                expiresAt: session.expiresAt)
        let response = try await answer.encodeResponse(status: .created, for: request)
        response.headers.replaceOrAdd(name: .cacheControl, value: "no-store")
        return response
    }
}
