import PlayhouseAPI
import Vapor

/// `/v1/auth`: `POST phone/pin` texts a sign-in PIN to a phone number (with the app's token), to be
/// exchanged at `/oauth/token` with grant type `urn:playhouse:grant-type:phone-pin`; `POST logout`
/// ends the player's session, revokes its tokens and signs the player out of every browser.
struct PlayerAuthController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        routes.post("auth", "phone", "pin", use: sendPin)
        routes.post("auth", "logout", use: logout)
    }

    func sendPin(_ request: Request) async throws -> Response {
        let principal = try request.principal
        let body = try request.decodeBody(PinRequest.self)
        let expiresIn = try await request.phonePins
            .send(to: body.phoneNumber, app: principal.app, sender: request.smsSender, localizer: request.localizer)
        let response = Response(status: .accepted)
        try response.content.encode(PinSent(expiresIn: expiresIn))
        return response
    }

    func logout(_ request: Request) async throws -> HTTPStatus {
        let principal = try request.principal
        guard let playerID = principal.playerID else { throw PlayhouseProblem(.forbidden, .playerTokenRequired) }
        if let sessionID = principal.sessionID {
            try await request.playSessions.end(sessionID)
        } else if let tokenID = principal.tokenID {
            _ = try await request.tokens.claim(tokenID, kind: .access)
        }
        try await request.browserSignIns.end(playerID: playerID)
        return .noContent
    }
}
