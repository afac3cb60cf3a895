import Foundation
import PlayhouseAPI
@testable import PlayhouseServer
import Testing
import Vapor
import VaporTesting

/// A browser that signed in stays signed in, and a player's consent is remembered: the second
/// sign-in goes straight back to the app. OpenID Connect's `prompt` and `max_age` ask again, and
/// signing out of the browser, logging out of the app or revoking a token ends it.
@Suite struct BrowserSignInTests {
    /// Signs Ann in (registering her first), allowing `scope`, in `flow`'s browser; answers her tokens.
    func signIn(_ flow: inout SignInFlow, scope: String = "profile play", register: Bool = true) async throws -> TokenResponse {
        let code = try await flow.signIn(register: register, scope: scope, sameBrowser: true)
        let response = try await flow.exchange(code)
        try #require(response.status == .ok, "\(response.body.string)")
        return try response.decode(TokenResponse.self)
    }

    /// `GET /oauth/authorize` again in the same browser.
    func again(_ flow: inout SignInFlow, _ parameters: [String: String?] = [:]) async throws -> TestingHTTPResponse {
        var parameters = parameters
        if parameters["scope"] == nil { parameters["scope"] = "profile play" }
        return try await flow.authorize(parameters)
    }

    func isLoginPage(_ response: TestingHTTPResponse) -> Bool {
        response.status == .ok && response.body.string.contains(#"action="/authorize/login""#)
    }

    func isConsentPage(_ response: TestingHTTPResponse) -> Bool {
        response.status == .ok && response.body.string.contains(#"action="/authorize/consent""#)
    }

    @Test(arguments: Engine.available)
    func theSecondSignInInTheSameBrowserGoesStraightBackToTheApp(_ engine: Engine) async throws {
        try await withPlayhouse(engine, { $0.passwordHashCost = 4 }) { app in
            var flow = SignInFlow(app, try await app.createApp())
            let first = try await signIn(&flow)
            let ann = try await app.send(.GET, "/v1/me", headers: bearer(first.accessToken)).decode(PlayerProfile.self)

            app.playhouseClock.advance(by: 3600)
            let second = try await again(&flow)
            #expect(second.status == .seeOther)
            #expect(second.headers.first(name: .cacheControl) == "no-store")
            let parameters = SignInFlow.redirectParameters(second)
            #expect(parameters["state"] == "state-123")
            let tokens = try await flow.exchange(try #require(parameters["code"])).decode(TokenResponse.self)
            #expect(try await app.send(.GET, "/v1/me", headers: bearer(tokens.accessToken)).decode(PlayerProfile.self).id == ann.id)

            // The cookie outlives the browser's session: it lasts as long as the sign-in.
            var fresh = SignInFlow(app, flow.credentials)
            let cookie = try #require(try await fresh.authorize().headers.setCookie?[AuthorizePageController.browserCookie])
            #expect(cookie.maxAge == 14 * 24 * 3600)
            #expect(cookie.isHTTPOnly)
            #expect(cookie.sameSite == .lax)

            // Another browser, and another app in the same browser, still ask who is there.
            var other = SignInFlow(app, flow.credentials)
            #expect(isLoginPage(try await other.authorize(["scope": "profile play"])))
            var otherApp = SignInFlow(app, try await app.createApp(name: "Other Game"))
            otherApp.browserCookie = flow.browserCookie
            #expect(isLoginPage(try await otherApp.authorize(["scope": "profile play"])))
        }
    }

    @Test(arguments: Engine.available)
    func aNewScopeAsksForConsentAgainButNotForThePassword(_ engine: Engine) async throws {
        try await withPlayhouse(engine, { $0.passwordHashCost = 4 }) { app in
            var flow = SignInFlow(app, try await app.createApp())
            _ = try await signIn(&flow, scope: "profile")
            let wider = try await again(&flow, ["scope": "profile wallet"])
            #expect(isConsentPage(wider))
            #expect(wider.body.string.contains("Signed in as ann@example.com"))
            let handle = try #require(SignInFlow.handle(in: wider.body.string))
            let allowed = try await flow.post("/authorize/consent", ["request": handle, "decision": "allow"])
            #expect(SignInFlow.redirectParameters(allowed)["code"] != nil)
            // Both scopes are now allowed, each alone too.
            #expect(try await again(&flow, ["scope": "wallet"]).status == .seeOther)
            #expect(try await again(&flow, ["scope": "profile wallet"]).status == .seeOther)
            // A login in a new browser goes straight back too: the consent is the player's.
            var elsewhere = SignInFlow(app, flow.credentials)
            let handleElsewhere = try await elsewhere.start(scope: "wallet")
            let login = try await elsewhere.post("/authorize/login", ["request": handleElsewhere, "email": "ann@example.com",
                                                                      "password": "correct horse"])
            #expect(login.status == .seeOther)
            #expect(SignInFlow.redirectParameters(login)["code"] != nil)
        }
    }

    @Test(arguments: Engine.available)
    func promptAndMaxAgeAskAgainOrRefuseToAsk(_ engine: Engine) async throws {
        try await withPlayhouse(engine, { $0.passwordHashCost = 4 }) { app in
            var flow = SignInFlow(app, try await app.createApp())
            // Nobody signed in: prompt=none is told so rather than shown a page.
            var stranger = SignInFlow(app, flow.credentials)
            let none = try await stranger.authorize(["prompt": "none"])
            #expect(none.status == .seeOther)
            #expect(SignInFlow.redirectParameters(none)["error"] == "login_required")
            #expect(SignInFlow.redirectParameters(none)["state"] == "state-123")

            _ = try await signIn(&flow)
            #expect(isLoginPage(try await again(&flow, ["prompt": "login"])))
            #expect(isConsentPage(try await again(&flow, ["prompt": "consent"])))
            let silent = try await again(&flow, ["prompt": "none"])
            #expect(SignInFlow.redirectParameters(silent)["code"] != nil)
            let notAllowed = try await again(&flow, ["prompt": "none", "scope": "wallet"])
            #expect(SignInFlow.redirectParameters(notAllowed)["error"] == "consent_required")
            for bad in ["none login", "sometimes"] {
                #expect(SignInFlow.redirectParameters(try await again(&flow, ["prompt": bad]))["error"] == "invalid_request")
            }
            #expect(SignInFlow.redirectParameters(try await again(&flow, ["max_age": "soon"]))["error"] == "invalid_request")

            // max_age: a sign-in older than it asks for the password again; the new one's time is
            // the id_token's auth_time.
            app.playhouseClock.advance(by: 600)
            #expect(try await again(&flow, ["max_age": "900"]).status == .seeOther)
            let stale = try await again(&flow, ["max_age": "300"])
            #expect(isLoginPage(stale))
            let handle = try #require(SignInFlow.handle(in: stale.body.string))
            let relogin = try await flow.post("/authorize/login", ["request": handle, "email": "ann@example.com", "password": "correct horse"])
            #expect(relogin.status == .seeOther)
            #expect(try await again(&flow, ["max_age": "300"]).status == .seeOther)
        }
    }

    @Test(arguments: Engine.available)
    func signingOutOfTheBrowserLoggingOutAndRevokingEndTheSignIn(_ engine: Engine) async throws {
        try await withPlayhouse(engine, { $0.passwordHashCost = 4 }) { app in
            var flow = SignInFlow(app, try await app.createApp())

            // Signing out of the browser, then back to a registered address of the app with its state.
            _ = try await signIn(&flow)
            let out = try await app.send(.GET, "/oauth/logout?client_id=\(flow.credentials.app.clientID)"
                                            + "&post_logout_redirect_uri=mygame%3A%2F%2Fauthorize&state=bye", headers: flow.cookieHeaders)
            #expect(out.status == .seeOther)
            #expect(out.headers.first(name: .location) == "mygame://authorize?state=bye")
            #expect(isLoginPage(try await again(&flow)))
            // An address the app did not register is never redirected to: the page says so instead.
            let page = try await app.send(.POST, "/oauth/logout", headers: flow.cookieHeaders.merged(["Content-Type": "application/x-www-form-urlencoded"]),
                                          body: "client_id=\(flow.credentials.app.clientID)&post_logout_redirect_uri=https%3A%2F%2Fevil.example")
            #expect(page.status == .ok)
            #expect(page.body.string.contains("You are signed out in this browser."))

            // Logging out of the app signs the player out of the browser too.
            let tokens = try await signIn(&flow, register: false)
            #expect(try await again(&flow).status == .seeOther)
            #expect(try await app.send(.POST, "/v1/auth/logout", headers: bearer(tokens.accessToken)).status == .noContent)
            #expect(isLoginPage(try await again(&flow)))

            // So does revoking one of the player's tokens.
            let more = try await signIn(&flow, register: false)
            #expect(try await again(&flow).status == .seeOther)
            let revoked = try await app.postForm("/oauth/revoke", "token=\(try #require(more.refreshToken))", headers: basic(flow.credentials))
            #expect(revoked.status == .ok)
            #expect(isLoginPage(try await again(&flow)))
        }
    }

    @Test(arguments: Engine.available)
    func aCodeTypedInASignedInBrowserIsApprovedAtOnce(_ engine: Engine) async throws {
        try await withPlayhouse(engine, { $0.passwordHashCost = 4 }) { app in
            let credentials = try await app.createApp()
            var flow = SignInFlow(app, credentials)
            _ = try await signIn(&flow)
            let device = try await app.postForm("/oauth/device_authorization", "scope=profile%20play", headers: basic(credentials))
                .decode(DeviceAuthorizationResponse.self)
            let typed = try await app.send(.POST, "/device", headers: flow.cookieHeaders.merged(["Content-Type": "application/x-www-form-urlencoded"]),
                                           body: "user_code=\(device.userCode)")
            #expect(typed.status == .ok)
            #expect(typed.body.string.contains("Return to your device"))
            app.playhouseClock.advance(by: 5)
            let tokens = try await app.postForm("/oauth/token", "grant_type=urn%3Aietf%3Aparams%3Aoauth%3Agrant-type%3Adevice_code"
                                                    + "&device_code=\(device.deviceCode)", headers: basic(credentials)).decode(TokenResponse.self)
            #expect(try await app.send(.GET, "/v1/me", headers: bearer(tokens.accessToken)).decode(PlayerProfile.self).email == "ann@example.com")
        }
    }
}
