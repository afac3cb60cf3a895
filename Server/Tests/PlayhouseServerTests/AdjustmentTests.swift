import Foundation
import PlayhouseAPI
@testable import PlayhouseServer
import Testing
import Vapor
import VaporTesting

/// An owner's corrections of a player's money from the console's admin API, on both engines:
/// money in and out with a reason, refused without one or beyond the balance, reversed once, every
/// change in the audit log and the ledger sound throughout.
@Suite struct AdjustmentTests {
    @Test(arguments: Engine.available)
    func anOwnerAdjustsAPlayersWalletWithAReasonAndReversesItOnce(_ engine: Engine) async throws {
        try await withPlayhouse(engine, { $0.passwordHashCost = 4 }) { app in
            let fixture = try await WalletFixture.make(app)
            let token = try await fixture.player("pat@example.com")
            #expect(try await fixture.deposit(token, "12.50").status == .created)
            let clientID = fixture.credentials.app.clientID
            let player = try await app.send(.GET, "/v1/me", headers: bearer(token)).decode(PlayerProfile.self).id
            let owner = try await ConsoleTests.operatorSignedIn(app, "olga@example.com", .owner)
            let path = "/admin/v1/apps/\(clientID)/players/\(player)/adjustments"
            func adjust(_ body: String, as who: ConsoleTests.SignedIn, key: String? = nil) async throws -> TestingHTTPResponse {
                var headers = who.changing
                if let key { headers.add(name: "Idempotency-Key", value: key) }
                return try await app.send(.POST, path, headers: headers, body: body)
            }
            let goodwill = #"{"direction":"credit","amount":"5.00","currency":"EUR","reason":"Goodwill: the game froze mid-spin"}"#

            // Only an owner moves money, and a refusal changes nothing.
            for role in [OperatorRole.developer, .support, .analyst] {
                let other = try await ConsoleTests.operatorSignedIn(app, "\(role.rawValue)@example.com", role)
                #expect(try await adjust(goodwill, as: other).status == .forbidden, "\(role)")
            }
            for (body, field) in [(#"{"direction":"credit","amount":"5.00","currency":"EUR","reason":"  "}"#, "reason"),
                                  (#"{"direction":"credit","amount":"0","currency":"EUR","reason":"r"}"#, "amount"),
                                  (#"{"direction":"credit","amount":"-5","currency":"EUR","reason":"r"}"#, "amount")] {
                let refused = try await adjust(body, as: owner)
                let fields = try refused.problem().errors ?? []
                #expect(refused.status == .unprocessableEntity && fields.contains { $0.field == field }, "\(body)")
            }
            #expect(try await adjust(#"{"direction":"credit","amount":"5","currency":"XXX","reason":"r"}"#, as: owner).status == .unprocessableEntity)
            #expect(try await fixture.euros(token).available == "12.50")

            // A credit, with its reason; the same key again gets the first answer, and no second credit.
            let made = try await adjust(goodwill, as: owner, key: "goodwill-1")
            #expect(made.status == .created, "\(made.body.string)")
            let credit = try made.decode(Adjustment.self)
            #expect(credit.direction == .credit && credit.amount == Money(amount: "5.00", currency: "EUR") && credit.by == "olga@example.com")
            let again = try await adjust(goodwill, as: owner, key: "goodwill-1")
            #expect(again.headers.first(name: "Idempotent-Replayed") == "true")
            #expect(try again.decode(Adjustment.self) == credit)
            #expect(try await fixture.euros(token).available == "17.50")
            #expect(try await fixture.history(token).data.first?.kind == .adjustment, "the player sees it in their history")

            // A debit beyond the balance is refused, and stays refused for its key after the balance has grown.
            let tooMuch = #"{"direction":"debit","amount":"30.00","currency":"EUR","reason":"Chargeback"}"#
            let overdrawn = try await adjust(tooMuch, as: owner, key: "chargeback-1")
            #expect(try overdrawn.problem().code == .insufficientFunds)
            #expect(try await fixture.deposit(token, "50.00").status == .created)
            #expect(try await adjust(tooMuch, as: owner, key: "chargeback-1").status == .unprocessableEntity)
            #expect(try await fixture.euros(token).available == "67.50")

            // Reversed once: the money goes back; a second reversal, sent at the same time, is refused,
            // as is reversing the reversal.
            let reversal = "/admin/v1/apps/\(clientID)/adjustments/\(credit.id)/reversal"
            let answers = try await fixture.together(2) {
                try await app.send(.POST, reversal, headers: owner.changing, body: #"{"reason":"Credited to the wrong player"}"#)
            }
            #expect(answers.map(\.0).sorted { $0.code < $1.code } == [.created, .conflict], "\(answers)")
            let reversed = try #require(answers.first { $0.0 == .created }.map { try PlayhouseJSON.makeDecoder().decode(Adjustment.self, from: Data($0.1.utf8)) })
            #expect(reversed.direction == .debit && reversed.reverses == credit.id && reversed.amount == credit.amount)
            #expect(try await fixture.euros(token).available == "62.50")
            #expect(try await app.send(.POST, "/admin/v1/apps/\(clientID)/adjustments/\(reversed.id)/reversal", headers: owner.changing,
                                       body: #"{"reason":"Undo the undo"}"#).problem().code == .adjustmentNotReversible)
            #expect(try await app.send(.POST, "/admin/v1/apps/\(clientID)/adjustments/\(UUID())/reversal", headers: owner.changing,
                                       body: #"{"reason":"Nothing"}"#).status == .notFound)

            // Listed newest first, each saying what reversed it; in the audit log once each; the ledger sound.
            let listed = try await app.send(.GET, "/admin/v1/apps/\(clientID)/adjustments?player=\(player)", headers: owner.reading)
                .decode(Page<Adjustment>.self).data
            #expect(listed.map(\.id) == [reversed.id, credit.id] && listed.last?.reversedBy == reversed.id)
            let logged = try await app.auditLog.all().filter { $0.target.hasPrefix("ern:adjustment:") }
            #expect(logged.map(\.action) == ["money adjusted", "adjustment reversed"] && logged.allSatisfy { $0.actor == "olga@example.com" })
            let totals = try await app.send(.GET, "/admin/v1/apps/\(clientID)/ledger", headers: owner.reading).decode(Page<LedgerTotal>.self)
            #expect(totals.data.filter { $0.account == "app:adjustments" }.map(\.total) == [Money(amount: "0.00", currency: "EUR")],
                    "a credit and its reversal net to nothing")
            try await fixture.expectLedgerSound()

            // The player's page offers both to an owner; support sees the history, not the corrections.
            let page = try await app.send(.GET, "/console/players/\(clientID)/\(player)", headers: owner.reading).body.string
            #expect(page.contains("Credited to the wrong player") && page.contains("data-call=\"POST \(path)\""))
            let support = try await ConsoleTests.operatorSignedIn(app, "help@example.com", .support)
            let seen = try await app.send(.GET, "/console/players/\(clientID)/\(player)", headers: support.reading).body.string
            #expect(seen.contains("adjustment") && !seen.contains("Credited to the wrong player") && !seen.contains(path))
        }
    }

    @Test(arguments: Engine.available)
    func theMoneyPageListsPaymentsOpenAndFinished(_ engine: Engine) async throws {
        try await withPlayhouse(engine, { $0.passwordHashCost = 4 }) { app in
            let fixture = try await WalletFixture.make(app)
            let token = try await fixture.player("pat@example.com")
            #expect(try await fixture.deposit(token, "12.50").status == .created)
            #expect(try await fixture.deposit(token, "3.00", method: "sandbox_delayed").status == .created)
            let clientID = fixture.credentials.app.clientID
            let analyst = try await ConsoleTests.operatorSignedIn(app, "ann@example.com", .analyst)
            func payments(_ state: String) async throws -> [PaymentLine] {
                try await app.send(.GET, "/admin/v1/apps/\(clientID)/payments?state=\(state)", headers: analyst.reading)
                    .decode(Page<PaymentLine>.self).data
            }
            #expect(try await payments("open").map(\.payment.amount.amount) == ["3.00"])
            #expect(try await payments("finished").map(\.payment.amount.amount) == ["12.50"])
            #expect(try await app.send(.GET, "/admin/v1/apps/\(clientID)/payments?state=lost", headers: analyst.reading).status == .badRequest)
            let page = try await app.send(.GET, "/console/money?app=\(clientID)", headers: analyst.reading).body.string
            #expect(page.contains("id=\"open-payments\"") && page.contains("sandbox_delayed"))

            // Paged, the newest first: two more finished deposits make three, two a page.
            #expect(try await fixture.deposit(token, "1.00").status == .created)
            #expect(try await fixture.deposit(token, "2.00").status == .created)
            // (The delayed deposit may finish meanwhile: it may be there too, once.)
            var pages: [[PaymentLine]] = [], cursor: String? = ""
            while let next = cursor, pages.count < 5 {
                let page = try await app.send(.GET, "/admin/v1/apps/\(clientID)/payments?state=finished&limit=2&cursor=\(next)", headers: analyst.reading)
                    .decode(Page<PaymentLine>.self)
                pages.append(page.data)
                cursor = page.nextCursor
            }
            let ids = pages.joined().map(\.payment.id), amounts = Set(pages.joined().map(\.payment.amount.amount))
            #expect(pages.count == 2 && pages[0].count == 2 && Set(ids).count == ids.count, "\(pages.map { $0.map(\.payment.amount.amount) })")
            #expect(amounts.isSuperset(of: ["12.50", "1.00", "2.00"]) && amounts.isSubset(of: ["12.50", "1.00", "2.00", "3.00"]))
        }
    }
}
