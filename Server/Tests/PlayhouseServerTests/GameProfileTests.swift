import Foundation
import PlayhouseAPI
@testable import PlayhouseServer
import Testing
import Vapor
import VaporTesting

/// Players' profiles per game over HTTP on both engines: consent per game on the hosted page (all,
/// some or none), the scopes the token then carries, writes by the app's server with
/// `profile:write`, and reads by the player for the games allowed.
@Suite struct GameProfileTests {
    static let scopes = ["profile", "realms.profile", "dungeons.profile", "skies.profile", GameProfileService.writeScope]
    static let asked = "profile realms.profile dungeons.profile skies.profile"

    /// Answers the consent page of `handle` with `allow`, ticking `games`: the code, or the page's answer when there is none.
    static func allow(_ flow: SignInFlow, _ handle: String, games: [String]) async throws -> TestingHTTPResponse {
        let body = (["request=" + SignInFlow.encode(handle), "decision=allow"] + games.map { "game=" + $0 }).joined(separator: "&")
        var headers: HTTPHeaders = ["Content-Type": "application/x-www-form-urlencoded"]
        if let cookie = flow.browserCookie { headers.add(name: .cookie, value: "\(AuthorizePageController.browserCookie)=\(cookie)") }
        return try await flow.app.send(.POST, "/authorize/consent", headers: headers, body: body)
    }

    /// Signs `email` in asking for ``asked``, allows `games`, and answers the token.
    static func tokens(_ flow: inout SignInFlow, email: String, games: [String]) async throws -> TokenResponse {
        let handle = try await flow.start(scope: asked)
        let page = try await flow.post("/authorize/register", ["request": handle, "email": email, "password": "correct horse"])
        try #require(page.status == .ok, "\(page.status) \(page.body.string)")
        let code = try #require(SignInFlow.redirectParameters(try await allow(flow, handle, games: games))["code"])
        return try await flow.exchange(code).decode(TokenResponse.self)
    }

    @Test(arguments: Engine.available)
    func thePlayerAllowsSomeGamesAndTheTokenCarriesOnlyThose(_ engine: Engine) async throws {
        try await withPlayhouse(engine, { $0.passwordHashCost = 4 }) { app in
            var flow = SignInFlow(app, try await app.createApp(scopes: Self.scopes))
            let handle = try await flow.start(scope: Self.asked)
            let page = try await flow.post("/authorize/register", ["request": handle, "email": "ann@example.com", "password": "correct horse"])
            // The consent page lists each game asked for, ticked, and the other scopes as they were.
            let html = page.body.string
            for game in ["realms", "dungeons", "skies"] { #expect(html.contains(#"name="game" value="\#(game)""#), "\(game)") }
            #expect(html.contains("See and change your profile"))
            #expect(!html.contains("realms.profile"))

            let code = try #require(SignInFlow.redirectParameters(try await Self.allow(flow, handle, games: ["realms", "skies"]))["code"])
            let token = try await flow.exchange(code).decode(TokenResponse.self)
            #expect(token.scope == "profile realms.profile skies.profile")

            // Asked again for all three in the same browser: the remembered consent does not cover
            // dungeons, so the page asks again.
            let again = try await flow.authorize(["scope": Self.asked])
            #expect(again.status == .ok)
            #expect(again.body.string.contains(#"value="dungeons""#))
            // Asked for only what was allowed: straight back to the app.
            let allowed = try await flow.authorize(["scope": "profile skies.profile"])
            #expect(allowed.status == .seeOther)
            #expect(SignInFlow.redirectParameters(allowed)["code"] != nil)

            // Asked again for realms, with prompt=consent, the player unticks it: it is no longer
            // allowed, and the next sign-in asking for realms shows the page again.
            let asked = try await flow.authorize(["scope": "profile realms.profile", "prompt": "consent"])
            let askedHandle = try #require(SignInFlow.handle(in: asked.body.string))
            let withoutRealms = try #require(SignInFlow.redirectParameters(try await Self.allow(flow, askedHandle, games: []))["code"])
            #expect(try await flow.exchange(withoutRealms).decode(TokenResponse.self).scope == "profile")
            #expect(try await flow.authorize(["scope": "profile realms.profile"]).status == .ok)
            #expect(try await flow.authorize(["scope": "profile skies.profile"]).status == .seeOther, "skies was not asked about")

            // None of the games: the token carries the other scopes alone.
            var other = SignInFlow(app, flow.credentials)
            #expect(try await Self.tokens(&other, email: "bo@example.com", games: []).scope == "profile")
            // A game the request did not ask for is not granted by ticking it.
            var forged = SignInFlow(app, flow.credentials)
            let sneaky = try await forged.start(scope: "profile realms.profile")
            _ = try await forged.post("/authorize/register", ["request": sneaky, "email": "cy@example.com", "password": "correct horse"])
            let forgedCode = try #require(SignInFlow.redirectParameters(try await Self.allow(forged, sneaky, games: ["realms", "skies"]))["code"])
            #expect(try await forged.exchange(forgedCode).decode(TokenResponse.self).scope == "profile realms.profile")
        }
    }

    /// A console's sign-in (the device flow) gets only the games the player ticked on their phone.
    @Test(arguments: Engine.available)
    func aConsoleGetsOnlyTheGamesAllowed(_ engine: Engine) async throws {
        try await withPlayhouse(engine, { $0.passwordHashCost = 4 }) { app in
            let credentials = try await app.createApp(scopes: Self.scopes)
            let devices = DeviceFlowTests()
            let device = try await devices.start(app, credentials, scope: Self.asked)
            var flow = SignInFlow(app, credentials)
            let typed = try await app.send(.POST, "/device", headers: ["Content-Type": "application/x-www-form-urlencoded"],
                                           body: "user_code=\(device.userCode.lowercased())")
            flow.browserCookie = typed.headers.setCookie?[AuthorizePageController.browserCookie]?.string
            let handle = try #require(SignInFlow.handle(in: typed.body.string))
            let consent = try await flow.post("/authorize/register", ["request": handle, "email": "tv@example.com", "password": "correct horse"])
            #expect(consent.body.string.contains(#"value="dungeons""#))
            #expect(try await Self.allow(flow, handle, games: ["dungeons"]).status == .ok)
            app.playhouseClock.advance(by: 5)
            #expect(try await devices.poll(app, credentials, device.deviceCode).decode(TokenResponse.self).scope == "profile dungeons.profile")
        }
    }

    @Test(arguments: Engine.available)
    func theAppWritesAProfileAndThePlayerReadsTheGamesAllowed(_ engine: Engine) async throws {
        try await withPlayhouse(engine, { $0.passwordHashCost = 4 }) { app in
            let credentials = try await app.createApp(scopes: Self.scopes)
            var flow = SignInFlow(app, credentials)
            let player = try await Self.tokens(&flow, email: "ann@example.com", games: ["realms"])
            let playerID = try await app.send(.GET, "/v1/me", headers: bearer(player.accessToken)).decode(PlayerProfile.self).id
            let writer = try await app.appToken(credentials)
            let path = "/v1/players/\(playerID)/profiles/realms/characters/arthas"
            let body = #"{"id": "arthas", "level": 80, "class": {"en_US": "Paladin", "de_DE": "Paladin (de)"}, "title": {"en_US": "the Lich King"}}"#

            // Refused: an app token without profile:write, a player's token, a document that is not an object, an unknown player.
            let reader = try await app.appToken(credentials, scope: "profile")
            let unscoped = try await app.send(.PUT, path, headers: bearer(reader).merged(json), body: body)
            #expect(unscoped.status == .forbidden)
            #expect(try unscoped.problem().code == .insufficientScope)
            #expect(try await app.send(.PUT, path, headers: bearer(player.accessToken).merged(json), body: body).problem().code == .appTokenRequired)
            let notAnObject = try await app.send(.PUT, path, headers: bearer(writer).merged(json), body: "[1, 2]")
            #expect(notAnObject.status == .unprocessableEntity)
            #expect(try notAnObject.problem().code == .invalidProfileDocument)
            let wrongID = try await app.send(.PUT, path, headers: bearer(writer).merged(json), body: #"{"id": "uther"}"#)
            #expect(try wrongID.problem().detail?.contains("not the file's name arthas") == true)
            let stranger = try await app.send(.PUT, "/v1/players/\(UUID())/profiles/realms/characters/arthas", headers: bearer(writer).merged(json), body: body)
            #expect(stranger.status == .notFound)
            #expect(try stranger.problem().code == .playerNotFound)
            // Another app's player is no player of this app's.
            let otherApp = try await app.createApp(name: "Other", scopes: Self.scopes)
            var otherFlow = SignInFlow(app, otherApp)
            let otherPlayer = try await Self.tokens(&otherFlow, email: "other@example.com", games: ["realms"])
            let otherID = try await app.send(.GET, "/v1/me", headers: bearer(otherPlayer.accessToken)).decode(PlayerProfile.self).id
            let foreign = try await app.send(.PUT, "/v1/players/\(otherID)/profiles/realms/characters/arthas", headers: bearer(writer).merged(json),
                                             body: body)
            #expect(try foreign.problem().code == .playerNotFound)
            #expect(try await app.send(.PUT, path, headers: bearer(writer), body: body).status == .unsupportedMediaType)
            #expect(try await app.count("game_profiles") == 0)

            // Stored, then replaced.
            let created = try await app.send(.PUT, path, headers: bearer(writer).merged(json), body: body)
            #expect(created.status == .created)
            #expect(created.headers.first(name: .location) == path)
            let replaced = try await app.send(.PUT, path, headers: bearer(writer).merged(json),
                                              body: body.replacingOccurrences(of: "80", with: "81"))
            #expect(replaced.status == .ok)
            _ = try await app.send(.PUT, "/v1/players/\(playerID)/profiles/realms/characters/jaina", headers: bearer(writer).merged(json),
                                   body: #"{"level": 70}"#)
            _ = try await app.send(.PUT, "/v1/players/\(playerID)/profiles/dungeons/heroes/tyrael", headers: bearer(writer).merged(json),
                                   body: #"{"level": 1}"#)

            // The player reads the game they allowed, in their locale, with a 304 for what they have.
            let me = bearer(player.accessToken)
            let profile = try await app.send(.GET, "/v1/me/profiles/realms", headers: me).decode(GameProfile.self)
            #expect(profile.collections.map(\.name) == ["characters"])
            #expect(profile.collections.first?.documents == 2)
            let document = try await app.send(.GET, path.replacingOccurrences(of: "/v1/players/\(playerID)", with: "/v1/me") + "?locale=de_DE",
                                              headers: me)
            #expect(document.status == .ok)
            let read = try document.decode(JSONValue.self)
            #expect(read["level"] == .integer(81))
            #expect(read["class"] == .string("Paladin (de)"))
            #expect(read["title"] == .string("the Lich King"))
            // Counted against the app's limits, as game data is.
            #expect(document.headers.first(name: "RateLimit-Limit") == "100")
            let etag = try #require(document.headers.first(name: .eTag))
            var revalidating = me
            revalidating.add(name: .ifNoneMatch, value: etag)
            #expect(try await app.send(.GET, "/v1/me/profiles/realms/characters/arthas?locale=de_DE", headers: revalidating).status == .notModified)
            let page = try await app.send(.GET, "/v1/me/profiles/realms/characters?limit=1", headers: me).decode(Page<JSONValue>.self)
            #expect(page.data.first?["id"] == .string("arthas"))
            let rest = try await app.send(.GET, "/v1/me/profiles/realms/characters?limit=1&cursor=\(try #require(page.nextCursor))", headers: me)
                .decode(Page<JSONValue>.self)
            #expect(rest.data.first?["level"] == .integer(70))
            #expect(rest.nextCursor == nil)

            // A game the player did not allow is refused, naming the scope it takes.
            let refused = try await app.send(.GET, "/v1/me/profiles/dungeons/heroes/tyrael", headers: me)
            #expect(refused.status == .forbidden)
            #expect(try refused.problem().code == .insufficientScope)
            #expect(refused.headers.first(name: .wwwAuthenticate)?.contains("scope=\"dungeons.profile\"") == true)

            // Deleted once; a second delete, and the read, find nothing.
            #expect(try await app.send(.DELETE, path, headers: bearer(writer)).status == .noContent)
            #expect(try await app.send(.DELETE, path, headers: bearer(writer)).status == .notFound)
            #expect(try await app.send(.GET, "/v1/me/profiles/realms/characters/arthas", headers: me).status == .notFound)
        }
    }
}
