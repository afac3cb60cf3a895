import Foundation
import PlayhouseAPI
@testable import PlayhouseServer
import Testing
import Vapor
import VaporTesting

@Suite struct BatchTests {
    func batch(_ fixture: WalletFixture, _ token: String?, _ requests: [[String: Any]]) async throws -> TestingHTTPResponse {
        let body = String(decoding: try JSONSerialization.data(withJSONObject: ["requests": requests]), as: UTF8.self)
        var headers = json
        if let token { headers = bearer(token).merged(json) }
        return try await fixture.app.send(.POST, "/v1/batch", headers: headers, body: body)
    }

    func responses(_ response: TestingHTTPResponse) throws -> [String: BatchSubResponse] {
        try #require(response.status == .ok, "batch: \(response.body.string)")
        let answer = try response.decode(BatchResponseBody.self)
        return Dictionary(uniqueKeysWithValues: answer.responses.map { ($0.name, $0) })
    }

    @Test(arguments: Engine.available)
    func subRequestsRunInDependencyOrderAndUseEarlierAnswers(_ engine: Engine) async throws {
        try await withPlayhouse(engine, { $0.passwordHashCost = 4 }) { app in
            let fixture = try await WalletFixture.make(app)
            try await fixture.importGames()
            let ann = try await fixture.player()
            let requests: [[String: Any]] = [
                ["name": "bet", "method": "POST", "path": "/v1/games/always-wins/bet", "depends_on": ["deposit"], "idempotency_key": "batch-bet-1",
                 "body": ["currency": "EUR", "wager": "0.10"]],
                ["name": "deposit", "method": "POST", "path": "/v1/wallet/deposits", "body": ["amount": ["amount": "1.00", "currency": "EUR"]]],
                ["name": "wallet", "method": "GET", "url": "/wallet", "depends_on": ["bet"]],
                ["name": "again", "method": "POST", "path": "/v1/games/${bet.body.game}/unbacked-bet", "depends_on": ["bet"],
                 "body": ["wager": "${bet.body.wager}", "client_seed": "after-${bet.body.fairness.nonce}"]],
                ["name": "one", "method": "GET", "path": "/v1/bets/${bet.body.id}", "depends_on": ["bet", "again"]],
            ]
            let response = try await batch(fixture, ann, requests)
            let order = try response.decode(BatchResponseBody.self).responses.map(\.name)
            #expect(order == ["bet", "deposit", "wallet", "again", "one"])
            let answers = try responses(response)
            #expect(answers["deposit"]?.status == 201)
            #expect(answers["bet"]?.status == 201)
            // Bodies are JSON, not strings.
            let bet = try #require(try answers["bet"]?.body.decode(Bet.self))
            #expect(bet.$payout.text == "0.50" && bet.balance?.amount == "1.40")
            let wallet = try #require(try answers["wallet"]?.body.decode(Wallet.self))
            #expect(wallet.balance("EUR", economy: .sandbox)?.available.amount == "1.40")
            let again = try #require(try answers["again"]?.body.decode(Bet.self))
            #expect(answers["again"]?.status == 201 && again.kind == .unbacked && again.$wager.text == "0.10")
            #expect(again.fairness?.clientSeed == "after-0")
            #expect(try answers["one"]?.body.decode(Bet.self).id == bet.id)

            // The same batch again: the bet's Idempotency-Key replays it, the deposit runs again.
            let replay = try responses(try await batch(fixture, ann, requests))
            #expect(try replay["bet"]?.body.decode(Bet.self) == bet)
            #expect(try await fixture.euros(ann).available == "2.40")
            try await fixture.expectLedgerSound()
        }
    }

    @Test(arguments: Engine.available)
    func aFailedDependencySkipsItsDependentsWith424(_ engine: Engine) async throws {
        try await withPlayhouse(engine, { $0.passwordHashCost = 4 }) { app in
            let fixture = try await WalletFixture.make(app)
            try await fixture.importGames()
            let ann = try await fixture.player()
            try await fixture.deposit(ann, "5.00")
            let answers = try responses(try await batch(fixture, ann, [
                ["name": "too-big", "method": "POST", "path": "/v1/games/always-wins/bet", "body": ["currency": "EUR", "wager": "100"]],
                ["name": "after", "method": "POST", "path": "/v1/games/never-wins/bet", "depends_on": ["too-big"], "body": ["currency": "EUR", "wager": "1"]],
                ["name": "later", "method": "GET", "path": "/v1/wallet", "depends_on": ["after"]],
                ["name": "missing", "method": "GET", "path": "/v1/bets/${too-big.body.id}", "depends_on": ["too-big"]],
                ["name": "apart", "method": "GET", "path": "/v1/games"],
                ["name": "unknown", "method": "GET", "path": "/v1/bets/${apart.body.nothing}", "depends_on": ["apart"]],
            ]))
            #expect(answers["too-big"]?.status == 422 && answers["too-big"]?.body["code"] == .string("wager_out_of_range"))
            for name in ["after", "later", "missing"] {
                #expect(answers[name]?.status == 424, "\(name)")
                #expect(answers[name]?.body["code"] == .string("failed_dependency"))
            }
            #expect(answers["apart"]?.status == 200)
            #expect(answers["unknown"]?.status == 422 && answers["unknown"]?.body["code"] == .string("unresolved_reference"))
            #expect(try await fixture.euros(ann).available == "5.00")
            #expect(try await fixture.bets(ann).data.isEmpty)
        }
    }

    @Test(arguments: Engine.available)
    func aBatchThatCannotRunIsRefusedBeforeAnythingRuns(_ engine: Engine) async throws {
        try await withPlayhouse(engine, { $0.passwordHashCost = 4 }) { app in
            let fixture = try await WalletFixture.make(app)
            let ann = try await fixture.player()
            let deposit: [String: Any] = ["name": "deposit", "method": "POST", "path": "/v1/wallet/deposits",
                                          "body": ["amount": ["amount": "1.00", "currency": "EUR"]]]
            let get: (String, [String]) -> [String: Any] = { name, dependsOn in ["name": name, "method": "GET", "path": "/v1/wallet", "depends_on": dependsOn] }
            let refused: [(String, [[String: Any]])] = [
                ("batch_cycle", [deposit, get("a", ["b"]), get("b", ["c"]), get("c", ["a"])]),
                ("batch_dependency", [deposit, get("a", ["nobody"])]),
                ("batch_dependency", [deposit, get("a", ["a"])]),
                ("batch_duplicate", [deposit, get("a", []), get("a", [])]),
                ("batch_reference", [deposit, ["name": "a", "method": "GET", "path": "/v1/payments/${deposit.body.id}"]]),
                ("batch_path", [deposit, ["name": "nested", "method": "POST", "path": "/v1/batch", "body": ["requests": []]]]),
                ("batch_path", [deposit, ["name": "up", "method": "GET", "path": "/v1/../healthz"]]),
                ("batch_method", [deposit, ["name": "a", "method": "TRACE", "path": "/v1/wallet"]]),
                ("batch_name", [deposit, get("", [])]),
                ("batch_size", [deposit] + (0..<50).map { get("g\($0)", []) }),
                ("batch_size", []),
            ]
            for (message, requests) in refused {
                let response = try await batch(fixture, ann, requests)
                #expect(response.status == .badRequest, "\(message): \(response.body.string)")
                let problem = try response.decode(Problem.self)
                #expect(problem.code == .invalidBatch, "\(message)")
                #expect(problem.detail?.contains("nothing") == true, "\(message): \(problem.detail ?? "")")
            }
            #expect(try await fixture.euros(ann).available == "0.00")
            // 50 is the limit, and it runs.
            let fifty = try responses(try await batch(fixture, ann, (0..<50).map { get("g\($0)", []) }))
            #expect(fifty.count == 50 && fifty.values.allSatisfy { $0.status == 200 })
        }
    }

    @Test(arguments: Engine.available)
    func eachSubRequestIsAuthorisedAsIfCalledAlone(_ engine: Engine) async throws {
        try await withPlayhouse(engine, { $0.passwordHashCost = 4 }) { app in
            let fixture = try await WalletFixture.make(app)
            try await fixture.importGames()
            let appToken = try await app.appToken(fixture.credentials)
            let asApp = try responses(try await batch(fixture, appToken, [
                ["name": "games", "method": "GET", "path": "/v1/games"],
                ["name": "wallet", "method": "GET", "path": "/v1/wallet"],
            ]))
            #expect(asApp["games"]?.status == 200)
            #expect(asApp["wallet"]?.status == 403 && asApp["wallet"]?.body["code"] == .string("player_token_required"))

            var flow = SignInFlow(app, fixture.credentials)
            let playOnly = try await flow.tokens(email: "pat@example.com", scope: "profile play").accessToken
            let scoped = try responses(try await batch(fixture, playOnly, [
                ["name": "wallet", "method": "GET", "path": "/v1/wallet"],
                ["name": "practice", "method": "POST", "path": "/v1/games/wheel/unbacked-bet", "body": ["wager": "1"]],
            ]))
            #expect(scoped["wallet"]?.status == 403 && scoped["wallet"]?.body["code"] == .string("insufficient_scope"))
            #expect(scoped["practice"]?.status == 201)

            #expect(try await batch(fixture, nil, [["name": "games", "method": "GET", "path": "/v1/games"]]).status == .unauthorized)
        }
    }
}
