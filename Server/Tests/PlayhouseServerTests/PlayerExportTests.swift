import Foundation
import PlayhouseAPI
@testable import PlayhouseServer
import Testing
import Vapor
import VaporTesting

/// A player's copy of every record the server holds about them, and support's: one JSON document.
@Suite struct PlayerExportTests {
    @Test(arguments: Engine.available)
    func aPlayerGetsEveryRecordAboutThemAsOneDocument(_ engine: Engine) async throws {
        try await withPlayhouse(engine, { $0.passwordHashCost = 4 }) { app in
            let fixture = try await WalletFixture.make(app)
            try await fixture.importGames()
            let lists = ListFixture(app: app, credentials: fixture.credentials)
            let ann = try await fixture.player("ann@example.com")
            _ = try await app.send(.PATCH, "/v1/me", headers: bearer(ann).merged(json), body: #"{"display_name":"Ann"}"#)
            try #require(try await fixture.deposit(ann, "20.00").status == .created)
            _ = try await fixture.withdraw(ann, "1.00")
            // More bets than a page of the document's reads: every one of them is in it.
            for _ in 0..<(PlayerExport.pageSize + 5) {
                try #require(try await fixture.bet(ann, game: "never-wins", #"{"currency":"EUR","wager":"0.10"}"#).status == .created)
            }
            let list = Op.id()
            try await lists.apply(ann, Op.createList(list, "Groceries"), Op.add(list, Op.id(), "Milk"))

            let answer = try await app.send(.GET, "/v1/me/export", headers: bearer(ann))
            #expect(answer.status == .ok, "\(answer.body.string)")
            #expect(answer.headers.first(name: .contentDisposition)?.hasPrefix("attachment") == true)
            let document = try PlayhouseJSON.makeDecoder().decode(PlayerDataExport.self, from: Data(answer.body.string.utf8))
            #expect(document.profile.displayName == "Ann" && document.signIn.email == "ann@example.com" && document.signIn.password)
            #expect(!answer.body.string.contains("password_hash") && !answer.body.string.contains("$2"), "no secret")
            #expect(document.app.clientID == fixture.credentials.app.clientID)
            #expect(document.bets.count == PlayerExport.pageSize + 5 && Set(document.bets.map(\.id)).count == document.bets.count)
            #expect(document.payments.map(\.status) == [.completed, .pending] && document.payments.first?.ern.hasPrefix("ern:deposit:") == true)
            #expect(document.transactions.count == PlayerExport.pageSize + 5 + 2, "every bet's line, the deposit and the withdrawal")
            #expect(document.wallet.balance("EUR", economy: .sandbox)?.available.amount == "8.50")
            #expect(document.lists.map(\.list.name) == ["Groceries"] && document.lists.first?.items.map(\.description) == ["Milk"])
            #expect(document.sessions.count == 1 && document.deletion == nil)

            // A sign-in older than five minutes is asked again, as for a deletion.
            app.playhouseClock.advance(by: 5 * 60 + 1)
            #expect(try await app.send(.GET, "/v1/me/export", headers: bearer(ann)).status == .forbidden)
        }
    }

    @Test(arguments: Engine.available)
    func supportExportsForAPlayerWhoAskedAndAfterADeletionOnlyThePseudonymsRecordsAreLeft(_ engine: Engine) async throws {
        try await withPlayhouse(engine, { $0.passwordHashCost = 4 }) { app in
            let fixture = try await WalletFixture.make(app)
            let clientID = fixture.credentials.app.clientID
            let ann = try await fixture.player("ann@example.com")
            try #require(try await fixture.deposit(ann, "2.00").status == .created)
            let id = try await app.send(.GET, "/v1/me", headers: bearer(ann)).decode(PlayerProfile.self).id
            let support = try await ConsoleTests.operatorSignedIn(app, "support@example.com", .support)
            let path = "/admin/v1/apps/\(clientID)/players/\(id)/export"
            let before = try await app.send(.GET, path, headers: support.reading)
            #expect(before.status == .ok)
            #expect(try PlayhouseJSON.makeDecoder().decode(PlayerDataExport.self, from: Data(before.body.string.utf8)).signIn.email == "ann@example.com")

            #expect(try await app.send(.POST, "/v1/me/deletion", headers: bearer(ann)).status == .ok)
            let after = try await app.send(.GET, path, headers: support.reading)
            let document = try PlayhouseJSON.makeDecoder().decode(PlayerDataExport.self, from: Data(after.body.string.utf8))
            #expect(!after.body.string.contains("ann@example.com"))
            #expect(document.deletion != nil && document.signIn == SignInMethods(email: nil, phoneNumber: nil, password: false, providers: [],
                                                                                 installations: [], consents: []))
            #expect(document.payments.count == 1 && document.transactions.map(\.kind) == [.writeOff, .deposit], "the money's records stay")
            #expect(try await app.send(.GET, "/admin/v1/apps/\(clientID)/players/\(UUID())/export", headers: support.reading).status == .notFound)
        }
    }
}
