import PlayhouseAPI
import Vapor

/// The hosted wallet pages, for the SDK's web views: wallet (balances and history), deposit,
/// withdraw and redeem. They need a page session (see ``PageSessionController``), work at phone
/// width, and end by navigating to `/pages/close`. They tell the app nothing: it re-reads the wallet.
struct WalletPageController: RouteCollection {
    enum Mode: String {
        case deposit, withdraw, redeem
    }

    func boot(routes: any RoutesBuilder) throws {
        routes.get("pages", "enter", use: enter)
        routes.get("pages", "close", use: close)
        routes.get("wallet", use: overview)
        for mode in [Mode.deposit, .withdraw, .redeem] {
            routes.get("wallet", PathComponent(stringLiteral: mode.rawValue)) { try await form($0, mode) }
            routes.post("wallet", PathComponent(stringLiteral: mode.rawValue)) { try await submit($0, mode) }
        }
        routes.get("promotions", ":code") { request -> Response in
            let code = PromotionService.code(from: RedeemRequest(code: request.parameters.get("code"))) ?? ""
            return Response(status: .seeOther, headers: ["Location": "/wallet/redeem?code=\(code)", "Cache-Control": "no-store"])
        }
    }

    /// Swaps the one-time ticket for the page cookie and opens the page it was issued for.
    func enter(_ request: Request) async throws -> Response {
        struct Query: Decodable { var ticket: String? }
        let ticket = try request.query(Query.self).ticket ?? ""
        guard let (cookie, page) = try await request.pageSessions.enter(ticket: ticket) else {
            return try await HostedPages.message(request, "page_expired", status: .unauthorized)
        }
        let response = Response(status: .seeOther, headers: ["Location": page, "Cache-Control": "no-store"])
        response.cookies[HostedPages.cookie] = HTTPCookies.Value(
            string: cookie, expires: request.now.addingTimeInterval(PageSessionService.sessionLifetime), path: "/",
            isSecure: request.playhouse.configuration.resolvedPublicURL.hasPrefix("https:"), isHTTPOnly: true, sameSite: .lax)
        return response
    }

    func close(_ request: Request) async throws -> Response {
        try await HostedPages.message(request, "page_closed", status: .ok)
    }

    func overview(_ request: Request) async throws -> Response {
        struct Query: Decodable { var from: String? }
        guard let (session, app) = try await HostedPages.visit(request) else { return try await HostedPages.message(request, "page_expired", status: .unauthorized) }
        let playerID = session.playerID
        let wallet = try await request.wallet.wallet(app: app, playerID: playerID)
        let history = try await request.wallet.history(app: app, playerID: playerID, filter: .init(), page: try PageRequest(limit: 20))
        let texts = PageText.texts(request.localizer.language, [:])
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withFullDate]
        struct Line: Encodable { var available: String; var economy: String; var held: String? }
        struct Entry: Encodable { var date: String; var kind: String; var amount: String }
        struct Context: Encodable {
            var lang: String, title: String, t: [String: String], balances: [Line], history: [Entry]
            /// Opened from the reality check: the way out leads back to it.
            var fromRealityCheck: Bool
        }
        let context = Context(
            lang: request.localizer.language, title: texts["wallet_title"] ?? "", t: texts,
            balances: wallet.balances.map { Line(available: $0.available.description, economy: $0.economy.rawValue,
                                                 held: $0.pendingWithdrawals.value == 0 ? nil : $0.pendingWithdrawals.description) },
            history: history.data.map { Entry(date: formatter.string(from: $0.createdAt), kind: texts["kind." + $0.kind.rawValue] ?? $0.kind.rawValue,
                                              amount: $0.amount.description) },
            fromRealityCheck: try request.query(Query.self).from == "reality-check" && session.playSessionID != nil)
        return try await HostedPages.render(request, "wallet", context, status: .ok)
    }

    func form(_ request: Request, _ mode: Mode) async throws -> Response {
        guard let (session, app) = try await HostedPages.visit(request) else { return try await HostedPages.message(request, "page_expired", status: .unauthorized) }
        struct Query: Decodable { var code: String? }
        let code = try request.query(Query.self).code.flatMap { PromotionService.code(from: RedeemRequest(code: $0)) }
        return try await formPage(request, mode, session, app, code: code)
    }

    func submit(_ request: Request, _ mode: Mode) async throws -> Response {
        guard let (session, app) = try await HostedPages.visit(request) else { return try await HostedPages.message(request, "page_expired", status: .unauthorized) }
        struct Form: Decodable { var csrf: String?; var form_id: String?; var amount: String?; var currency: String?; var payment_method: String?; var code: String? }
        guard let form = try? request.content.decode(Form.self, as: .urlEncodedForm),
              session.accepts(csrf: form.csrf),
              let formID = form.form_id, UUID(uuidString: formID) != nil else {
            return try await HostedPages.message(request, "page_forged", status: .forbidden)
        }
        let playerID = session.playerID
        let fields = [mode.rawValue, form.amount ?? "", form.currency ?? "", form.payment_method ?? "", form.code ?? ""]
        let idempotent = IdempotentRequest(request, appID: app.id, playerID: playerID, key: "page:" + formID, fields: fields)
        let language = request.localizer.language
        do {
            if mode == .redeem {
                let response = try await request.redeemPromotion(RedeemRequest(code: form.code), app: app, playerID: playerID, idempotent: idempotent)
                let redemption = try IdempotentRequest.value(of: response, as: Redemption.self)
                return try await formPage(request, mode, session, app,
                                          message: PageText.texts(language, ["amount": redemption.amount.description])["redeemed"])
            }
            let body = PaymentRequest(amount: Money(amount: form.amount ?? "", currency: form.currency ?? ""), paymentMethod: form.payment_method)
            let response = try await request.makePayment(mode == .deposit ? .deposit : .withdrawal, body, app: app, playerID: playerID, idempotent: idempotent)
            let payment = try IdempotentRequest.value(of: response, as: Payment.self)
            let key = switch (mode, payment.status) {
            case (_, .declined): "payment_declined"
            case (.deposit, .completed): "deposit_completed"
            case (.deposit, _): "deposit_pending"
            default: "withdraw_pending"
            }
            let text = PageText.texts(language, ["amount": payment.amount.description])[key]
            return payment.status == .declined
                ? try await formPage(request, mode, session, app, error: text)
                : try await formPage(request, mode, session, app, message: text)
        } catch let refusal as IdempotentRequest.Refusal {
            return try await formPage(request, mode, session, app, error: refusal.text, status: refusal.status)
        } catch let problem as PlayhouseProblem {
            return try await formPage(request, mode, session, app, error: problem.text(request.localizer),
                                      status: HTTPStatus(statusCode: Int(problem.status.code)))
        }
    }

    private func formPage(_ request: Request, _ mode: Mode, _ session: PageSession, _ app: AppRecord, code: String? = nil,
                          message: String? = nil, error: String? = nil, status: HTTPStatus = .ok) async throws -> Response {
        let texts = PageText.texts(request.localizer.language, [:])
        let currencies = try await request.currencies.list(appID: app.id).filter { $0.kind == .real }.map(\.code)
        struct Context: Encodable {
            var lang: String, title: String, t: [String: String], mode: String, submit: String, csrf: String, formID: String
            var currencies: [String], methods: [String], code: String?, message: String?, error: String?
        }
        let context = Context(lang: request.localizer.language, title: texts["\(mode.rawValue)_title"] ?? "", t: texts, mode: mode.rawValue,
                              submit: texts["submit_\(mode.rawValue)"] ?? "", csrf: session.csrf, formID: UUID.random().uuidString,
                              currencies: currencies, methods: request.payments.provider.methods.sorted(), code: code,
                              message: message, error: error)
        return try await HostedPages.render(request, "wallet-form", context, status: status)
    }
}
