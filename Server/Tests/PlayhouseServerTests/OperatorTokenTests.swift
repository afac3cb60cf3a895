import Foundation
import PlayhouseAPI
@testable import PlayhouseServer
import Testing
import Vapor
import VaporTesting

/// Operators' API tokens on both engines: made from a console session, shown once, calling the admin
/// API with the operator's role and no CSRF token, and refused once revoked, expired or their
/// operator disabled.
@Suite struct OperatorTokenTests {
    struct Made: Decodable {
        var token: OperatorToken
        var secret: String
    }

    static func make(_ app: Application, _ who: ConsoleTests.SignedIn, _ body: String = #"{"name":"nightly export"}"#) async throws -> Made {
        let response = try await app.send(.POST, "/admin/v1/tokens", headers: who.changing, body: body)
        try #require(response.status == .created, "\(response.body.string)")
        #expect(response.headers.first(name: .cacheControl) == "no-store")
        return try response.decode(Made.self)
    }

    @Test(arguments: Engine.available)
    func aTokenCallsTheAdminAPIWithItsOperatorsRoleUntilRevoked(_ engine: Engine) async throws {
        try await withPlayhouse(engine, { $0.passwordHashCost = 4 }) { app in
            let owner = try await ConsoleTests.operatorSignedIn(app, "olga@example.com", .owner)
            let developer = try await ConsoleTests.operatorSignedIn(app, "dev@example.com", .developer)
            let ownerToken = try await Self.make(app, owner)
            let developerToken = try await Self.make(app, developer, #"{"name":"deploy","expires_in_days":1}"#)
            #expect(ownerToken.secret.hasPrefix("pho_") && ownerToken.token.operatorEmail == "olga@example.com")
            func bearer(_ made: Made) -> HTTPHeaders { ["Authorization": "Bearer \(made.secret)", "Content-Type": "application/json"] }

            // The owner's token does an owner's change, with no cookie and no CSRF token, logged as the owner.
            let who = try await app.send(.GET, "/admin/v1/session", headers: bearer(ownerToken))
            #expect(who.status == .ok && !who.body.string.contains("csrf_token"))
            let created = try await app.send(.POST, "/admin/v1/apps", headers: bearer(ownerToken), body: #"{"name":"Scripted"}"#)
            #expect(created.status == .created, "\(created.body.string)")
            let logged = try #require(try await app.auditLog.all().last)
            #expect(logged.action == "app created" && logged.actor == "olga@example.com")
            // What secures access is done signed in to the console: no operator, second factor or token from a token.
            for (method, path, body) in [(HTTPMethod.POST, "/admin/v1/operators", #"{"email":"new@example.com","role":"owner"}"#),
                                         (.POST, "/admin/v1/second-factor", ""), (.PUT, "/admin/v1/second-factor", #"{"code":"123456"}"#),
                                         (.POST, "/admin/v1/tokens", #"{"name":"more"}"#)] {
                #expect(try await app.send(method, path, headers: bearer(ownerToken), body: body).problem().code == .consoleSessionRequired, "\(path)")
            }
            // A cookie's change needs its CSRF token, even with a bearer token beside it.
            var both = owner.reading
            both.add(name: "Authorization", value: "Bearer \(ownerToken.secret)")
            both.add(name: "Content-Type", value: "application/json")
            #expect(try await app.send(.POST, "/admin/v1/apps", headers: both, body: #"{"name":"Forged"}"#).problem().code == .csrfRejected)
            // The developer's has a developer's role; neither token makes another token.
            #expect(try await app.send(.POST, "/admin/v1/operators", headers: bearer(developerToken),
                                       body: #"{"email":"x@example.com","role":"owner"}"#).problem().code == .roleForbidden)
            #expect(try await app.send(.GET, "/admin/v1/apps", headers: bearer(developerToken)).status == .ok)
            #expect(try await app.send(.GET, "/admin/v1/apps", headers: ["Authorization": "Bearer pho_not-a-token"]).status == .unauthorized)

            // Lists show no secret; a developer sees their own, an owner everyone's.
            let listed = try await app.send(.GET, "/admin/v1/tokens", headers: owner.reading)
            #expect(!listed.body.string.contains(ownerToken.secret) && !listed.body.string.contains(developerToken.secret))
            #expect(try listed.decode(Page<OperatorToken>.self).data.map(\.name) == ["deploy", "nightly export"])
            #expect(try await app.send(.GET, "/admin/v1/tokens", headers: developer.reading).decode(Page<OperatorToken>.self).data.map(\.name) == ["deploy"])
            #expect(!(try await app.auditLog.all()).contains { "\($0)".contains(ownerToken.secret) })

            // A developer cannot revoke the owner's token; the owner revokes theirs, and it stops at once.
            #expect(try await app.send(.DELETE, "/admin/v1/tokens/\(ownerToken.token.id)", headers: developer.changing).status == .notFound)
            #expect(try await app.send(.DELETE, "/admin/v1/tokens/\(ownerToken.token.id)", headers: owner.changing).status == .noContent)
            #expect(try await app.send(.GET, "/admin/v1/session", headers: bearer(ownerToken)).status == .unauthorized)
            #expect(try await app.send(.DELETE, "/admin/v1/tokens/\(ownerToken.token.id)", headers: owner.changing).status == .notFound)
            #expect(try await app.auditLog.all().filter { $0.target == "ern:operator-token:\(ownerToken.token.id)" }.map(\.action)
                == ["API token created", "API token revoked"])

            // A disabled operator's tokens stop with their sessions.
            let support = try await ConsoleTests.operatorSignedIn(app, "help@example.com", .support)
            let supportToken = try await Self.make(app, support)
            #expect(try await app.send(.GET, "/admin/v1/apps", headers: bearer(supportToken)).status == .ok)
            let person = try #require(try await app.operators.find("help@example.com"))
            #expect(try await app.send(.POST, "/admin/v1/operators/\(person.id.uuidString.lowercased())/disable", headers: owner.changing).status == .ok)
            #expect(try await app.send(.GET, "/admin/v1/apps", headers: bearer(supportToken)).status == .unauthorized)

            // Bad requests change nothing; the page lists the tokens.
            for body in [#"{"name":"  "}"#, #"{"name":"x","expires_in_days":0}"#, #"{"name":"x","expires_in_days":366}"#] {
                #expect(try await app.send(.POST, "/admin/v1/tokens", headers: owner.changing, body: body).status == .unprocessableEntity, "\(body)")
            }
            #expect(try await app.send(.GET, "/admin/v1/tokens", headers: owner.reading).decode(Page<OperatorToken>.self).data.count == 3)
            let page = try await app.send(.GET, "/console/tokens", headers: owner.reading)
            #expect(page.status == .ok && page.body.string.contains("nightly export") && page.body.string.contains("revoked"))

            // A token expires (the developer's was made for a day).
            #expect(try await app.send(.GET, "/admin/v1/apps", headers: bearer(developerToken)).status == .ok)
            app.playhouseClock.stop()
            app.playhouseClock.advance(by: 86_400 + 1)
            #expect(try await app.send(.GET, "/admin/v1/apps", headers: bearer(developerToken)).status == .unauthorized)
        }
    }
}
