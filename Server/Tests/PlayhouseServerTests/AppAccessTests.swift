import Foundation
import PlayhouseAPI
@testable import PlayhouseServer
import Testing
import Vapor
import VaporTesting

/// Apps limited to some operators, on both engines: the others do not see the app in any list and
/// every call on it answers them 404; owners always reach it; an empty list opens it again.
@Suite struct AppAccessTests {
    @Test(arguments: Engine.available)
    func anAppLimitedToSomeOperatorsIsHiddenFromTheOthers(_ engine: Engine) async throws {
        try await withPlayhouse(engine, { $0.passwordHashCost = 4 }) { app in
            let fixture = try await WalletFixture.make(app)
            let other = try await app.createApp()
            let clientID = fixture.credentials.app.clientID
            let owner = try await ConsoleTests.operatorSignedIn(app, "olga@example.com", .owner)
            let dev = try await ConsoleTests.operatorSignedIn(app, "dev@example.com", .developer)
            let outsider = try await ConsoleTests.operatorSignedIn(app, "out@example.com", .developer)
            func apps(_ who: ConsoleTests.SignedIn) async throws -> [String] {
                try await app.send(.GET, "/admin/v1/apps", headers: who.reading).decode(Page<AdminApp>.self).data.map(\.clientID)
            }
            let limit = "/admin/v1/apps/\(clientID)/operators"
            #expect(try await app.send(.PUT, limit, headers: dev.changing, body: #"{"operators":["dev@example.com"]}"#).status == .forbidden)
            #expect(try await app.send(.PUT, limit, headers: owner.changing, body: #"{"operators":["nobody@example.com"]}"#).status == .unprocessableEntity)
            let set = try await app.send(.PUT, limit, headers: owner.changing, body: #"{"operators":["DEV@example.com"]}"#)
            #expect(try set.decode(Page<Operator>.self).data.map(\.email) == ["dev@example.com"])

            // The outsider sees only the other app, and gets 404 for every call on this one; the page hides it too.
            #expect(try await apps(outsider) == [other.app.clientID])
            let both: Set = [clientID, other.app.clientID]
            #expect(Set(try await apps(dev)) == both)
            #expect(Set(try await apps(owner)) == both)
            for path in ["/admin/v1/apps/\(clientID)/dashboard", "/admin/v1/apps/\(clientID)/games", "/admin/v1/apps/\(fixture.credentials.app.id)/dashboard"] {
                #expect(try await app.send(.GET, path, headers: outsider.reading).status == .notFound, "\(path)")
                #expect(try await app.send(.GET, path, headers: dev.reading).status == .ok, "\(path)")
            }
            #expect(try await app.send(.POST, "/admin/v1/apps/\(clientID)/rotate-secret", headers: outsider.changing).status == .notFound)
            #expect(!(try await app.send(.GET, "/console/apps", headers: outsider.reading).body.string.contains(clientID)))
            #expect(try await app.send(.GET, "/console/apps", headers: owner.reading).body.string.contains("value=\"dev@example.com\""))

            // Logged once; an empty list opens it to everyone again.
            #expect(try await app.send(.PUT, limit, headers: owner.changing, body: #"{"operators":["dev@example.com"]}"#).status == .ok)
            #expect(try await app.send(.PUT, limit, headers: owner.changing, body: #"{"operators":[]}"#).status == .ok)
            #expect(Set(try await apps(outsider)) == both)
            let logged = try await app.auditLog.all().filter { $0.action == "app operators set" }
            #expect(logged.count == 2 && logged.first?.after == .array([.string("dev@example.com")]) && logged.last?.after == .array([]))
        }
    }
}
