import Leaf
import PlayhouseAPI
import Vapor

/// The hosted sign-in pages of the authorization code flow: `GET /oauth/authorize` shows the
/// login and registration forms, then the consent page; the forms post to `/authorize/…`. Each
/// form carries the request's handle and only works in the browser that started the request.
/// A browser stays signed in (``BrowserSignIns``) and a player's consent is remembered
/// (``PlayerConsents``), so a second sign-in goes straight back to the app; `/oauth/logout` signs
/// the browser out.
struct AuthorizePageController: RouteCollection {
    static let browserCookie = "playhouse_browser"

    func boot(routes: any RoutesBuilder) throws {
        routes.get("oauth", "authorize", use: start)
        let forms = routes.grouped("authorize")
        forms.post("login", use: login)
        forms.post("register", use: register)
        forms.post("consent", use: consent)
        forms.post("cancel", use: cancel)
        forms.post("phone", use: sendPin)
        forms.post("phone", "verify", use: verifyPin)
        routes.get("device", use: deviceForm)
        routes.post("device", use: device)
        routes.get("oauth", "logout", use: logout)
        routes.post("oauth", "logout", use: logout)
    }

    func start(_ request: Request) async throws -> Response {
        let (browser, isNew) = browserID(request)
        var response: Response
        do {
            let parameters = try OAuthForm(encoded: request.url.query ?? "")
            var (handle, pending) = try await request.authorization.begin(parameters, browser: browser)
            response = try await show(request, try await request.authorization.resume(&pending, browser: browser), pending, handle: handle)
        } catch let failure as AuthorizationService.Failure {
            response = try await answer(request, failure, redirectStatus: .found)
        } catch is PlayhouseProblem {
            response = try await answer(request, .shown(message: "authorize.invalid_request", status: 400), redirectStatus: .found)
        }
        if isNew { setBrowserCookie(response, browser, request) }
        return response
    }

    func login(_ request: Request) async throws -> Response {
        try await withPending(request) { form, pending in
            let email = (try? form.value("email")) ?? "", password = (try? form.value("password")) ?? ""
            let limiter = request.loginLimiter
            let key = "login:" + SecretToken.hash(pending.app.id.uuidString + ":" + email.lowercased())
            if let seconds = try await limiter.retryAfter(key) {
                return try await page(request, "authorize-login", pending, handle: try form.required("request"),
                                      error: "too_many_attempts", parameters: ["seconds": String(seconds)], email: email,
                                      status: .tooManyRequests, headers: ["Retry-After": String(seconds)])
            }
            guard let player = try await request.players.authenticate(appID: pending.app.id, email: email, password: password) else {
                try await limiter.record(key)
                return try await page(request, "authorize-login", pending, handle: try form.required("request"),
                                      error: "wrong_credentials", email: email, status: .unauthorized)
            }
            return try await signedIn(request, player, pending, handle: try form.required("request"))
        }
    }

    func register(_ request: Request) async throws -> Response {
        try await withPending(request) { form, pending in
            let email = (try? form.value("email")) ?? "", password = (try? form.value("password")) ?? ""
            do {
                let player = try await request.players.register(appID: pending.app.id, email: email, password: password, now: request.now)
                return try await signedIn(request, player, pending, handle: try form.required("request"))
            } catch let problem as PlayhouseProblem where problem.status == .unprocessableEntity || problem.status == .conflict {
                return try await page(request, "authorize-login", pending, handle: try form.required("request"),
                                      error: Self.registrationError(problem.fields.first),
                                      registering: true, status: problem.status)
            }
        }
    }

    func consent(_ request: Request) async throws -> Response {
        try await withPending(request) { form, pending in
            switch try? form.value("decision") {
            case "allow": return try await finish(request, try await request.authorization.allow(pending, games: Set(form.values("game"))))
            case "deny": return try await finish(request, try await request.authorization.decline(pending))
            default: throw AuthorizationService.Failure.shown(message: "authorize.invalid_request", status: 400)
            }
        }
    }

    func cancel(_ request: Request) async throws -> Response {
        try await withPending(request) { _, pending in
            try await finish(request, try await request.authorization.decline(pending))
        }
    }

    /// `GET /device`: where a player types the code a console or TV shows (RFC 8628).
    func deviceForm(_ request: Request) async throws -> Response {
        let typed = (try? OAuthForm(encoded: request.url.query ?? "").value("user_code")) ?? nil
        return try await devicePage(request, userCode: typed.map { String($0.prefix(20)) })
    }

    /// `POST /device`: finds the device's authorization and starts the sign-in that approves it.
    func device(_ request: Request) async throws -> Response {
        let typed = (try? OAuthForm(request).value("user_code")) ?? nil
        let limiter = request.loginLimiter
        let key = "device_code:" + (request.remoteAddress?.ipAddress ?? "unknown")
        if let seconds = try await limiter.retryAfter(key) {
            return try await devicePage(request, userCode: nil, error: "too_many_attempts", parameters: ["seconds": String(seconds)],
                                        status: .tooManyRequests)
        }
        let devices = request.deviceAuthorizations
        guard let typed, let (device, app) = try await devices.pending(userCode: typed) else {
            try await limiter.record(key)
            return try await devicePage(request, userCode: typed.map { String($0.prefix(20)) }, error: "device.unknown_code",
                                        status: .badRequest)
        }
        let (browser, isNew) = browserID(request)
        var (handle, pending) = try await request.authorization.begin(device: device, app: app, browser: browser)
        let response = try await show(request, try await request.authorization.resume(&pending, browser: browser), pending, handle: handle)
        if isNew { setBrowserCookie(response, browser, request) }
        return response
    }

    /// `GET` or `POST /oauth/logout` (OpenID Connect's RP-initiated logout): signs every player out
    /// of this browser, then goes to `post_logout_redirect_uri` when it is one of `client_id`'s
    /// redirect URIs (with `state`), or shows that the player is signed out.
    func logout(_ request: Request) async throws -> Response {
        let parameters = try? (request.method == .POST ? OAuthForm(request) : OAuthForm(encoded: request.url.query ?? ""))
        // A browser without the cookie has a new id, under which nobody is signed in.
        if let location = try await request.authorization.signOut(browser: browserID(request).id, clientID: try? parameters?.value("client_id"),
                                                             postLogoutRedirectURI: try? parameters?.value("post_logout_redirect_uri"),
                                                             state: try? parameters?.value("state")) {
            return Self.redirect(to: location, status: .seeOther)
        }
        return try await HostedPages.message(request, "signed_out", status: .ok, title: "signed_out_title")
    }

    // MARK: - Helpers

    /// The page for what comes next: the login forms, the consent page, or the way back.
    private func show(_ request: Request, _ next: AuthorizationService.Next, _ pending: AuthorizationService.Pending,
                      handle: String) async throws -> Response {
        switch next {
        case .login:
            return try await page(request, "authorize-login", pending, handle: handle)
        case .consent(let playerID):
            let player = try await request.players.find(playerID, appID: pending.app.id)
            return try await page(request, "authorize-consent", pending, handle: handle,
                                  parameters: ["player": player?.email ?? player?.phoneNumber ?? ""])
        case .finished(let outcome):
            return try await finish(request, outcome)
        }
    }

    /// A redirect back to the app: its URL may carry a code, which nothing on the way may keep.
    private static func redirect(to location: String, status: HTTPStatus) -> Response {
        Response(status: status, headers: ["Location": location, "Cache-Control": "no-store"])
    }

    /// The browser's id from its cookie, or a new one (which the response must then set).
    private func browserID(_ request: Request) -> (id: String, isNew: Bool) {
        if let existing = request.cookies[Self.browserCookie]?.string, existing.utf8.count <= 100 { return (existing, false) }
        return (SecretToken.generate(prefix: ""), true)
    }

    /// Sets the browser's cookie, kept as long as a browser sign-in lasts (secure when the server is
    /// reached over HTTPS, never readable by scripts).
    private func setBrowserCookie(_ response: Response, _ browser: String, _ request: Request) {
        let configuration = request.playhouse.configuration
        response.cookies[Self.browserCookie] = HTTPCookies.Value(
            string: browser, maxAge: Int(configuration.browserSignInLifetime), path: "/",
            isSecure: configuration.resolvedPublicURL.hasPrefix("https:"), isHTTPOnly: true, sameSite: .lax)
    }

    /// Sends the player back to the app, or tells them to return to their device.
    private func finish(_ request: Request, _ outcome: AuthorizationService.Outcome) async throws -> Response {
        switch outcome {
        case .redirect(let location):
            return Self.redirect(to: location, status: .seeOther)
        case .device(let approved):
            let language = request.localizer.language
            let texts = PageText.texts(language, [:])
            let message = approved ? "device.approved" : "device.denied"
            let context = PageContext(lang: language, title: texts[message] ?? "", t: texts, error: nil, message: texts[message])
            return try await render(request, "device-done", context, status: .ok)
        }
    }

    private func devicePage(_ request: Request, userCode: String?, error: String? = nil, parameters: [String: String] = [:],
                            status: HTTPStatus = .ok) async throws -> Response {
        let language = request.localizer.language
        let texts = PageText.texts(language, parameters)
        let context = PageContext(lang: language, title: texts["device_title"] ?? "", t: texts,
                                  error: error.map { texts[$0] ?? $0 }, email: nil, userCode: userCode)
        return try await render(request, "device", context, status: status)
    }

    /// The page text explaining why registration was refused.
    private static func registrationError(_ field: PlayhouseProblem.Field?) -> String {
        switch (field?.name, field?.code) {
        case ("email", "taken"): "email_taken"
        case ("password", "too_short"): "password_too_short"
        case ("password", "too_long"): "password_too_long"
        case ("password", _): "password_invalid"
        default: "email_invalid"
        }
    }

    /// Runs `body` with the form and the pending request it belongs to; failures become pages or redirects.
    func withPending(_ request: Request, _ body: (OAuthForm, AuthorizationService.Pending) async throws -> Response) async throws -> Response {
        do {
            let form: OAuthForm
            do { form = try OAuthForm(request) } catch {
                throw AuthorizationService.Failure.shown(message: "authorize.invalid_request", status: 400)
            }
            let pending = try await request.authorization.pending(handle: try? form.value("request"),
                                                             browser: request.cookies[Self.browserCookie]?.string)
            return try await body(form, pending)
        } catch let failure as AuthorizationService.Failure {
            return try await answer(request, failure, redirectStatus: .seeOther)
        }
    }

    /// The player typed their credentials: the browser remembers them, and the request goes on.
    func signedIn(_ request: Request, _ player: Player, _ pending: AuthorizationService.Pending, handle: String) async throws -> Response {
        var pending = pending
        guard let browser = request.cookies[Self.browserCookie]?.string else {
            throw AuthorizationService.Failure.shown(message: "authorize.forged", status: 403)
        }
        let response = try await show(request, try await request.authorization.signedIn(&pending, playerID: player.id, browser: browser), pending,
                                      handle: handle)
        setBrowserCookie(response, browser, request)
        return response
    }

    private func answer(_ request: Request, _ failure: AuthorizationService.Failure, redirectStatus: HTTPStatus) async throws -> Response {
        switch failure {
        case .redirected(let location):
            return Self.redirect(to: location, status: redirectStatus)
        case .shown(let message, let status):
            let language = request.localizer.language
            let texts = PageText.texts(language, [:])
            let context = PageContext(lang: language, title: texts["error_title"] ?? "", t: texts, error: texts[message] ?? message)
            return try await render(request, "authorize-error", context, status: HTTPStatus(statusCode: status))
        }
    }

    func page(_ request: Request, _ template: String, _ pending: AuthorizationService.Pending, handle: String,
                      error: String? = nil, parameters: [String: String] = [:], email: String? = nil, registering: Bool = false,
                      phone: String? = nil, status: HTTPStatus = .ok, headers: HTTPHeaders = [:]) async throws -> Response {
        let language = request.localizer.language
        let texts = PageText.texts(language, parameters.merging(["app": pending.app.name]) { a, _ in a })
        let context = PageContext(
            lang: language, title: texts[template == "authorize-consent" ? "consent_title" : "sign_in_title"] ?? "",
            t: texts, handle: handle, scopes: pending.scopes.filter { GameProfileService.game(ofScope: $0) == nil }.map { texts["scope." + $0] ?? $0 },
            games: pending.scopes.compactMap(GameProfileService.game(ofScope:)),
            error: error.map { texts[$0] ?? $0 }, email: email.map { String($0.prefix(254)) }, registering: registering,
            phone: phone.map { String($0.prefix(20)) })
        let response = try await render(request, template, context, status: status)
        response.headers.add(contentsOf: headers)
        return response
    }

    private func render(_ request: Request, _ template: String, _ context: PageContext, status: HTTPStatus) async throws -> Response {
        try await HostedPages.render(request, template, context, status: status)
    }


}

/// What the hosted page templates see.
struct PageContext: Encodable {
    var lang: String
    var title: String
    var t: [String: String]
    var handle: String?
    var scopes: [String] = []
    /// The games whose profile the app asks to read (`{game}.profile`), each for the player to tick or not.
    var games: [String] = []
    var error: String?
    var email: String?
    var registering = false
    var message: String?
    var userCode: String?
    var phone: String?
}
