import Foundation
import PlayhouseAPI
@testable import PlayhouseServer
import Testing
import Vapor
import VaporTesting

@Suite struct DeviceFlowTests {
    func start(_ app: Application, _ credentials: AppCredentials, scope: String = "profile play") async throws -> DeviceAuthorizationResponse {
        let response = try await app.postForm("/oauth/device_authorization", "scope=\(scope.replacingOccurrences(of: " ", with: "%20"))",
                                              headers: basic(credentials))
        try #require(response.status == .ok, "\(response.body.string)")
        return try response.decode(DeviceAuthorizationResponse.self)
    }

    func poll(_ app: Application, _ credentials: AppCredentials, _ deviceCode: String) async throws -> TestingHTTPResponse {
        try await app.postForm("/oauth/token", "grant_type=urn%3Aietf%3Aparams%3Aoauth%3Agrant-type%3Adevice_code&device_code=\(deviceCode)",
                               headers: basic(credentials))
    }

    /// Types the user code on the hosted page, registers, and answers the consent page.
    func approve(_ app: Application, _ credentials: AppCredentials, userCode: String, decision: String = "allow") async throws -> TestingHTTPResponse {
        var flow = SignInFlow(app, credentials)
        let typed = try await app.send(.POST, "/device", headers: ["Content-Type": "application/x-www-form-urlencoded"],
                                       body: "user_code=\(userCode.lowercased())")
        try #require(typed.status == .ok, "\(typed.body.string)")
        flow.browserCookie = typed.headers.setCookie?[AuthorizePageController.browserCookie]?.string
        let handle = try #require(SignInFlow.handle(in: typed.body.string))
        let consent = try await flow.post("/authorize/register", ["request": handle, "email": "tv@example.com", "password": "correct horse"])
        try #require(consent.status == .ok)
        return try await flow.post("/authorize/consent", ["request": handle, "decision": decision])
    }

    @Test(arguments: Engine.available)
    func aConsoleIsApprovedOnThePhoneAndGetsTokens(_ engine: Engine) async throws {
        try await withPlayhouse(engine, { $0.passwordHashCost = 4; $0.publicURL = "https://play.example.com" }) { app in
            let credentials = try await app.createApp()
            let device = try await start(app, credentials)
            #expect(device.userCode.range(of: #"^[BCDFGHJKLMNPQRSTVWXZ]{4}-[BCDFGHJKLMNPQRSTVWXZ]{4}$"#, options: .regularExpression) != nil)
            #expect(device.verificationURI == "https://play.example.com/device")
            #expect(device.verificationURIComplete == "https://play.example.com/device?user_code=\(device.userCode)")
            #expect(device.interval == 5)

            let pending = try await poll(app, credentials, device.deviceCode)
            #expect(try pending.problem().code == .authorizationPending)
            #expect(try pending.decode(Problem.self).error == "authorization_pending")

            let form = try await app.send(.GET, "/device?user_code=\(device.userCode)")
            #expect(form.body.string.contains(#"value="\#(device.userCode)""#))

            let done = try await approve(app, credentials, userCode: device.userCode)
            #expect(done.status == .ok)
            #expect(done.body.string.contains("Return to your device"))

            app.playhouseClock.advance(by: 5)
            let tokens = try await poll(app, credentials, device.deviceCode).decode(TokenResponse.self)
            #expect(tokens.scope == "profile play")
            #expect(try await app.send(.GET, "/v1/me", headers: bearer(tokens.accessToken)).decode(PlayerProfile.self).email == "tv@example.com")

            app.playhouseClock.advance(by: 5)
            #expect(try await poll(app, credentials, device.deviceCode).problem().code == .expiredToken)
        }
    }

    @Test(arguments: Engine.available)
    func pollingTooFastSlowsTheDeviceDown(_ engine: Engine) async throws {
        try await withPlayhouse(engine) { app in
            // A stopped clock: on a loaded machine the two polls could otherwise be 5 seconds apart.
            app.playhouseClock.stop()
            let credentials = try await app.createApp()
            let device = try await start(app, credentials)
            _ = try await poll(app, credentials, device.deviceCode)
            let fast = try await poll(app, credentials, device.deviceCode)
            #expect(try fast.problem().code == .slowDown)
            #expect(try fast.problem().detail?.contains("10 seconds") == true)
            // Past the new interval, not on it: SQLite stores a time as a float, which can come back a hair later.
            app.playhouseClock.advance(by: 11)
            #expect(try await poll(app, credentials, device.deviceCode).problem().code == .authorizationPending)
        }
    }

    @Test(arguments: Engine.available)
    func aDeclinedOrExpiredDeviceGetsNothing(_ engine: Engine) async throws {
        try await withPlayhouse(engine, { $0.passwordHashCost = 4 }) { app in
            let credentials = try await app.createApp()
            let declined = try await start(app, credentials)
            let page = try await approve(app, credentials, userCode: declined.userCode, decision: "deny")
            #expect(page.body.string.contains("not connected"))
            #expect(try await poll(app, credentials, declined.deviceCode).problem().code == .accessDenied)

            let late = try await start(app, credentials)
            app.playhouseClock.advance(by: 601)
            #expect(try await poll(app, credentials, late.deviceCode).problem().code == .expiredToken)
            let typed = try await app.send(.POST, "/device", headers: ["Content-Type": "application/x-www-form-urlencoded"],
                                           body: "user_code=\(late.userCode)")
            #expect(typed.status == .badRequest)
            // Another app cannot poll this app's device code.
            let other = try await start(app, credentials)
            #expect(try await poll(app, try await app.createApp(name: "Other"), other.deviceCode).problem().code == .invalidGrant)
        }
    }

    @Test(arguments: Engine.available)
    func expiredSignInLeftoversAreSweptAway(_ engine: Engine) async throws {
        try await withPlayhouse(engine, { $0.passwordHashCost = 4 }) { app in
            let credentials = try await app.createApp()
            _ = try await start(app, credentials)
            var flow = SignInFlow(app, credentials)
            let live = try await flow.tokens()
            _ = try await flow.signIn(register: false)   // an unused code and a finished request
            _ = try await flow.start()    // a pending request
            app.playhouseClock.advance(by: 3600)
            let fresh = try await start(app, credentials)
            try await ExpiredGrantSweeper(store: app.store, now: app.playhouseClock.now()).sweep()
            #expect(try await app.count("authorization_requests") == 0)
            #expect(try await app.count("authorization_codes") == 0)
            #expect(try await app.count("device_authorizations") == 1)
            // Tokens stay a week past expiry; the refresh token is still live.
            #expect(try await app.count("oauth_tokens") >= 2)
            let refresh = try await app.postForm("/oauth/token", "grant_type=refresh_token&refresh_token=\(live.refreshToken!)",
                                                 headers: basic(credentials))
            #expect(refresh.status == .ok)
            #expect(try await poll(app, credentials, fresh.deviceCode).problem().code == .authorizationPending)
        }
    }

    @Test(arguments: Engine.available)
    func guessingUserCodesIsRateLimited(_ engine: Engine) async throws {
        try await withPlayhouse(engine, { $0.loginFailureLimit = 3; $0.clientAuthFailureWindow = 3600 }) { app in
            app.playhouseClock.startAWindow(of: 3600)
            for guess in ["BCDF-GHJK", "'; DROP TABLE device_authorizations; --", String(repeating: "B", count: 10_000)] {
                let page = try await app.send(.POST, "/device", headers: ["Content-Type": "application/x-www-form-urlencoded"],
                                              body: "user_code=\(SignInFlow.encode(guess))")
                #expect(page.status == .badRequest)
                #expect(page.body.string.contains("unknown or has expired"))
            }
            let limited = try await app.send(.POST, "/device", headers: ["Content-Type": "application/x-www-form-urlencoded"],
                                             body: "user_code=BCDF-GHJK")
            #expect(limited.status == .tooManyRequests)
        }
    }
}
