import PlayhouseAPI
import Vapor

/// `POST /v1/me/links/phone` and `POST /v1/me/links/provider`: the signed-in player (a guest, say)
/// links a phone number or a sign-in provider's account to sign in with, and stays the same player.
/// An email and password are linked on the hosted page (`POST /v1/pages {"page": "link-email"}`),
/// so that the password is typed into the server's page only.
struct PlayerLinksController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        let links = routes.grouped("me", "links")
        links.post("phone", use: linkPhone)
        links.post("provider", use: linkProvider)
    }

    func linkPhone(_ request: Request) async throws -> PlayerProfile {
        let (app, playerID) = try caller(request)
        let body = try request.decodeBody(PhoneLink.self)
        try await request.playerLinks.linkPhone(body.phoneNumber, pin: body.pin, app: app, playerID: playerID)
        return try await profile(request, app, playerID)
    }

    func linkProvider(_ request: Request) async throws -> PlayerProfile {
        let (app, playerID) = try caller(request)
        let body = try request.decodeBody(ProviderLink.self)
        try await request.federatedSignIn.link(app: app, playerID: playerID, providerName: body.provider, token: body.subjectToken,
                                               tokenType: body.subjectTokenType)
        return try await profile(request, app, playerID)
    }

    private func caller(_ request: Request) throws -> (AppRecord, UUID) {
        let principal = try request.principal
        return (principal.app, try principal.requirePlayer(scope: "profile"))
    }

    private func profile(_ request: Request, _ app: AppRecord, _ playerID: UUID) async throws -> PlayerProfile {
        guard let player = try await request.players.find(playerID, appID: app.id) else { throw PlayhouseProblem.invalidToken }
        return player.profile()
    }
}
