import Foundation
import PlayhouseAPI
@testable import PlayhouseServer
import Testing
import Vapor

@Suite struct AuthorizationCodeTests {
    @Test(arguments: Engine.available)
    func aNewPlayerRegistersConsentsAndGetsTokens(_ engine: Engine) async throws {
        try await withPlayhouse(engine, { $0.passwordHashCost = 4; $0.publicURL = "https://play.example.com" }) { app in
            var flow = SignInFlow(app, try await app.createApp())
            let handle = try await flow.start(scope: "profile play")
            let consent = try await flow.post("/authorize/register", ["request": handle, "email": "Ann@Example.com", "password": "correct horse"])
            #expect(consent.status == .ok)
            #expect(consent.body.string.contains("Signed in as ann@example.com"))
            #expect(consent.body.string.contains("See and change your profile"))

            let redirect = try await flow.post("/authorize/consent", ["request": handle, "decision": "allow"])
            #expect(redirect.status == .seeOther)
            let location = try #require(redirect.headers.first(name: .location))
            #expect(location.hasPrefix("mygame://authorize?code=phc_"))
            let parameters = SignInFlow.redirectParameters(redirect)
            #expect(parameters["state"] == "state-123")
            #expect(parameters["iss"] == "https://play.example.com")

            let exchange = try await flow.exchange(try #require(parameters["code"]))
            #expect(exchange.status == .ok)
            #expect(exchange.headers.first(name: .cacheControl) == "no-store")
            let tokens = try exchange.decode(TokenResponse.self)
            #expect(tokens.scope == "profile play")
            #expect(tokens.refreshToken?.hasPrefix("phr_") == true)
            #expect(tokens.sessionID != nil)

            let me = try await app.send(.GET, "/v1/me", headers: bearer(tokens.accessToken))
            #expect(me.status == .ok)
            let profile = try me.decode(PlayerProfile.self)
            #expect(profile.email == "ann@example.com")
            #expect(profile.inviteCode.count == 8)
            #expect(profile.profileComplete == false)

            // The stored password is a bcrypt hash, never the password.
            let hash = try await app.sql().raw("SELECT password_hash FROM players").first()?.decode(column: "password_hash", as: String.self)
            #expect(hash?.hasPrefix("$2b$04$") == true)
        }
    }

    @Test(arguments: Engine.available)
    func aReturningPlayerLogsIn(_ engine: Engine) async throws {
        try await withPlayhouse(engine, { $0.passwordHashCost = 4 }) { app in
            var flow = SignInFlow(app, try await app.createApp())
            let first = try await flow.tokens()
            let second = try await flow.tokens(register: false)
            let one = try await app.send(.GET, "/v1/me", headers: bearer(first.accessToken)).decode(PlayerProfile.self)
            let two = try await app.send(.GET, "/v1/me", headers: bearer(second.accessToken)).decode(PlayerProfile.self)
            #expect(one.id == two.id)
            #expect(first.sessionID != second.sessionID)
        }
    }

    @Test(arguments: Engine.available)
    func declineAndCancelTellTheAppAccessDenied(_ engine: Engine) async throws {
        try await withPlayhouse(engine, { $0.passwordHashCost = 4 }) { app in
            var flow = SignInFlow(app, try await app.createApp())
            let handle = try await flow.start()
            _ = try await flow.post("/authorize/register", ["request": handle, "email": "ann@example.com", "password": "correct horse"])
            let denied = try await flow.post("/authorize/consent", ["request": handle, "decision": "deny"])
            #expect(SignInFlow.redirectParameters(denied)["error"] == "access_denied")
            #expect(SignInFlow.redirectParameters(denied)["state"] == "state-123")

            let other = try await flow.start()
            let cancelled = try await flow.post("/authorize/cancel", ["request": other])
            #expect(SignInFlow.redirectParameters(cancelled)["error"] == "access_denied")
            // A finished request cannot be approved afterwards.
            let late = try await flow.post("/authorize/consent", ["request": other, "decision": "allow"])
            #expect(late.status == .badRequest)
            #expect(try await app.count("authorization_codes") == 0)
        }
    }

    @Test(arguments: Engine.available)
    func unregisteredRedirectURIsAreNeverRedirectedTo(_ engine: Engine) async throws {
        try await withPlayhouse(engine) { app in
            var flow = SignInFlow(app, try await app.createApp())
            for uri in ["mygame://authorize/evil", "https://evil.example/cb", "mygame://authorize?x=1", "mygame:"] {
                let page = try await flow.authorize(["redirect_uri": uri])
                #expect(page.status == .badRequest, "\(uri)")
                #expect(page.headers.first(name: .location) == nil)
                #expect(page.headers.contentType == .html)
            }
            let unknown = try await flow.authorize(["client_id": "ph_nobody"])
            #expect(unknown.status == .badRequest)
            #expect(unknown.body.string.contains("not registered"))
            #expect(try await app.count("authorization_requests") == 0)
        }
    }

    @Test(arguments: Engine.available)
    func requestsWithoutS256PKCEAreSentBackWithAnError(_ engine: Engine) async throws {
        try await withPlayhouse(engine) { app in
            var flow = SignInFlow(app, try await app.createApp())
            let cases: [([String: String?], String)] = [
                (["code_challenge": nil], "invalid_request"),
                (["code_challenge_method": "plain"], "invalid_request"),
                (["code_challenge_method": nil], "invalid_request"),
                (["code_challenge": "short"], "invalid_request"),
                (["response_type": "token"], "unsupported_response_type"),
                (["scope": "profile admin"], "invalid_scope"),
                (["state": String(repeating: "s", count: 1001)], "invalid_request"),
            ]
            for (changes, error) in cases {
                let response = try await flow.authorize(changes)
                #expect(response.status == .found, "\(changes)")
                #expect(SignInFlow.redirectParameters(response)["error"] == error, "\(changes)")
            }
            #expect(try await app.count("authorization_requests") == 0)
        }
    }

    @Test(arguments: Engine.available)
    func theCodeNeedsTheRightVerifierAndRedirectURI(_ engine: Engine) async throws {
        try await withPlayhouse(engine, { $0.passwordHashCost = 4 }) { app in
            var flow = SignInFlow(app, try await app.createApp())
            let code = try await flow.signIn()
            let wrong = try await flow.exchange(code, verifier: "x" + flow.verifier.dropFirst())
            #expect(wrong.status == .badRequest)
            #expect(try wrong.problem().code == .invalidGrant)
            let missing = try await app.postForm("/oauth/token", "grant_type=authorization_code&code=\(code)&redirect_uri=mygame%3A%2F%2Fauthorize",
                                                 headers: basic(flow.credentials))
            #expect(try missing.problem().code == .invalidRequest)
            let otherURI = try await app.postForm("/oauth/token", "grant_type=authorization_code&code=\(code)&redirect_uri=mygame%3A%2F%2Fother"
                                                      + "&code_verifier=\(flow.verifier)", headers: basic(flow.credentials))
            #expect(try otherURI.problem().code == .invalidGrant)
            let otherApp = try await flow.exchange(code, credentials: try await app.createApp(name: "Other"))
            #expect(try otherApp.problem().code == .invalidGrant)
            // None of those attempts used the code up.
            #expect(try await flow.exchange(code).status == .ok)
        }
    }

    @Test(arguments: Engine.available)
    func aReplayedCodeRevokesWhatItIssued(_ engine: Engine) async throws {
        try await withPlayhouse(engine, { $0.passwordHashCost = 4 }) { app in
            var flow = SignInFlow(app, try await app.createApp())
            let code = try await flow.signIn()
            let tokens = try await flow.exchange(code).decode(TokenResponse.self)
            #expect(try await app.send(.GET, "/v1/me", headers: bearer(tokens.accessToken)).status == .ok)

            let replay = try await flow.exchange(code)
            #expect(try replay.problem().code == .invalidGrant)
            #expect(try await app.send(.GET, "/v1/me", headers: bearer(tokens.accessToken)).status == .unauthorized)
            let refresh = try await app.postForm("/oauth/token", "grant_type=refresh_token&refresh_token=\(tokens.refreshToken!)",
                                                 headers: basic(flow.credentials))
            #expect(try refresh.problem().code == .invalidGrant)
        }
    }

    @Test(arguments: Engine.available)
    func racingExchangesOfOneCodeLetOneThroughAndRevokeIt(_ engine: Engine) async throws {
        try await withPlayhouse(engine, { $0.passwordHashCost = 4 }) { app in
            var flow = SignInFlow(app, try await app.createApp())
            let code = try await flow.signIn()
            let racer = flow
            let answers = try await withThrowingTaskGroup(of: (HTTPStatus, String?).self) { group in
                for _ in 0..<4 {
                    group.addTask {
                        let response = try await racer.exchange(code)
                        return (response.status, try? response.decode(TokenResponse.self).accessToken)
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(answers.filter { $0.0 == .ok }.count == 1)
            #expect(answers.filter { $0.0 == .badRequest }.count == 3)
            // The losers saw a replay, so the winner's tokens were revoked too.
            let winner = try #require(answers.compactMap(\.1).first)
            #expect(try await app.send(.GET, "/v1/me", headers: bearer(winner)).status == .unauthorized)
        }
    }

    @Test(arguments: Engine.available)
    func codesExpireAfterSixtySeconds(_ engine: Engine) async throws {
        try await withPlayhouse(engine, { $0.passwordHashCost = 4 }) { app in
            var flow = SignInFlow(app, try await app.createApp())
            let code = try await flow.signIn()
            app.playhouseClock.advance(by: 61)
            #expect(try await flow.exchange(code).problem().code == .invalidGrant)
        }
    }

    @Test(arguments: Engine.available)
    func hostedFormsOnlyWorkInTheBrowserThatStartedThem(_ engine: Engine) async throws {
        try await withPlayhouse(engine, { $0.passwordHashCost = 4 }) { app in
            var flow = SignInFlow(app, try await app.createApp())
            let handle = try await flow.start()
            let fields = ["request": handle, "email": "mallory@example.com", "password": "correct horse"]
            for cookie in [nil, "another-browser"] as [String?] {
                let forged = try await flow.post("/authorize/register", fields, cookie: .some(cookie))
                #expect(forged.status == .forbidden)
                #expect(forged.body.string.contains("not started in this browser"))
            }
            let unknownHandle = try await flow.post("/authorize/register", ["request": String(repeating: "A", count: 5000), "email": "a@b.co", "password": "correct horse"])
            #expect(unknownHandle.status == .forbidden)
            #expect(try await app.count("players") == 0)
        }
    }

    @Test(arguments: Engine.available)
    func wrongPasswordsAreRefusedAndRateLimited(_ engine: Engine) async throws {
        try await withPlayhouse(engine, { $0.passwordHashCost = 4; $0.loginFailureLimit = 3; $0.clientAuthFailureWindow = 3600 }) { app in
            app.playhouseClock.startAWindow(of: 3600)
            var flow = SignInFlow(app, try await app.createApp())
            _ = try await flow.tokens()
            let handle = try await flow.start()
            for _ in 0..<3 {
                let page = try await flow.post("/authorize/login", ["request": handle, "email": "ann@example.com", "password": "wrong password"])
                #expect(page.status == .unauthorized)
                #expect(page.body.string.contains("Wrong email or password."))
            }
            let limited = try await flow.post("/authorize/login", ["request": handle, "email": "ann@example.com", "password": "correct horse"])
            #expect(limited.status == .tooManyRequests)
            #expect(limited.headers.first(name: "Retry-After") != nil)
        }
    }

    @Test(arguments: Engine.available)
    func registrationProblemsAreShownOnThePage(_ engine: Engine) async throws {
        try await withPlayhouse(engine, { $0.passwordHashCost = 4 }) { app in
            var flow = SignInFlow(app, try await app.createApp())
            _ = try await flow.tokens(email: "ann@example.com")
            let handle = try await flow.start()
            let cases: [(String, String, HTTPStatus, String)] = [
                ("ANN@example.com", "correct horse", .conflict, "already exists"),
                ("' OR 1=1 --", "correct horse", .unprocessableEntity, "not an email address"),
                ("bob@example.com", "short", .unprocessableEntity, "at least 8 characters"),
                ("bob@example.com", String(repeating: "p", count: 73), .unprocessableEntity, "at most 72 bytes"),
                (String(repeating: "a", count: 300) + "@example.com", "correct horse", .unprocessableEntity, "not an email address"),
            ]
            for (email, password, status, text) in cases {
                let page = try await flow.post("/authorize/register", ["request": handle, "email": email, "password": password])
                #expect(page.status == status, "\(email)")
                #expect(page.body.string.contains(text), "\(email)")
            }
            #expect(try await app.count("players") == 1)
        }
    }

    @Test(arguments: Engine.available)
    func aPlayerSignsInOnTheHostedPageWithATextedPin(_ engine: Engine) async throws {
        try await withPlayhouse(engine) { app in
            var flow = SignInFlow(app, try await app.createApp(name: "Kuggle"))
            let handle = try await flow.start()
            let bad = try await flow.post("/authorize/phone", ["request": handle, "phone_number": "12345"])
            #expect(bad.status == .unprocessableEntity)
            #expect(bad.body.string.contains("country code"))

            let pinPage = try await flow.post("/authorize/phone", ["request": handle, "phone_number": "+45 12 34 56 78"])
            #expect(pinPage.status == .ok)
            #expect(pinPage.body.string.contains("We texted a 6-digit code to +4512345678."))
            let text = try #require(try await app.smsOutbox.messages(to: "+4512345678").first?.text)
            let pin = String(try #require(text.range(of: #"[0-9]{6}"#, options: .regularExpression).map { text[$0] }))

            let wrong = try await flow.post("/authorize/phone/verify", ["request": handle, "phone_number": "+4512345678",
                                                                        "pin": pin == "000000" ? "111111" : "000000"])
            #expect(wrong.status == .unauthorized)
            #expect(wrong.body.string.contains("wrong or has expired"))

            let consent = try await flow.post("/authorize/phone/verify", ["request": handle, "phone_number": "+4512345678", "pin": pin])
            #expect(consent.body.string.contains("Signed in as +4512345678"))
            let redirect = try await flow.post("/authorize/consent", ["request": handle, "decision": "allow"])
            let tokens = try await flow.exchange(try #require(SignInFlow.redirectParameters(redirect)["code"])).decode(TokenResponse.self)
            #expect(try await app.send(.GET, "/v1/me", headers: bearer(tokens.accessToken)).decode(PlayerProfile.self).phoneNumber == "+4512345678")
        }
    }

    @Test(arguments: Engine.available)
    func theHostedPageSpeaksThePlayersLanguage(_ engine: Engine) async throws {
        try await withPlayhouse(engine) { app in
            let credentials = try await app.createApp()
            let query = "response_type=code&client_id=\(credentials.app.clientID)&code_challenge=\(PKCE.challenge(for: String(repeating: "v", count: 43)))&code_challenge_method=S256"
            let page = try await app.send(.GET, "/oauth/authorize?" + query, headers: ["Accept-Language": "da-DK, en;q=0.5"])
            #expect(page.body.string.contains("Log ind på My Game"))
            #expect(page.body.string.contains(#"<html lang="da">"#))
            #expect(page.headers.first(name: "X-Frame-Options") == "DENY")
            #expect(page.headers.first(name: "Content-Security-Policy")?.contains("frame-ancestors 'none'") == true)
        }
    }
}
