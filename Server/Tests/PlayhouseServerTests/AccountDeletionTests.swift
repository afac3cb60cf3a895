import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import PlayhouseAPI
import PlayhouseKit
@testable import PlayhouseServer
import SQLKit
import Testing
import Vapor
import VaporTesting

/// A player deletes their account: nothing that names them is left in any table, no former way in
/// works, and their money stays accounted for.
@Suite struct AccountDeletionTests {
    static let email = "zq.annika@example.com", phone = "+4599887766"
    static let markers = [email, "99887766", "Zq Annika", "Zqfirstname", "zq-secret-list", "zq-secret-item"]

    /// Every text in every table of the database, with its table.
    static func everyText(_ app: Application) async throws -> [(table: String, text: String)] {
        let sql = try app.sql()
        let postgres = sql.dialect.name == "postgresql"
        let tables = try await sql.raw(postgres
            ? "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'"
            : "SELECT name FROM sqlite_master WHERE type = 'table'").all().map { try $0.decode(column: "name", as: String.self) }
        #expect(tables.contains("players") && tables.contains("ledger_entries") && tables.count > 40, "\(tables)")
        var texts: [(String, String)] = []
        for table in tables {
            for row in try await sql.raw("SELECT * FROM \(ident: table)").all() {
                for column in row.allColumns {
                    if let text = try? row.decode(column: column, as: String?.self) { texts.append((table, text)) }
                }
            }
        }
        return texts
    }

    @Test(arguments: Engine.available)
    func aDeletedPlayerLeavesNothingThatNamesThemAndTheirMoneyStaysAccounted(_ engine: Engine) async throws {
        try await withPlayhouse(engine, { $0.passwordHashCost = 4 }) { app in
            let fixture = try await WalletFixture.make(app)
            try await fixture.importGames()
            let lists = ListFixture(app: app, credentials: fixture.credentials)
            var flow = SignInFlow(app, fixture.credentials)
            let signedIn = try await flow.tokens(email: Self.email)
            let ann = signedIn.accessToken
            let profile = try await app.send(.PATCH, "/v1/me", headers: bearer(ann).merged(json),
                                             body: #"{"display_name":"Zq Annika","first_name":"Zqfirstname"}"#).decode(PlayerProfile.self)
            let annID = try #require(UUID(uuidString: profile.id))
            let pin = try await PhonePinTests().requestPin(app, try await app.appToken(fixture.credentials), Self.phone)
            #expect(try await app.send(.POST, "/v1/me/links/phone", headers: bearer(ann).merged(json),
                                       body: #"{"phone_number":"\#(Self.phone)","pin":"\#(pin)"}"#).status == .ok)
            try #require(try await fixture.deposit(ann, "10.00").status == .created)
            try #require(try await fixture.bet(ann, game: "never-wins", #"{"currency":"EUR","wager":"0.20"}"#).status == .created)
            // A list of hers shared with Bob, who accepted it, and one of Bob's she was given.
            let bob = try await lists.player("bob@example.com")
            let (hers, his) = (Op.id(), Op.id())
            try await lists.apply(ann, Op.createList(hers, "zq-secret-list"), Op.add(hers, Op.id(), "zq-secret-item"),
                                  Op.share(hers, email: "bob@example.com", .write))
            try await lists.apply(bob, Op.answer(hers, accept: true), Op.createList(his, "Bob's"), Op.share(his, email: Self.email, .read))
            try await lists.apply(ann, Op.answer(his, accept: true))
            let bobsCursor = try await lists.snapshot(bob).changesCursor
            let figures = try await app.dashboard.series(appID: fixture.credentials.app.id)
            #expect(try await Self.everyText(app).contains { $0.text.contains(Self.email) }, "the scan finds her before")

            let answer = try await app.send(.POST, "/v1/me/deletion", headers: bearer(ann))
            #expect(answer.status == .ok, "\(answer.body.string)")
            let receipt = try answer.decode(AccountDeletion.self)
            #expect(receipt.playerID == profile.id && receipt.id.hasPrefix("ern:deletion:"))
            #expect(receipt.writtenOff == [.init(amount: Money(amount: "9.80", currency: "EUR"), economy: .sandbox)])

            // Nothing in any table names her.
            let left = try await Self.everyText(app).filter { found in Self.markers.contains { found.text.contains($0) } || found.text == profile.inviteCode }
            #expect(left.map { "\($0.table): \($0.text.prefix(80))" } == [])
            // No former way in: her token, her refresh token, her password, her phone (a new player), her browser.
            #expect(try await app.send(.GET, "/v1/wallet", headers: bearer(ann)).status == .unauthorized)
            let refresh = try await app.postForm("/oauth/token", "grant_type=refresh_token&refresh_token=\(try #require(signedIn.refreshToken))",
                                                 headers: basic(fixture.credentials))
            #expect(refresh.status == .badRequest)
            #expect(try await app.players.authenticate(appID: fixture.credentials.app.id, email: Self.email, password: "correct horse") == nil)
            #expect(try await app.dashboard.series(appID: fixture.credentials.app.id) == figures, "the app's figures are what they were")
            let newPin = try await PhonePinTests().requestPin(app, try await app.appToken(fixture.credentials), Self.phone)
            let byPhone = try await PhonePinTests().exchange(app, fixture.credentials, pin: newPin, phone: Self.phone).decode(TokenResponse.self)
            #expect(byPhone.playerCreated == true)
            #expect(try await app.send(.GET, "/v1/me", headers: bearer(byPhone.accessToken)).decode(PlayerProfile.self).id != profile.id)

            // Her money is accounted for.
            try await fixture.expectLedgerSound()
            let history = try await app.store.read { sql in
                try await sql.raw("SELECT kind FROM ledger_transactions WHERE player_id = \(bind: annID) ORDER BY created_at").all()
                    .map { try $0.decode(column: "kind", as: String.self) }
            }
            #expect(history == ["deposit", "bet", "write_off"], "kept under her id alone")

            // Bob's feed: her list is deleted; his list is his, without her.
            let changes = try await lists.changes(bob, since: bobsCursor)
            #expect(changes.data.contains { if case .list(let list) = $0 { list.id == hers && list.deleted && list.name.isEmpty } else { false } })
            #expect(try await lists.snapshot(bob).data.map(\.list.id) == [his])
            #expect(try await lists.snapshot(bob).data.first?.shares.isEmpty == true, "her share of it is gone")

            // A second deletion (an operator's, say) answers the first one's receipt.
            let again = try await app.deleteAccount.delete(playerID: annID, app: fixture.credentials.app, by: .commandLine)
            #expect(again.id == receipt.id && again.writtenOff == receipt.writtenOff && abs(again.deletedAt.timeIntervalSince(receipt.deletedAt)) < 1)
        }
    }

    @Test(arguments: Engine.available)
    func moneyComesFirstAndARefusalChangesNothing(_ engine: Engine) async throws {
        try await withPlayhouse(engine, { $0.passwordHashCost = 4 }) { app in
            let fixture = try await WalletFixture.make(app)
            let ann = try await fixture.player()
            try #require(try await fixture.deposit(ann, "10.00").status == .created)
            // A withdrawal still with the provider: it settles first.
            let withdrawal = try await fixture.withdraw(ann, "4.00").decode(Payment.self)
            let open = try await app.send(.POST, "/v1/me/deletion", headers: bearer(ann))
            #expect(open.status == .conflict && (try? open.decode(Problem.self).code) == .paymentsOpen, "\(open.body.string)")
            #expect(try await fixture.euros(ann) == ("6.00", "4.00"))
            #expect(try await fixture.post("/v1/wallet/withdrawals/\(withdrawal.id)/cancel", ann, "", key: UUID().uuidString).status == .ok)

            // Real money in the real economy: withdrawn first, and the problem says how much.
            let annID = try #require(UUID(uuidString: try await app.send(.GET, "/v1/me", headers: bearer(ann)).decode(PlayerProfile.self).id))
            try await app.store.transaction { sql in
                _ = try await Ledger(sql: sql, appID: fixture.credentials.app.id, now: app.now)
                    .post(kind: "adjustment", playerID: annID, reference: nil,
                          legs: [(.app(.adjustments, "EUR", .real), -1250), (.wallet(annID, "EUR", .real), 1250)])
            }
            let real = try await app.send(.POST, "/v1/me/deletion", headers: bearer(ann))
            #expect(real.status == .conflict, "\(real.body.string)")
            let problem = try real.decode(Problem.self)
            #expect(problem.code == .realMoneyInWallet && problem.detail?.contains("12.50 EUR") == true, "\(real.body.string)")
            #expect(try await fixture.euros(ann) == ("10.00", "0.00"), "nothing written off")
            #expect(try await app.send(.GET, "/v1/me", headers: bearer(ann)).status == .ok, "still signed in")
            try await fixture.expectLedgerSound()
        }
    }

    @Test(arguments: Engine.available)
    func aSignInFromMoreThanFiveMinutesAgoIsAskedAgain(_ engine: Engine) async throws {
        try await withPlayhouse(engine, { $0.passwordHashCost = 4 }) { app in
            let fixture = try await WalletFixture.make(app)
            let ann = try await fixture.player()
            app.playhouseClock.advance(by: 5 * 60 + 1)
            let stale = try await app.send(.POST, "/v1/me/deletion", headers: bearer(ann))
            #expect(stale.status == .forbidden, "\(stale.body.string)")
            #expect(try stale.decode(Problem.self).code == .reauthenticationRequired)
            #expect(try await app.send(.GET, "/v1/me", headers: bearer(ann)).status == .ok, "nothing changed")
            let fresh = try await fixture.signIn()
            #expect(try await app.send(.POST, "/v1/me/deletion", headers: bearer(fresh)).status == .ok)
        }
    }

    @Test(arguments: Engine.available)
    func aSelfExclusionOutlivesTheAccount(_ engine: Engine) async throws {
        try await withPlayhouse(engine, { $0.passwordHashCost = 4 }) { app in
            let fixture = try await WalletFixture.make(app)
            let ann = try await fixture.player(Self.email)
            let until = RFC3339.format(app.now.addingTimeInterval(180 * 24 * 3600))
            #expect(try await app.send(.PUT, "/v1/me/limits", headers: bearer(ann).merged(json),
                                       body: #"{"self_excluded_until":"\#(until)"}"#).status == .ok)
            #expect(try await app.send(.POST, "/v1/me/deletion", headers: bearer(ann)).status == .ok)
            #expect(try await Self.everyText(app).filter { $0.text.contains(Self.email) }.isEmpty, "a hash, not the email")

            // Signing up again with the same email within the exclusion keeps her out until its end.
            let again = try await fixture.player(Self.email)
            let limits = try await app.send(.GET, "/v1/me/limits", headers: bearer(again)).decode(PlayerLimits.self)
            #expect(limits.selfExcludedUntil.map(RFC3339.format) == until)
            let verdict = try await app.send(.GET, "/v1/can-i-gamble", headers: bearer(again)).decode(GambleVerdict.self)
            #expect(!verdict.allowed)
            // A guest's installation keeps it too: the same installation signs a new guest up, kept out.
            let installation = UUID().uuidString.lowercased()
            func guest() async throws -> String {
                try await app.postForm("/oauth/token", "grant_type=urn%3Aplayhouse%3Agrant-type%3Aguest&installation_id=\(installation)",
                                       headers: basic(fixture.credentials)).decode(TokenResponse.self).accessToken
            }
            let guestToken = try await guest()
            #expect(try await app.send(.PUT, "/v1/me/limits", headers: bearer(guestToken).merged(json),
                                       body: #"{"self_excluded_until":"\#(until)"}"#).status == .ok)
            #expect(try await app.send(.POST, "/v1/me/deletion", headers: bearer(guestToken)).status == .ok)
            let newGuest = try await guest()
            #expect(try await app.send(.GET, "/v1/can-i-gamble", headers: bearer(newGuest)).decode(GambleVerdict.self).allowed == false)
            // Once it has ended, the sweep forgets the hash.
            app.playhouseClock.advance(by: 181 * 24 * 3600)
            try await ExcludedIdentifiers.forgetEnded(app.store, now: app.now)
            #expect(try await app.sql().raw("SELECT id FROM excluded_identifiers").all().isEmpty)
        }
    }

    @Test(arguments: Engine.available)
    func noBetLandsAfterTheReceipt(_ engine: Engine) async throws {
        try await withPlayhouse(engine, { $0.passwordHashCost = 4 }) { app in
            let fixture = try await WalletFixture.make(app)
            try await fixture.importGames()
            let ann = try await fixture.player()
            try #require(try await fixture.deposit(ann, "20.00").status == .created)
            let annID = try #require(UUID(uuidString: try await app.send(.GET, "/v1/me", headers: bearer(ann)).decode(PlayerProfile.self).id))
            let statuses = try await withThrowingTaskGroup(of: HTTPStatus.self) { group in
                for index in 0..<30 {
                    group.addTask {
                        if index == 10 { return try await app.send(.POST, "/v1/me/deletion", headers: bearer(ann)).status }
                        return try await fixture.bet(ann, game: "never-wins", #"{"currency":"EUR","wager":"0.20"}"#, key: UUID().uuidString).status
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(statuses.allSatisfy { [.created, .ok, .unauthorized, .unprocessableEntity].contains($0) }, "\(statuses)")
            // In the ledger's own order: every bet's entries come before the write-off's.
            func entry(_ aggregate: String, _ kind: String) async throws -> Int64? {
                try await app.sql().raw("""
                    SELECT \(unsafeRaw: aggregate)(e.id) AS id FROM ledger_entries e JOIN ledger_transactions t ON t.id = e.transaction_id
                    WHERE t.player_id = \(bind: annID) AND t.kind = \(bind: kind)
                    """).first()?.decode(column: "id", as: Int64?.self)
            }
            let writeOff = try #require(try await entry("MIN", "write_off"), "20.00 less at most 29 bets of 0.20 is written off")
            #expect(try await entry("MAX", "bet").map { $0 < writeOff } ?? true)
            try await fixture.expectLedgerSound()
            let balance = try await app.sql().raw("SELECT CAST(SUM(balance) AS BIGINT) AS total FROM ledger_accounts WHERE player_id = \(bind: annID)").first()?
                .decode(column: "total", as: Int64?.self)
            #expect(balance ?? 0 == 0, "everything written off, nothing after")
        }
    }

    /// The app's side: `client.auth.deleteAccount()` asks for a fresh sign-in when the last one is
    /// old, then deletes, answers the receipt and signs the player out on the device.
    @Test(arguments: Engine.available)
    func theSDKDeletesTheAccountAndSignsThePlayerOut(_ engine: Engine) async throws {
        try await withRunningServer(engine, { $0.passwordHashCost = 4 }) { app, url in
            let fixture = try await WalletFixture.make(app)
            let sdk = SDKWalletTests().client(url, fixture.credentials)
            _ = try await sdk.auth.signIn(scopes: ["profile", "wallet"], presenter: FormPostingPresenter(email: "ann@example.com"))
            _ = try await sdk.wallet.deposit(Decimal(string: "3.5")!, currency: "EUR")

            app.playhouseClock.advance(by: 6 * 60)
            do {
                _ = try await sdk.auth.deleteAccount()
                Issue.record("a sign-in six minutes old deleted the account")
            } catch let error as PlayhouseError {
                #expect(error.code == .reauthenticationRequired && error.status == 403)
            }
            #expect(await sdk.auth.currentPlayer != nil, "still signed in")
            _ = try await sdk.auth.signIn(scopes: ["profile", "wallet"], prompt: .login,
                                          presenter: FormPostingPresenter(email: "ann@example.com", register: false))
            let receipt = try await sdk.auth.deleteAccount()
            #expect(receipt.writtenOff.map(\.amount) == [Money(amount: "3.50", currency: "EUR")])
            #expect(await sdk.auth.currentPlayer == nil)
            do {
                _ = try await sdk.wallet.wallet()
                Issue.record("a deleted player read a wallet")
            } catch let error as PlayhouseError {
                #expect(error.code == .notSignedIn)
            }
        }
    }

    /// Support deletes an account for a player who asked, from the admin API (the console's
    /// button calls it); the audit log keeps the receipt, and the player's page says so.
    @Test(arguments: Engine.available)
    func supportDeletesAnAccountOnRequestAndTheConsoleShowsTheReceipt(_ engine: Engine) async throws {
        try await withPlayhouse(engine, { $0.passwordHashCost = 4 }) { app in
            let fixture = try await WalletFixture.make(app)
            let clientID = fixture.credentials.app.clientID
            let ann = try await fixture.player(Self.email)
            let id = try await app.send(.GET, "/v1/me", headers: bearer(ann)).decode(PlayerProfile.self).id
            let support = try await ConsoleTests.operatorSignedIn(app, "support@example.com", .support)
            let before = try await app.send(.GET, "/console/players/\(clientID)/\(id)", headers: support.reading).body.string
            #expect(before.contains("id=\"delete-player\"") && before.contains(Self.email))

            let answer = try await app.send(.POST, "/admin/v1/apps/\(clientID)/players/\(id)/deletion", headers: support.changing)
            #expect(answer.status == .ok, "\(answer.body.string)")
            let receipt = try answer.decode(AccountDeletion.self)
            #expect(try await app.auditLog.all().contains { $0.action == "player deleted" && $0.target == receipt.id && $0.actor == "support@example.com" })
            #expect(try await app.send(.GET, "/v1/me", headers: bearer(ann)).status == .unauthorized)

            let whole = try await app.send(.GET, "/admin/v1/apps/\(clientID)/players/\(id)", headers: support.reading).decode(AdminPlayer.self)
            #expect(whole.deletion?.id == receipt.id && whole.profile.email == nil)
            let after = try await app.send(.GET, "/console/players/\(clientID)/\(id)", headers: support.reading).body.string
            #expect(after.contains("id=\"deleted\"") && after.contains(receipt.id) && !after.contains("id=\"delete-player\"") && !after.contains(Self.email))
            // Again: the same receipt.
            let again = try await app.send(.POST, "/admin/v1/apps/\(clientID)/players/\(id)/deletion", headers: support.changing)
            #expect(try again.decode(AccountDeletion.self).id == receipt.id)
        }
    }
}
