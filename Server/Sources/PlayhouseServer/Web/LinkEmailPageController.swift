import PlayhouseAPI
import Vapor

/// The hosted account page (`POST /v1/pages {"page": "link-email"}`): a guest saves their progress
/// by linking an email and a password, typed into this page only, never into the app. It needs a
/// page session, and ends, like the other pages, by navigating to `/pages/close`.
struct LinkEmailPageController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        routes.get("account", "email", use: form)
        routes.post("account", "email", use: submit)
    }

    func form(_ request: Request) async throws -> Response {
        guard let (session, app) = try await HostedPages.visit(request) else { return try await HostedPages.message(request, "page_expired", status: .unauthorized) }
        let player = try await request.players.find(session.playerID, appID: app.id)
        return try await page(request, session, message: player?.passwordHash == nil ? nil : "email_already_linked")
    }

    func submit(_ request: Request) async throws -> Response {
        guard let (session, _) = try await HostedPages.visit(request) else { return try await HostedPages.message(request, "page_expired", status: .unauthorized) }
        struct Form: Decodable { var csrf: String?; var email: String?; var password: String? }
        guard let form = try? request.content.decode(Form.self, as: .urlEncodedForm), session.accepts(csrf: form.csrf) else {
            return try await HostedPages.message(request, "page_forged", status: .forbidden)
        }
        let typed = form.email ?? "", password = form.password ?? ""
        guard let email = PlayerService.normalisedEmail(typed) else {
            return try await page(request, session, email: typed, error: "email_invalid", status: .unprocessableEntity)
        }
        if let problem = PlayerService.passwordProblems(password).first {
            return try await page(request, session, email: email, error: problem.code == "too_long" ? "password_too_long" : "password_too_short",
                                  status: .unprocessableEntity)
        }
        let passwordHash = try await request.passwordHasher.hash(password)
        do {
            try await request.playerLinks.linkEmail(email, passwordHash: passwordHash, appID: session.appID, playerID: session.playerID)
        } catch let problem as PlayhouseProblem where problem.code == .identityTaken {
            return try await page(request, session, email: email, error: "email_belongs_to_another", status: .conflict)
        } catch let problem as PlayhouseProblem where problem.code == .alreadyLinked {
            return try await page(request, session, message: "email_already_linked", status: .conflict)
        }
        return try await page(request, session, message: "email_linked", parameters: ["email": email])
    }

    private func page(_ request: Request, _ session: PageSession, email: String? = nil, message: String? = nil, error: String? = nil,
                      parameters: [String: String] = [:], status: HTTPStatus = .ok) async throws -> Response {
        let texts = PageText.texts(request.localizer.language, parameters)
        struct Context: Encodable {
            var lang: String, title: String, t: [String: String], csrf: String, email: String?, message: String?, error: String?
        }
        let context = Context(lang: request.localizer.language, title: texts["link_email_title"] ?? "", t: texts, csrf: session.csrf,
                              email: email, message: message.flatMap { texts[$0] }, error: error.flatMap { texts[$0] })
        return try await HostedPages.render(request, "link-email", context, status: status)
    }
}
