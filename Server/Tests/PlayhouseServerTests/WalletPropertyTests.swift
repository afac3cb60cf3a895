import Foundation
import SQLKit
import PlayhouseAPI
@testable import PlayhouseServer
import Testing
import Vapor

/// Thousands of random money movements of every kind, many at once and for the same players
/// (deposits, withdrawals and their cancellations, promotions and bets, some under a loss limit so
/// that they take the player's lock, the others written together on PostgreSQL): every request is
/// answered or refused as it should be, afterwards the ledger verifies, every player holds exactly
/// what their successful requests say, every seed's nonces run from 0 with no gap and no reuse, and
/// on PostgreSQL no statement deadlocked: the movements of every kind lock their rows in one order
/// (a deadlock would be run again unseen, so `playhouse_db_deadlocks_total` is what shows it).
@Suite struct WalletPropertyTests {
    /// What the responses said happened, per player, in cents (EUR) and kredits.
    actor Expected {
        var deposited: [Int: Int64] = [:]
        var withdrawn: [Int: Int64] = [:]
        var kredits: [Int: Int64] = [:]
        /// What bets paid out less what they staked.
        var betNet: [Int: Int64] = [:]
        var pendingWithdrawals: [Int: [(id: String, cents: Int64)]] = [:]
        var seenPayments: Set<String> = []

        func deposit(_ player: Int, _ payment: Payment) {
            guard payment.status != .declined, seenPayments.insert(payment.id).inserted else { return }
            deposited[player, default: 0] += cents(payment.amount)
        }

        func withdrawal(_ player: Int, _ payment: Payment) {
            guard payment.status != .declined, seenPayments.insert(payment.id).inserted else { return }
            withdrawn[player, default: 0] += cents(payment.amount)
            if payment.status == .pending { pendingWithdrawals[player, default: []].append((payment.id, cents(payment.amount))) }
        }

        func cancelled(_ player: Int, _ payment: Payment) {
            withdrawn[player, default: 0] -= cents(payment.amount)
        }

        func redeemed(_ player: Int, _ amount: Int64) { kredits[player, default: 0] += amount }

        func bet(_ player: Int, _ bet: Bet) { betNet[player, default: 0] += cents(bet.payout) - cents(bet.stake) }

        func somePendingWithdrawal(_ player: Int, _ pick: Int) -> String? {
            guard let list = pendingWithdrawals[player], !list.isEmpty else { return nil }
            return list[pick % list.count].id
        }

        private func cents(_ money: Money) -> Int64 { cents(money.value) }

        private func cents(_ value: Decimal) -> Int64 {
            Int64((NSDecimalNumber(decimal: value).multiplying(by: 100)).int64Value)
        }
    }

    @Test(arguments: Engine.available)
    func randomConcurrentMovementsKeepTheLedgerSound(_ engine: Engine) async throws {
        try await withPlayhouse(engine, { $0.passwordHashCost = 4; $0.realityCheckInterval = 0 }) { app in
            let fixture = try await WalletFixture.make(app)
            try await fixture.importGames([TestGames.tenSymbols])
            for code in ["SPRING", "SUMMER", "AUTUMN"] {
                _ = try await app.promotions.create(appID: fixture.credentials.app.id, code: code, name: nil, amount: "10", currency: "KRD",
                                                    economy: nil, maxRedemptions: 5, startsAt: nil, expiresAt: nil, by: .commandLine)
            }
            var tokens: [String] = []
            for index in 0..<8 { tokens.append(try await fixture.player("player\(index)@example.com")) }
            // Two players bet under a loss limit none of them reaches: their bets take the player's lock.
            for token in tokens.prefix(2) {
                try await LimitsTests().put(fixture, token, #"{"loss_limits":[{"currency":"EUR","period":"daily","amount":"100000.00"}]}"#)
            }
            let players = tokens
            let expected = Expected()
            let operations = 2_000, workers = 32

            try await withThrowingTaskGroup(of: Void.self) { group in
                for worker in 0..<workers {
                    group.addTask {
                        var random = SeededGenerator(seed: UInt64(worker) &+ 0x5eed)
                        for step in 0..<(operations / workers) {
                            let player = Int.random(in: 0..<players.count, using: &random)
                            let token = players[player]
                            let cents = Int64.random(in: 1...5_000, using: &random)
                            let amount = MinorUnits.format(cents, digits: 2)
                            switch Int.random(in: 0..<100, using: &random) {
                            case 0..<35:
                                let methods = ["sandbox", "sandbox", "sandbox", "sandbox_delayed", "sandbox_declined"]
                                let method = methods[Int.random(in: 0..<methods.count, using: &random)]
                                let key = "w\(worker)-\(step)"
                                let response = try await fixture.deposit(token, amount, method: method, key: key)
                                try #require(response.status == .created, "\(response.body.string)")
                                await expected.deposit(player, try response.decode(Payment.self))
                                if Bool.random(using: &random) {  // a client retry: replayed, not repeated
                                    let retry = try await fixture.deposit(token, amount, method: method, key: key)
                                    #expect(retry.body.string == response.body.string)
                                }
                            case 35..<65:
                                let response = try await fixture.withdraw(token, amount)
                                if response.status == .created {
                                    await expected.withdrawal(player, try response.decode(Payment.self))
                                } else {
                                    #expect(try response.problem().code == .insufficientFunds)
                                }
                            case 65..<75:
                                guard let id = await expected.somePendingWithdrawal(player, step) else { continue }
                                let response = try await fixture.post("/v1/wallet/withdrawals/\(id)/cancel", token, "", key: "c-\(id)")
                                if response.status == .ok {
                                    let payment = try response.decode(Payment.self)
                                    if response.headers.first(name: "Idempotent-Replayed") == nil { await expected.cancelled(player, payment) }
                                } else {
                                    #expect(response.status == .conflict, "\(response.body.string)")
                                }
                            case 75..<80:
                                let code = ["SPRING", "SUMMER", "AUTUMN"][Int.random(in: 0..<3, using: &random)]
                                let response = try await fixture.post("/v1/promotions/redeem", token, #"{"code":"\#(code)"}"#)
                                if response.status == .created {
                                    await expected.redeemed(player, 10)
                                } else {
                                    #expect([ErrorCode.promotionAlreadyRedeemed, .promotionExhausted].contains(try response.problem().code))
                                }
                            case 80..<97:
                                let body = #"{"currency":"EUR","wager":"\#(MinorUnits.format(cents % 100 + 1, digits: 2))"}"#
                                let key = Bool.random(using: &random) ? "b\(worker)-\(step)" : nil
                                let response = try await fixture.bet(token, game: "ten-symbols", body, key: key)
                                if response.status == .created {
                                    await expected.bet(player, try response.decode(Bet.self))
                                    if let key {  // a client retry: replayed, not placed again
                                        let retry = try await fixture.bet(token, game: "ten-symbols", body, key: key)
                                        #expect(retry.body.string == response.body.string)
                                    }
                                } else {
                                    #expect(try response.problem().code == .insufficientFunds, "\(response.body.string)")
                                }
                            default:
                                let response = try await fixture.deposit(token, "-" + amount)
                                #expect(response.status == .unprocessableEntity)
                            }
                        }
                    }
                }
                try await group.waitForAll()
            }

            // Every pending payment settles once its time has come.
            app.playhouseClock.advance(by: 120)
            try await fixture.settle()
            var totalEuros: Int64 = 0, totalKredits: Int64 = 0
            for (index, token) in players.enumerated() {
                let wallet = try await fixture.wallet(token)
                let euros = try #require(wallet.balance("EUR", economy: .sandbox))
                let cents = try #require(Int64(euros.available.amount.replacingOccurrences(of: ".", with: "")))
                let owed = (await expected.deposited[index] ?? 0) - (await expected.withdrawn[index] ?? 0) + (await expected.betNet[index] ?? 0)
                #expect(cents == owed, "player \(index)")
                #expect(euros.pendingWithdrawals.amount == "0.00")
                let kredits = Int64(wallet.balance("KRD", economy: .sandbox)?.available.amount ?? "0") ?? -1
                #expect(kredits == (await expected.kredits[index] ?? 0), "player \(index)")
                totalEuros += cents
                totalKredits += kredits
            }
            // Money is conserved: what players hold is what the app's own accounts say came in through
            // deposits minus what went out as payouts, and those match the successful answers.
            var appSide: [String: Int64] = [:]
            for row in try await app.sql().raw("""
                SELECT a.owner, a.currency, CAST(SUM(e.amount) AS BIGINT) AS total FROM ledger_entries e
                JOIN ledger_accounts a ON a.id = e.account_id WHERE a.owner LIKE 'app:%' GROUP BY a.owner, a.currency
                """).all() {
                appSide["\(try row.decode(column: "owner", as: String.self)) \(try row.decode(column: "currency", as: String.self))"] =
                    try row.decode(column: "total", as: Int64.self)
            }
            let deposited = -(appSide["app:deposits EUR"] ?? 0), paidOut = appSide["app:payouts EUR"] ?? 0, won = -(appSide["app:house EUR"] ?? 0)
            #expect(totalEuros == deposited - paidOut + won)
            #expect(won == (await expected.betNet.values.reduce(0, +)))
            #expect(deposited == (await expected.deposited.values.reduce(0, +)))
            #expect(paidOut == (await expected.withdrawn.values.reduce(0, +)))
            #expect(totalKredits == -(appSide["app:promotions KRD"] ?? 0))
            #expect(totalKredits <= 150)
            let report = try await app.ledgerVerifier.verify()
            #expect(report.violations.isEmpty, "\(report.violations)")
            #expect(report.transactions > 500)
            if engine == .postgres {
                let combined = try await CombinedWritesTests.combined(app, "bet")
                #expect(combined.writes > 0, "no bet was placed at once")
                #expect(try await app.deadlocks() == 0)
            }
            // Every bet drew the next nonce of its player's seed: from 0, no gap, none twice.
            let seeds = try await app.sql().raw("""
                SELECT s.next_nonce, COUNT(b.bet_id) AS bets, COUNT(DISTINCT b.nonce) AS nonces, COALESCE(MAX(b.nonce) + 1, 0) AS span
                FROM fairness_seeds s LEFT JOIN bets b ON b.fairness_seed_id = s.id GROUP BY s.id, s.next_nonce
                """).all()
            #expect(seeds.count == players.count)
            for seed in seeds {
                let figures = try ["bets", "nonces", "span", "next_nonce"].map { try seed.decode(column: $0, as: Int64.self) }
                #expect(figures[0] > 0 && Set(figures).count == 1, "bets, distinct nonces, nonces' span, next nonce: \(figures)")
            }
        }
    }
}
