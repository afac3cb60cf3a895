import PlayhouseAPI
import Vapor

/// `POST /v1/auth/phone/pin`: texts a sign-in PIN to a phone number (with the app's token). The PIN
/// is exchanged at `/oauth/token` with grant type `urn:playhouse:grant-type:phone-pin`.
struct PhoneAuthController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        routes.post("auth", "phone", "pin", use: sendPin)
    }

    func sendPin(_ request: Request) async throws -> Response {
        let principal = try request.principal
        let body = try request.content.decode(PinRequest.self)
        let expiresIn = try await PhonePinService(database: request.db, now: request.now)
            .send(to: body.phoneNumber, app: principal.app, sender: request.smsSender, localizer: request.localizer)
        let response = Response(status: .accepted)
        try response.content.encode(PinSent(expiresIn: expiresIn))
        return response
    }
}
