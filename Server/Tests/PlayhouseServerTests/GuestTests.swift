import Foundation
import PlayhouseAPI
@testable import PlayhouseServer
import Testing
import Vapor
import VaporTesting

/// Guest players: an installation signs up on first use and the same player in after; a guest
/// links a phone number, a provider account or an email and password and keeps their wallet; what
/// belongs to another player is refused and changes nothing.
@Suite struct GuestTests {
    static let installation = "3f0c9a52-8d1e-4b7a-9c55-2e6f10a4d7b1"

    func guest(_ app: Application, _ headers: HTTPHeaders, installation: String = installation, extra: String = "") async throws -> TestingHTTPResponse {
        try await app.postForm("/oauth/token", "grant_type=\(SignInFlow.encode(GrantType.guest))&installation_id=\(installation)\(extra)",
                               headers: headers)
    }

    func profile(_ app: Application, _ token: String) async throws -> PlayerProfile {
        try await app.send(.GET, "/v1/me", headers: bearer(token)).decode(PlayerProfile.self)
    }

    /// Text the database cannot keep (a NUL character, which PostgreSQL refuses) is bad input:
    /// a 400, never a 500, whichever field carries it.
    @Test(arguments: Engine.available)
    func aNULCharacterIsBadInputNotAServerError(_ engine: Engine) async throws {
        try await withPlayhouse(engine) { app in
            let credentials = try await app.createApp()
            let token = try await guest(app, basic(credentials)).decode(TokenResponse.self).accessToken
            let link = try await app.send(.POST, "/v1/me/links/provider", headers: bearer(token).merged(json),
                                          body: #"{"provider":"x\u0000y","subject_token":"t","subject_token_type":"urn:ietf:params:oauth:token-type:id_token"}"#)
            #expect(link.status == .badRequest)
            // A field stored as it came: PostgreSQL refuses it, and the refusal is the caller's 400.
            let open = try await app.send(.POST, "/v1/opens", headers: bearer(token).merged(json),
                                          body: #"{"installation_id":"install-0123456789abcdef","platform":"ios","app_version":"1.0","os_version":"17\u0000"}"#)
            #expect(open.status == (engine == .postgres ? .badRequest : .created))
        }
    }

    @Test(arguments: Engine.available)
    func anInstallationSignsAGuestUpOnceAndInAfter(_ engine: Engine) async throws {
        try await withPlayhouse(engine) { app in
            let credentials = try await app.createApp()
            let first = try await guest(app, basic(credentials))
            #expect(first.status == .ok, "\(first.body.string)")
            #expect(first.headers.first(name: .cacheControl) == "no-store")
            let tokens = try first.decode(TokenResponse.self)
            #expect(tokens.playerCreated == true)
            #expect(tokens.refreshToken != nil && tokens.sessionID != nil)
            let me = try await profile(app, tokens.accessToken)
            #expect(me.guest)
            #expect(me.email == nil && me.phoneNumber == nil)
            // The play session is open: the heartbeat answers.
            #expect(try await app.send(.GET, "/v1/sessions/current", headers: bearer(tokens.accessToken)).status == .ok)

            let again = try await guest(app, basic(credentials)).decode(TokenResponse.self)
            #expect(again.playerCreated == false)
            #expect(again.sessionID != tokens.sessionID)
            #expect(try await profile(app, again.accessToken).id == me.id)
            #expect(try await app.count("players") == 1)

            // Another installation is another guest; the same installation id in another app is another player too.
            let other = try await guest(app, basic(credentials), installation: "installation-0000000002").decode(TokenResponse.self)
            #expect(try await profile(app, other.accessToken).id != me.id)
            let otherApp = try await app.createApp(name: "Other game")
            let elsewhere = try await guest(app, basic(otherApp)).decode(TokenResponse.self)
            #expect(elsewhere.playerCreated == true)
            #expect(try await app.count("players") == 3)
        }
    }

    @Test(arguments: Engine.available)
    func badInstallationIdsAndClientsAreRefusedAndMakeNoPlayer(_ engine: Engine) async throws {
        try await withPlayhouse(engine) { app in
            let credentials = try await app.createApp()
            for bad in ["short", String(repeating: "a", count: 129), "has%20space-in-it-000", "nul%00-in-the-middle-00"] {
                let refused = try await guest(app, basic(credentials), installation: bad)
                #expect(refused.status == .badRequest, "\(bad)")
                #expect(try refused.problem().code == .invalidRequest)
            }
            let missing = try await app.postForm("/oauth/token", "grant_type=\(SignInFlow.encode(GrantType.guest))", headers: basic(credentials))
            #expect(try missing.problem().code == .invalidRequest)
            #expect(try await guest(app, basic(credentials.app.clientID, "wrong")).status == .unauthorized)
            let unknownScope = try await guest(app, basic(credentials), extra: "&scope=admin")
            #expect(try unknownScope.problem().code == .invalidScope)
            #expect(try await app.count("players") == 0)
            #expect(try await app.count("play_sessions") == 0)
        }
    }

    @Test(arguments: Engine.available)
    func aPublicClientSignsGuestsInByItsClientIdAlone(_ engine: Engine) async throws {
        try await withPlayhouse(engine) { app in
            let mobile = try await app.apps.create(name: "Mobile", redirectURIs: ["mygame://authorize"], environment: .sandbox, isPublic: true, by: .commandLine)
            let response = try await app.postForm("/oauth/token", "grant_type=\(SignInFlow.encode(GrantType.guest))&installation_id=\(Self.installation)"
                                                      + "&client_id=\(mobile.app.clientID)")
            #expect(response.status == .ok, "\(response.body.string)")
            #expect(try response.decode(TokenResponse.self).playerCreated == true)
        }
    }

    @Test(arguments: Engine.available)
    func simultaneousFirstSignInsOfOneInstallationMakeOnePlayer(_ engine: Engine) async throws {
        try await withPlayhouse(engine) { app in
            let credentials = try await app.createApp()
            let answers = try await withThrowingTaskGroup(of: (HTTPStatus, String?, Bool?).self) { group in
                for _ in 0..<10 {
                    group.addTask {
                        let response = try await guest(app, basic(credentials))
                        let tokens = try? response.decode(TokenResponse.self)
                        return (response.status, tokens?.accessToken, tokens?.playerCreated)
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(answers.allSatisfy { $0.0 == .ok }, "\(answers.map(\.0))")
            #expect(answers.filter { $0.2 == true }.count == 1)
            var ids: Set<String> = []
            for case let (_, token?, _) in answers { ids.insert(try await profile(app, token).id) }
            #expect(ids.count == 1)
            #expect(try await app.count("players") == 1)
            #expect(try await app.count("player_installations") == 1)
        }
    }

    @Test(arguments: Engine.available)
    func aGuestLinksAPhoneNumberAndKeepsTheirWalletAndBothSignThemIn(_ engine: Engine) async throws {
        try await withPlayhouse(engine) { app in
            let fixture = try await WalletFixture.make(app)
            let tokens = try await guest(app, basic(fixture.credentials)).decode(TokenResponse.self)
            #expect(try await fixture.deposit(tokens.accessToken, "12.50", key: "guest-deposit").status == .created)
            let guestID = try await profile(app, tokens.accessToken).id

            let pin = try await PhonePinTests().requestPin(app, tokens.accessToken, "+4522334455")
            let wrong = try await app.send(.POST, APIPath.linkPhone, headers: bearer(tokens.accessToken).merged(json),
                                           body: #"{"phone_number":"+4522334455","pin":"\#(pin == "000000" ? "111111" : "000000")"}"#)
            #expect(try wrong.problem().code == .invalidGrant)
            let linked = try await app.send(.POST, APIPath.linkPhone, headers: bearer(tokens.accessToken).merged(json),
                                            body: #"{"phone_number":"+45 22 33 44 55","pin":"\#(pin)"}"#)
            #expect(linked.status == .ok, "\(linked.body.string)")
            let me = try linked.decode(PlayerProfile.self)
            #expect(me.id == guestID && me.phoneNumber == "+4522334455" && !me.guest)
            #expect(try await fixture.euros(tokens.accessToken).available == "12.50")

            // The number signs the same player in, and so does the installation still.
            let byPhone = try await PhonePinTests().exchange(app, fixture.credentials, pin: try await PhonePinTests().requestPin(
                app, try await app.appToken(fixture.credentials), "+4522334455"), phone: "+4522334455").decode(TokenResponse.self)
            #expect(byPhone.playerCreated == false)
            #expect(try await profile(app, byPhone.accessToken).id == guestID)
            #expect(try await fixture.euros(byPhone.accessToken).available == "12.50")
            #expect(try await profile(app, try await guest(app, basic(fixture.credentials)).decode(TokenResponse.self).accessToken).id == guestID)
            try await fixture.expectLedgerSound()
        }
    }

    @Test(arguments: Engine.available)
    func linkingAnotherPlayersPhoneNumberIsRefusedAndChangesNothing(_ engine: Engine) async throws {
        try await withPlayhouse(engine) { app in
            let credentials = try await app.createApp()
            let appToken = try await app.appToken(credentials)
            let owner = try await PhonePinTests().exchange(app, credentials, pin: try await PhonePinTests().requestPin(app, appToken))
            #expect(owner.status == .ok)
            let tokens = try await guest(app, basic(credentials)).decode(TokenResponse.self)
            let pin = try await PhonePinTests().requestPin(app, tokens.accessToken)
            let refused = try await app.send(.POST, APIPath.linkPhone, headers: bearer(tokens.accessToken).merged(json),
                                             body: #"{"phone_number":"+4512345678","pin":"\#(pin)"}"#)
            #expect(refused.status == .conflict)
            let problem = try refused.problem()
            #expect(problem.code == .identityTaken)
            #expect(problem.errors?.first?.field == "phone_number")
            let me = try await profile(app, tokens.accessToken)
            #expect(me.guest && me.phoneNumber == nil)
            #expect(try await app.count("players") == 2)
        }
    }

    @Test(arguments: Engine.available)
    func aGuestLinksAProviderAccountThatThenSignsThemIn(_ engine: Engine) async throws {
        try await FederatedSignInTests().withProvider(engine) { app, credentials, provider in
            let tokens = try await guest(app, basic(credentials)).decode(TokenResponse.self)
            let guestID = try await profile(app, tokens.accessToken).id
            func link(_ token: String) async throws -> TestingHTTPResponse {
                try await app.send(.POST, APIPath.linkProvider, headers: bearer(tokens.accessToken).merged(json),
                                   body: #"{"provider":"standin","subject_token":"\#(token)","subject_token_type":"urn:ietf:params:oauth:token-type:id_token"}"#)
            }
            #expect(try await link(try await provider.idToken(forged: true)).problem().code == .invalidGrant)
            let linked = try await link(try await provider.idToken(subject: "google-guest"))
            #expect(linked.status == .ok, "\(linked.body.string)")
            #expect(try linked.decode(PlayerProfile.self).guest == false)
            // Linking the same account again is harmless.
            #expect(try await link(try await provider.idToken(subject: "google-guest")).status == .ok)

            let signedIn = try await FederatedSignInTests().exchange(app, credentials, provider: "standin",
                                                                     token: try await provider.idToken(subject: "google-guest"))
            let again = try signedIn.decode(TokenResponse.self)
            #expect(again.playerCreated == false)
            #expect(try await profile(app, again.accessToken).id == guestID)

            // An account another player signs in with is refused, and the guest stays as they were.
            let someone = try await FederatedSignInTests().exchange(app, credentials, provider: "standin",
                                                                    token: try await provider.idToken(subject: "google-someone"))
            #expect(someone.status == .ok)
            let second = try await guest(app, basic(credentials), installation: "installation-0000000002").decode(TokenResponse.self)
            let refused = try await app.send(.POST, APIPath.linkProvider, headers: bearer(second.accessToken).merged(json),
                                             body: #"{"provider":"standin","subject_token":"\#(try await provider.idToken(subject: "google-someone"))","subject_token_type":"urn:ietf:params:oauth:token-type:id_token"}"#)
            #expect(refused.status == .conflict)
            #expect(try refused.problem().code == .identityTaken)
            #expect(try await profile(app, second.accessToken).guest)
        }
    }

    @Test(arguments: Engine.available)
    func aGuestLinksAnEmailAndPasswordOnTheHostedPageAndSignsInWithThem(_ engine: Engine) async throws {
        try await withPlayhouse(engine, { $0.passwordHashCost = 4 }) { app in
            let credentials = try await app.createApp()
            var owner = SignInFlow(app, credentials)
            _ = try await owner.tokens(email: "taken@example.com")
            let tokens = try await guest(app, basic(credentials)).decode(TokenResponse.self)
            let guestID = try await profile(app, tokens.accessToken).id
            let (cookie, html, location) = try await WalletPageTests().open(app, tokens.accessToken, "link-email")
            #expect(location == "/account/email")
            let csrf = try #require(html.firstMatch(of: /name="csrf" value="([^"]+)"/)?.1)
            let headers: HTTPHeaders = ["Cookie": "\(HostedPages.cookie)=\(cookie)", "Content-Type": "application/x-www-form-urlencoded"]
            let forged = try await app.send(.POST, "/account/email", headers: headers, body: "csrf=wrong&email=kim%40example.com&password=kim+password")
            #expect(forged.status == .forbidden)
            let short = try await app.send(.POST, "/account/email", headers: headers, body: "csrf=\(csrf)&email=kim%40example.com&password=short")
            #expect(short.status == .unprocessableEntity)
            let clash = try await app.send(.POST, "/account/email", headers: headers, body: "csrf=\(csrf)&email=taken%40example.com&password=kim+password")
            #expect(clash.status == .conflict)
            #expect(clash.body.string.contains("Another account already uses that email."))
            #expect(try await profile(app, tokens.accessToken).guest)

            let saved = try await app.send(.POST, "/account/email", headers: headers, body: "csrf=\(csrf)&email=Kim%40Example.com&password=kim+password")
            #expect(saved.status == .ok)
            #expect(saved.body.string.contains("You can now sign in with kim@example.com."))
            let me = try await profile(app, tokens.accessToken)
            #expect(me.email == "kim@example.com" && !me.guest && me.id == guestID)
            // A second try changes nothing: the player has a password already.
            let twice = try await app.send(.POST, "/account/email", headers: headers, body: "csrf=\(csrf)&email=kim2%40example.com&password=kim+password")
            #expect(twice.status == .conflict)

            // The hosted sign-in now knows the guest by that email and password.
            var flow = SignInFlow(app, credentials)
            let code = try await flow.signIn(email: "kim@example.com", password: "kim password", register: false)
            let signedIn = try await flow.exchange(code).decode(TokenResponse.self)
            #expect(try await profile(app, signedIn.accessToken).id == guestID)
        }
    }
}
