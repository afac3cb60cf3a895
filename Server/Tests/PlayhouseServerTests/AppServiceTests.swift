import Foundation
import PlayhouseAPI
@testable import PlayhouseServer
import Testing
import Vapor

@Suite struct AppServiceTests {
    @Test(arguments: Engine.available)
    func secretsAreStoredOnlyAsHashes(_ engine: Engine) async throws {
        try await withPlayhouse(engine) { app in
            let credentials = try await app.createApp()
            let token = try await app.appToken(credentials)
            let stored = try #require(try await app.sql().raw("SELECT secret_hash FROM apps").first()?.decode(column: "secret_hash", as: String.self))
            #expect(stored != credentials.clientSecret)
            #expect(stored == SecretToken.hash(credentials.clientSecret ?? ""))
            let tokens = try await app.sql().raw("SELECT token_hash FROM oauth_tokens").all().map { try $0.decode(column: "token_hash", as: String.self) }
            #expect(tokens == [SecretToken.hash(token)])
        }
    }

    @Test(arguments: Engine.available)
    func listShowRotateDelete(_ engine: Engine) async throws {
        try await withPlayhouse(engine) { app in
            let first = try await app.createApp(name: "First")
            let second = try await app.createApp(name: "Second", environment: .production, scopes: ["profile", "play", "play"])
            #expect(second.app.scopes == ["profile", "play"])
            #expect(Set(try await app.apps.list().map(\.name)) == ["First", "Second"])
            #expect(try await app.apps.find(second.app.clientID)?.environment == .production)
            #expect(try await app.apps.find(first.app.id.uuidString)?.name == "First")
            #expect(try await app.apps.find("ph_missing") == nil)

            let oldToken = try await app.appToken(first)
            let rotated = try #require(try await app.apps.rotateSecret(first.app.clientID, by: .commandLine))
            #expect(rotated.clientSecret != first.clientSecret)
            let old = try await app.postForm("/oauth/token", "grant_type=client_credentials", headers: basic(first))
            #expect(old.status == .unauthorized)
            _ = try await app.appToken(rotated)
            #expect(try await app.send(.GET, "/v1/app", headers: bearer(oldToken)).status == .ok)

            #expect(try await app.apps.delete(first.app.clientID, by: .commandLine))
            #expect(try await app.apps.delete(first.app.clientID, by: .commandLine) == false)
            // The CLI deletes out of the server's sight: its cached token lasts out the cache's lifetime.
            app.playhouseClock.advance(by: app.playhouse.configuration.tokenCacheLifetime)
            #expect(try await app.send(.GET, "/v1/app", headers: bearer(oldToken)).status == .unauthorized)
            #expect(try await app.count("oauth_tokens") == 0)
            #expect(try await app.apps.list().map(\.name) == ["Second"])
        }
    }

    /// The money tables keep no foreign keys on PostgreSQL (``DropMoneyForeignKeys``): deleting an
    /// app still deletes what its players did, and only that.
    @Test(arguments: Engine.available)
    func deletingAnAppDeletesItsPlayersMoney(_ engine: Engine) async throws {
        try await withPlayhouse(engine) { app in
            let deleted = try await WalletFixture.make(app), kept = try await WalletFixture.make(app)
            try await deleted.importGames([TestGames.neverWins])
            let ann = try await deleted.player("ann@example.com"), bob = try await kept.player("bob@example.com")
            #expect(try await deleted.deposit(ann, "10.00", key: "ann-1").status == .created)
            #expect(try await deleted.bet(ann, game: "never-wins", #"{"currency":"EUR","wager":"1.00"}"#, key: "ann-2").status == .created)
            #expect(try await kept.deposit(bob, "5.00", key: "bob-1").status == .created)
            let tables = ["ledger_entries", "ledger_transactions", "payments", "bets", "idempotency_keys", "session_bet_totals",
                          "player_loss_hours", "ledger_accounts", "players"]
            var before: [String: Int] = [:]
            for table in tables { before[table] = try await app.count(table) }
            #expect(before.values.allSatisfy { $0 > 0 }, "every table has rows: \(before)")

            #expect(try await app.apps.delete(deleted.credentials.app.id.uuidString, by: .commandLine))
            // Bob's app keeps its one deposit: two entries of one transaction, a payment, a key.
            let after: [String: Int] = [
                "ledger_entries": 2, "ledger_transactions": 1, "payments": 1, "bets": 0, "idempotency_keys": 1, "session_bet_totals": 0,
                "player_loss_hours": 0, "ledger_accounts": 2, "players": 1,
            ]
            for table in tables { #expect(try await app.count(table) == after[table], "\(table)") }
            #expect(try await kept.euros(bob).available == "5.00")
            try await kept.expectLedgerSound()
        }
    }

    @Test func invalidAppsAreRefusedWithFieldErrors() async throws {
        try await withPlayhouse(.sqlite) { app in
            await #expect(throws: PlayhouseProblem.self) {
                try await app.apps.create(name: "  ", redirectURIs: [], environment: .sandbox, by: .commandLine)
            }
            do {
                _ = try await app.apps.create(name: String(repeating: "n", count: 101),
                                              redirectURIs: ["not a uri", "https://example.com/cb#frag", "mygame://authorize"],
                                              environment: .sandbox, scopes: ["ok", "Bad Scope"], by: .commandLine)
                Issue.record("expected a validation problem")
            } catch let problem as PlayhouseProblem {
                #expect(problem.code == .validationFailed)
                #expect(problem.fields.map(\.name) == ["name", "redirect_uri", "redirect_uri", "scope"])
            }
            #expect(try await app.apps.list().isEmpty)
        }
    }

    @Test func redirectURIRules() {
        #expect(AppService.isValidRedirectURI("mygame://authorize"))
        #expect(AppService.isValidRedirectURI("https://game.example.com/callback"))
        #expect(AppService.isValidRedirectURI("http://127.0.0.1:5000/cb"))
        #expect(!AppService.isValidRedirectURI("/relative"))
        #expect(!AppService.isValidRedirectURI("https:///nohost"))
        #expect(!AppService.isValidRedirectURI("https://example.com/cb#fragment"))
    }

    @Test func secretsAreStoredAsTheirSHA256Digest() {
        #expect(SecretToken.hash("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(SecretToken.hash("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    }

    @Test func randomSecretsAndCodesUseTheirWholeAlphabetEvenly() {
        let token = SecretToken.generate(prefix: "pha_")
        #expect(token.hasPrefix("pha_") && token.count == 4 + 43 && token != SecretToken.generate(prefix: "pha_"))
        #expect(SecretToken.randomBytes(5).count == 5 && SecretToken.randomBytes(32).count == 32)
        // 31 letters, 16,000 draws: each letter about 516 times, never far off it.
        let alphabet = Array("23456789ABCDEFGHJKMNPQRSTUVWXYZ")
        var counts: [Character: Int] = [:]
        for _ in 0..<2_000 {
            let code = SecretToken.randomCharacters(8, from: alphabet)
            #expect(code.count == 8 && code.allSatisfy(alphabet.contains))
            for character in code { counts[character, default: 0] += 1 }
        }
        #expect(counts.count == alphabet.count)
        #expect(counts.values.allSatisfy { (380...650).contains($0) }, "\(counts)")
    }

    @Test func formComponentsArePercentDecoded() {
        #expect(OAuthForm.decodeComponent("a+b%20c".utf8) == "a b c")
        #expect(OAuthForm.decodeComponent("%E2%82%ac%2B%25".utf8) == "€+%")
        #expect(OAuthForm.decodeComponent("".utf8) == "")
        #expect(OAuthForm.decodeComponent("caf\u{e9}".utf8) == "caf\u{e9}")
        for malformed in ["%", "%4", "%zz", "%G1", "%FF", "%C3"] { #expect(OAuthForm.decodeComponent(malformed.utf8) == nil, "\(malformed)") }
        // Bytes that are not UTF-8, sent raw, are refused as percent-escaped ones are.
        #expect(OAuthForm.decodeComponent([0x61, 0xC3]) == nil && OAuthForm.decodeComponent([0xFF]) == nil)
    }

    /// A form is split byte by byte: names and values whatever their characters, repeats kept,
    /// empty pairs skipped, and a body that is not UTF-8 refused.
    @Test func formsAreSplitIntoNamesAndValues() throws {
        let form = try OAuthForm(encoded: "a=1&&b=x%26y=z&c&e%CC%81=\u{e9}&a=2&d=")
        #expect(form.values("a") == ["1", "2"] && form.values("b") == ["x&y=z"])
        #expect(try form.value("c") == nil && form.values("d").isEmpty)
        #expect(try form.value("e\u{301}") == "\u{e9}")
        #expect(throws: PlayhouseProblem.self) { try form.value("a") }
        #expect(throws: PlayhouseProblem.self) { try OAuthForm(encoded: "a=%ZZ") }
    }

    @Test func base64URLMatchesRFC4648AndDecodesBack() {
        // RFC 4648 §10's vectors, in the URL alphabet and unpadded.
        let vectors = ["": "", "f": "Zg", "fo": "Zm8", "foo": "Zm9v", "foob": "Zm9vYg", "fooba": "Zm9vYmE", "foobar": "Zm9vYmFy"]
        for (text, encoded) in vectors { #expect(Data(text.utf8).base64URLEncodedString() == encoded) }
        for length in 0..<70 {
            let bytes = Data((0..<length).map { _ in UInt8.random(in: 0...255) })
            let expected = bytes.base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
                .replacingOccurrences(of: "=", with: "")
            #expect(bytes.base64URLEncodedString() == expected)
            #expect(Data(base64URLEncoded: expected) == bytes)
        }
        #expect(Data(base64URLEncoded: "Zm8=") == Data("fo".utf8) && Data(base64URLEncoded: "Zg==") == Data("f".utf8))
        for malformed in ["Z", "Zm9vY", "Zg=", "Zg===", "Z=g=", "Zm+v", "Zm/v", "Zm 9v", "Zm9v\n"] {
            #expect(Data(base64URLEncoded: malformed) == nil, "\(malformed)")
        }
    }

    @Test func secretComparisonIsConstantTimeShaped() {
        #expect(SecretToken.constantTimeEquals("abc", "abc"))
        #expect(!SecretToken.constantTimeEquals("abc", "abd"))
        #expect(!SecretToken.constantTimeEquals("abc", "abcd"))
        #expect(!SecretToken.constantTimeEquals("", "a"))
        let a = SecretToken.generate(prefix: "x_"), b = SecretToken.generate(prefix: "x_")
        #expect(a != b && a.count == 45)
    }
}
