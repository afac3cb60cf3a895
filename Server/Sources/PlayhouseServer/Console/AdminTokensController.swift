import Foundation
import PlayhouseAPI
import Vapor

/// The admin API's API tokens, `/admin/v1/tokens`: an operator makes tokens for their scripts from
/// the console (the secret shown once), lists and revokes them; owners list and revoke everyone's.
/// A call with a token has its operator's role (``OperatorTokens``).
struct AdminTokensController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        let tokens = AdminController.signedIn(routes).grouped("tokens")
        tokens.get(use: list)
        tokens.post(use: make)
        tokens.delete(":token", use: revoke)
    }

    func make(_ request: Request) async throws -> Response {
        let session = try request.operatorSession
        try session.requireConsole()
        let body = try request.decodeBody(NewOperatorToken.self)
        let made = try await request.operatorTokens.make(for: session.person, name: body.name, days: body.expiresInDays, by: session.actor)
        let response = try await OperatorTokenMade(token: made.token, secret: made.secret).encodeResponse(status: .created, for: request)
        response.headers.replaceOrAdd(name: .cacheControl, value: "no-store")
        return response
    }

    /// The operator's own tokens; an owner's list has everyone's.
    func list(_ request: Request) async throws -> Page<OperatorToken> {
        let session = try request.operatorSession
        let page = try request.query(PageRequest.self)
        return page.page(ofAll: try await request.operatorTokens.list(of: Self.limitedTo(session)))
    }

    func revoke(_ request: Request) async throws -> HTTPStatus {
        let session = try request.operatorSession
        guard let id = request.parameters.get("token").flatMap(UUID.init(uuidString:)),
              try await request.operatorTokens.revoke(id, of: Self.limitedTo(session), by: session.actor) != nil else {
            throw PlayhouseProblem.notFound(request.url.path)
        }
        return .noContent
    }

    /// Whose tokens the caller sees and revokes: their own, or (an owner) everyone's.
    private static func limitedTo(_ session: OperatorService.Session) -> Operator? {
        session.person.role.may(.manageOperators) ? nil : session.person
    }
}
