import Foundation
import PlayhouseAPI
@testable import PlayhouseServer
import Testing
import Vapor

@Suite struct ProfileTests {
    @Test(arguments: Engine.available)
    func aPlayerCompletesTheirProfile(_ engine: Engine) async throws {
        try await withPlayhouse(engine, { $0.passwordHashCost = 4 }) { app in
            var flow = SignInFlow(app, try await app.createApp())
            let token = try await flow.tokens().accessToken
            let body = #"{"display_name":"Annie","first_name":"Ann","birth_date":"1990-03-05","gender":"female","locale":"da-DK"}"#
            let response = try await app.send(.PATCH, "/v1/me", headers: bearer(token).merged(json), body: body)
            #expect(response.status == .ok)
            let profile = try response.decode(PlayerProfile.self)
            #expect(profile.profileComplete)
            #expect(profile.displayName == "Annie")
            #expect(profile.gender == .female)
            #expect(try await app.send(.GET, "/v1/me", headers: bearer(token)).decode(PlayerProfile.self) == profile)

            // Fields left out stay; an empty display name clears it.
            let cleared = try await app.send(.PATCH, "/v1/me", headers: bearer(token).merged(json), body: #"{"display_name":""}"#)
            #expect(try cleared.decode(PlayerProfile.self).displayName == nil)
            #expect(try cleared.decode(PlayerProfile.self).firstName == "Ann")
        }
    }

    @Test(arguments: Engine.available)
    func invalidFieldsAreNamedAndNothingChanges(_ engine: Engine) async throws {
        try await withPlayhouse(engine, { $0.passwordHashCost = 4 }) { app in
            var flow = SignInFlow(app, try await app.createApp())
            let token = try await flow.tokens().accessToken
            let body = #"{"first_name":"Ann","birth_date":"1990-02-30","locale":"'; DROP TABLE players; --","display_name":"\#(String(repeating: "x", count: 51))"}"#
            let response = try await app.send(.PATCH, "/v1/me", headers: bearer(token).merged(json), body: body)
            #expect(response.status == .unprocessableEntity)
            let problem = try response.problem()
            #expect(Set(problem.errors?.map(\.field) ?? []) == ["birth_date", "locale", "display_name"])
            #expect(try await app.send(.GET, "/v1/me", headers: bearer(token)).decode(PlayerProfile.self).firstName == nil)

            // Lengths count code points, as the schema's maxLength does: ten letters with five marks each are 60.
            let marked = String(repeating: "a\u{0301}\u{0302}\u{0303}\u{0304}\u{0305}", count: 10)
            let long = try await app.send(.PATCH, "/v1/me", headers: bearer(token).merged(json), body: #"{"display_name":"\#(marked)"}"#)
            #expect(long.status == .unprocessableEntity)
            #expect(try long.problem().errors?.map(\.field) == ["display_name"])

            let gender = try await app.send(.PATCH, "/v1/me", headers: bearer(token).merged(json), body: #"{"gender":"robot"}"#)
            #expect(gender.status == .unprocessableEntity || gender.status == .badRequest)
            let future = try await app.send(.PATCH, "/v1/me", headers: bearer(token).merged(json), body: #"{"birth_date":"2999-01-01"}"#)
            #expect(try future.problem().errors?.first?.field == "birth_date")
        }
    }

    @Test(arguments: Engine.available)
    func anEmailInUseCannotBeTaken(_ engine: Engine) async throws {
        try await withPlayhouse(engine, { $0.passwordHashCost = 4 }) { app in
            var flow = SignInFlow(app, try await app.createApp())
            _ = try await flow.tokens(email: "ann@example.com")
            let bob = try await flow.tokens(email: "bob@example.com").accessToken
            let response = try await app.send(.PATCH, "/v1/me", headers: bearer(bob).merged(json), body: #"{"email":"ANN@example.com"}"#)
            #expect(response.status == .conflict)
            #expect(try response.problem().code == .emailTaken)
        }
    }

    @Test(arguments: Engine.available)
    func playersOfAnotherAppAreStrangers(_ engine: Engine) async throws {
        try await withPlayhouse(engine, { $0.passwordHashCost = 4 }) { app in
            var sandbox = SignInFlow(app, try await app.createApp(name: "Sandbox"))
            var production = SignInFlow(app, try await app.createApp(name: "Production", environment: .production))
            let one = try await sandbox.tokens(email: "ann@example.com")
            // The same email registers afresh in the other app: a different player.
            let two = try await production.tokens(email: "ann@example.com")
            let first = try await app.send(.GET, "/v1/me", headers: bearer(one.accessToken)).decode(PlayerProfile.self)
            let second = try await app.send(.GET, "/v1/me", headers: bearer(two.accessToken)).decode(PlayerProfile.self)
            #expect(first.id != second.id)
        }
    }

    @Test(arguments: Engine.available)
    func theProfileNeedsAPlayerTokenWithTheProfileScope(_ engine: Engine) async throws {
        try await withPlayhouse(engine, { $0.passwordHashCost = 4 }) { app in
            var flow = SignInFlow(app, try await app.createApp())
            let appToken = try await app.appToken(flow.credentials)
            let asApp = try await app.send(.GET, "/v1/me", headers: bearer(appToken))
            #expect(asApp.status == .forbidden)
            #expect(try asApp.problem().code == .playerTokenRequired)

            let playOnly = try await flow.tokens(scope: "play").accessToken
            let narrow = try await app.send(.GET, "/v1/me", headers: bearer(playOnly))
            #expect(narrow.status == .forbidden)
            #expect(try narrow.problem().code == .insufficientScope)
            #expect(narrow.headers.first(name: .wwwAuthenticate)?.contains(#"scope="profile""#) == true)
        }
    }
}
