import Foundation
import PlayhouseAPI
import SQLKit
@testable import PlayhouseServer
import Testing
import Vapor
import VaporTesting

/// Responsible-play limits: tightening at once, loosening after 24 hours, exclusions never
/// shortened, and deposits and bets refused with the limit named.
@Suite struct LimitsTests {
    func limits(_ fixture: WalletFixture, _ token: String) async throws -> PlayerLimits {
        let response = try await fixture.app.send(.GET, "/v1/me/limits", headers: bearer(token))
        try #require(response.status == .ok, "limits: \(response.body.string)")
        return try response.decode(PlayerLimits.self)
    }

    @discardableResult
    func put(_ fixture: WalletFixture, _ token: String, _ body: String, status: HTTPStatus = .ok,
             sourceLocation: SourceLocation = #_sourceLocation) async throws -> TestingHTTPResponse {
        let response = try await fixture.app.send(.PUT, "/v1/me/limits", headers: bearer(token).merged(json), body: body)
        #expect(response.status == status, "\(response.body.string)", sourceLocation: sourceLocation)
        return response
    }

    func verdict(_ fixture: WalletFixture, _ token: String) async throws -> GambleVerdict {
        let response = try await fixture.app.send(.GET, "/v1/can-i-gamble", headers: bearer(token))
        try #require(response.status == .ok, "can-i-gamble: \(response.body.string)")
        return try response.decode(GambleVerdict.self)
    }

    func refusal(_ response: TestingHTTPResponse) throws -> Problem {
        #expect(response.status == .forbidden, "\(response.body.string)")
        return try response.decode(Problem.self)
    }

    @Test(arguments: Engine.available)
    func depositLimitsTightenAtOnceAndLoosenAfterADay(_ engine: Engine) async throws {
        try await withPlayhouse(engine, { $0.passwordHashCost = 4 }) { app in
            app.playhouseClock.stop()
            let fixture = try await WalletFixture.make(app)
            var ann = try await fixture.player()
            try await put(fixture, ann, #"{"deposit_limits":[{"currency":"EUR","period":"daily","amount":"50.00"}]}"#)
            #expect(try await fixture.deposit(ann, "30.00").status == .created)

            let refused = try refusal(try await fixture.deposit(ann, "30.00"))
            #expect(refused.code == .depositLimitExceeded && refused.limit == "deposit_limit.daily.EUR")
            #expect(refused.detail == "This deposit would take you past your daily deposit limit of 50.00 EUR: 20.00 EUR left.")
            #expect(try await fixture.euros(ann).available == "30.00")
            #expect(try await limits(fixture, ann).depositLimits
                == [MoneyLimit(currency: "EUR", period: .daily, amount: "50.00", used: "30.00", remaining: "20.00")])

            // Raising waits 24 hours; meanwhile the old limit holds.
            let raised = try await put(fixture, ann, #"{"deposit_limits":[{"currency":"EUR","period":"daily","amount":"100.00"}]}"#)
                .decode(PlayerLimits.self)
            #expect(raised.depositLimits.map(\.$amount.text) == ["50.00"])
            #expect(raised.pending.map(\.limit) == ["deposit_limit.daily.EUR"] && raised.pending.map(\.value) == ["100.00"])
            #expect(abs(raised.pending[0].effectiveAt.timeIntervalSince(app.playhouseClock.now()) - 24 * 3600) < 1)
            #expect(try await fixture.deposit(ann, "25.00").status == .forbidden)
            app.playhouseClock.advance(by: 24 * 3600 + 1)
            ann = try await fixture.signIn()
            let later = try await limits(fixture, ann)
            #expect(later.pending.isEmpty && later.depositLimits.map(\.$amount.text) == ["100.00"] && later.depositLimits[0].$used.text == "0.00")
            #expect(try await fixture.deposit(ann, "100.00").status == .created)

            // Lowering applies at once, even below what the window has used.
            try await put(fixture, ann, #"{"deposit_limits":[{"currency":"EUR","period":"daily","amount":"20.00"}]}"#)
            #expect(try refusal(try await fixture.deposit(ann, "0.01")).limit == "deposit_limit.daily.EUR")
            // Removing a limit loosens it: pending for 24 hours.
            let removed = try await put(fixture, ann, #"{"deposit_limits":[{"currency":"EUR","period":"daily","amount":null}]}"#)
                .decode(PlayerLimits.self)
            #expect(removed.depositLimits.map(\.$amount.text) == ["20.00"] && removed.pending.map(\.value) == [nil])
            app.playhouseClock.advance(by: 24 * 3600 + 1)
            ann = try await fixture.signIn()
            #expect(try await limits(fixture, ann).depositLimits.isEmpty)
            #expect(try await fixture.deposit(ann, "500.00").status == .created)
            // Withdrawals never meet a deposit limit.
            try await put(fixture, ann, #"{"deposit_limits":[{"currency":"EUR","period":"weekly","amount":"1.00"}]}"#)
            #expect(try await fixture.withdraw(ann, "10.00").status == .created)
            try await fixture.expectLedgerSound()
        }
    }

    /// Twenty simultaneous updates that each create the same new limit (and another each of its
    /// own) all succeed, and leave one row per limit: never a unique-constraint error.
    @Test(arguments: Engine.available)
    func simultaneousUpdatesCreatingTheSameLimitAllSucceed(_ engine: Engine) async throws {
        try await withPlayhouse(engine, { $0.passwordHashCost = 4 }) { app in
            let fixture = try await WalletFixture.make(app)
            let ann = try await fixture.player()
            // Twelve at once: all race to create the same rows, and fewer than the server's 16 database
            // connections, so that on a busy machine none waits its 10 s for a connection: what is
            // tested is the race, not the pool's queue.
            let statuses = try await withThrowingTaskGroup(of: HTTPStatus.self) { group in
                for index in 0..<12 {
                    group.addTask {
                        let period = ["weekly", "monthly"][index % 2]
                        let body = #"{"deposit_limits":[{"currency":"EUR","period":"daily","amount":"50.00"},"#
                            + #"{"currency":"EUR","period":"\#(period)","amount":"\#(100 + index).00"}]}"#
                        return try await app.send(.PUT, "/v1/me/limits", headers: bearer(ann).merged(json), body: body).status
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(statuses.allSatisfy { $0 == .ok }, "\(statuses.map(\.code))")
            #expect(try await app.count("player_limits") == 3)
            let limits = try await app.send(.GET, "/v1/me/limits", headers: bearer(ann)).decode(PlayerLimits.self)
            #expect(Set(limits.depositLimits.map(\.period)) == [.daily, .weekly, .monthly])
        }
    }

    @Test(arguments: Engine.available)
    func lossLimitsRefuseStakesThatCouldPassThem(_ engine: Engine) async throws {
        try await withPlayhouse(engine, { $0.passwordHashCost = 4; $0.realityCheckInterval = 0 }) { app in
            let fixture = try await WalletFixture.make(app)
            try await fixture.importGames()
            let ann = try await fixture.player()
            try await fixture.deposit(ann, "20.00")
            try await put(fixture, ann, #"{"loss_limits":[{"currency":"EUR","period":"weekly","amount":"3.00"}]}"#)
            for _ in 0..<3 {
                #expect(try await fixture.bet(ann, game: "never-wins", #"{"currency":"EUR","wager":"1.00"}"#).status == .created)
            }
            let refused = try refusal(try await fixture.bet(ann, game: "never-wins", #"{"currency":"EUR","wager":"0.10"}"#))
            #expect(refused.code == .lossLimitExceeded && refused.limit == "loss_limit.weekly.EUR")
            #expect(try await fixture.euros(ann).available == "17.00")
            let spent = try await verdict(fixture, ann)
            #expect(!spent.allowed && spent.reasons.map(\.code) == [.lossLimitReached])
            #expect(spent.reasons.first?.detail == "Your weekly loss limit of 3.00 EUR is used up.")
            // Bets in other currencies, and unbacked bets, lose no money and meet no EUR limit.
            #expect(try await fixture.bet(ann, game: "wheel", #"{"wager":"1"}"#, unbacked: true).status == .created)
            try await fixture.expectLedgerSound()
        }
    }

    @Test(arguments: Engine.available)
    func selfExclusionAndCoolOffStopPlayAndCannotBeShortened(_ engine: Engine) async throws {
        try await withPlayhouse(engine, { $0.passwordHashCost = 4; $0.realityCheckInterval = 0 }) { app in
            app.playhouseClock.stop()
            let fixture = try await WalletFixture.make(app)
            try await fixture.importGames()
            var ann = try await fixture.player()
            try await fixture.deposit(ann, "20.00")
            let now = app.playhouseClock.now()
            let day: TimeInterval = 24 * 3600
            func stamp(_ date: Date) -> String { ISO8601DateFormatter().string(from: date) }

            // A cool-off is at most six weeks; longer is a self-exclusion.
            try await put(fixture, ann, #"{"cool_off_until":"\#(stamp(now.addingTimeInterval(43 * day)))"}"#, status: .unprocessableEntity)
            try await put(fixture, ann, #"{"cool_off_until":"\#(stamp(now.addingTimeInterval(7 * day)))"}"#)
            #expect(try refusal(try await fixture.deposit(ann, "1.00")).code == .coolingOff)
            #expect(try refusal(try await fixture.bet(ann, game: "never-wins", #"{"currency":"EUR","wager":"1.00"}"#)).code == .coolingOff)
            #expect(try await fixture.withdraw(ann, "5.00").status == .created)
            let shorter = try await put(fixture, ann, #"{"cool_off_until":"\#(stamp(now.addingTimeInterval(2 * day)))"}"#, status: .conflict)
            #expect(try shorter.decode(Problem.self).code == .limitLocked)

            let until = now.addingTimeInterval(180 * day)
            try await put(fixture, ann, #"{"self_excluded_until":"\#(stamp(until))"}"#)
            for attempt in [#"{"self_excluded_until":null}"#, #"{"self_excluded_until":"\#(stamp(now.addingTimeInterval(30 * day)))"}"#] {
                let locked = try await put(fixture, ann, attempt, status: .conflict)
                #expect(try locked.decode(Problem.self).limit == "self_excluded_until")
            }
            let excluded = try await verdict(fixture, ann)
            #expect(!excluded.allowed && excluded.reasons.map(\.code) == [.selfExcluded, .coolingOff])
            #expect(excluded.reasons.first?.until.map(stamp) == stamp(until))
            // Extending is always allowed; when the date passes, play resumes.
            try await put(fixture, ann, #"{"self_excluded_until":"\#(stamp(until.addingTimeInterval(day)))"}"#)
            app.playhouseClock.advance(by: 182 * day)
            ann = try await fixture.signIn()
            #expect(try await verdict(fixture, ann).allowed)
            #expect(try await fixture.deposit(ann, "1.00").status == .created)
        }
    }

    @Test(arguments: Engine.available)
    func sessionLimitsAndRealityCheckIntervalFollowTheSameRules(_ engine: Engine) async throws {
        try await withPlayhouse(engine, { $0.passwordHashCost = 4; $0.realityCheckInterval = 3600 }) { app in
            app.playhouseClock.stop()
            let fixture = try await WalletFixture.make(app)
            try await fixture.importGames()
            let ann = try await fixture.player()
            try await put(fixture, ann, #"{"reality_check_interval_seconds":600,"session_time_limit_seconds":1800}"#)
            let session = try await app.send(.GET, "/v1/sessions/current", headers: bearer(ann)).decode(PlaySessionStatus.self)
            #expect(session.realityCheck.intervalSeconds == 600 && session.realityCheck.remainingMs == 600_000)
            // A longer interval waits its 24 hours.
            let loosened = try await put(fixture, ann, #"{"reality_check_interval_seconds":1200}"#).decode(PlayerLimits.self)
            #expect(loosened.realityCheckIntervalSeconds == 600 && loosened.pending.map(\.limit) == ["reality_check_interval_seconds"])

            for _ in 0..<3 {
                app.playhouseClock.advance(by: 600)
                _ = try await fixture.post("/v1/sessions/current/keep-alive", ann, #"{"reality_checked":true}"#)
            }
            let refused = try refusal(try await fixture.bet(ann, game: "wheel", #"{"wager":"1"}"#, unbacked: true))
            #expect(refused.code == .sessionTimeLimitReached && refused.limit == "session_time_limit_seconds")
            #expect(try await verdict(fixture, ann).reasons.map(\.code) == [.sessionTimeLimitReached])

            try await put(fixture, ann, #"{"reality_check_interval_seconds":30}"#, status: .unprocessableEntity)
            // A date that is no date is the field's fault, not the JSON's.
            let notADate = try await put(fixture, ann, #"{"cool_off_until":""}"#, status: .unprocessableEntity)
            #expect(try notADate.decode(Problem.self).errors?.map(\.field) == ["cool_off_until"])
            try await put(fixture, ann, #"{"loss_limits":[{"currency":"XYZ","period":"daily","amount":"1"}]}"#, status: .unprocessableEntity)
            try await put(fixture, ann, #"{"deposit_limits":[{"currency":"KRD","period":"daily","amount":"1"}]}"#, status: .unprocessableEntity)
            try await put(fixture, ann, #"{"deposit_limits":[{"currency":"EUR","period":"hourly","amount":"1"}]}"#, status: .unprocessableEntity)
            try await put(fixture, ann, #"{"deposit_limits":[{"currency":"EUR","period":"daily","amount":"-1"}],"session_time_limit_seconds":null}"#,
                          status: .unprocessableEntity)
            // Nothing of a refused update applied.
            #expect(try await limits(fixture, ann).pending.map(\.limit) == ["reality_check_interval_seconds"])
            // Its 24 hours over, the longer interval is what the heartbeat of a new sign-in goes by.
            app.playhouseClock.advance(by: 24 * 3600)
            let later = try await app.send(.GET, "/v1/sessions/current", headers: bearer(try await fixture.signIn())).decode(PlaySessionStatus.self)
            #expect(later.realityCheck.intervalSeconds == 1200)
        }
    }

    @Test(arguments: Engine.available)
    func theAppsMinimumAgeNeedsABirthDateOldEnough(_ engine: Engine) async throws {
        try await withPlayhouse(engine, { $0.passwordHashCost = 4 }) { app in
            let fixture = try await WalletFixture.make(app)
            _ = try await app.apps.setMinimumAge(fixture.credentials.app.clientID, 18, by: .commandLine)
            let ann = try await fixture.player()
            #expect(try refusal(try await fixture.deposit(ann, "1.00")).code == .profileIncomplete)
            let calendar = Calendar(identifier: .gregorian)
            func birthDate(yearsAgo: Int) -> String {
                let date = calendar.date(byAdding: .year, value: -yearsAgo, to: app.playhouseClock.now())!.addingTimeInterval(2 * 24 * 3600)
                return String(ISO8601DateFormatter().string(from: date).prefix(10))
            }
            _ = try await app.send(.PATCH, "/v1/me", headers: bearer(ann).merged(json), body: #"{"birth_date":"\#(birthDate(yearsAgo: 18))"}"#)
            let young = try await verdict(fixture, ann)
            #expect(!young.allowed && young.reasons.map(\.code) == [.underMinimumAge])
            #expect(young.reasons.first?.detail == "This app is for players aged 18 or over.")
            _ = try await app.send(.PATCH, "/v1/me", headers: bearer(ann).merged(json), body: #"{"birth_date":"\#(birthDate(yearsAgo: 19))"}"#)
            #expect(try await verdict(fixture, ann) == GambleVerdict(allowed: true, reasons: []))
            #expect(try await fixture.deposit(ann, "1.00").status == .created)
        }
    }

    /// Bets from two server instances at once: the loss limit holds exactly, because each bet
    /// checks it under the player's lock.
    @Test(arguments: Engine.available)
    func lossLimitsHoldAcrossTwoInstances(_ engine: Engine) async throws {
        var configuration = engine.isolatedConfiguration()
        configuration.passwordHashCost = 4
        configuration.realityCheckInterval = 0
        try await withPlayhouse(configuration, drop: false) { first in
            try await withPlayhouse(configuration, drop: true) { second in
                let fixture = try await WalletFixture.make(first)
                // Not provably fair: no fairness seed row for the bets to queue on, only the limit's own lock.
                var plain = TestGames.neverWins
                plain.provablyFair = false
                try await fixture.importGames([plain])
                let ann = try await fixture.player()
                try await fixture.deposit(ann, "50.00")
                try await put(fixture, ann, #"{"loss_limits":[{"currency":"EUR","period":"daily","amount":"7.00"}]}"#)
                let statuses = try await withThrowingTaskGroup(of: HTTPStatus.self) { group in
                    for index in 0..<20 {
                        let instance = WalletFixture(app: index.isMultiple(of: 2) ? first : second, credentials: fixture.credentials)
                        group.addTask { try await instance.bet(ann, game: "never-wins", #"{"currency":"EUR","wager":"1.00"}"#).status }
                    }
                    return try await group.reduce(into: []) { $0.append($1) }
                }
                #expect(statuses.filter { $0 == .created }.count == 7 && statuses.filter { $0 == .forbidden }.count == 13)
                #expect(try await fixture.euros(ann).available == "43.00")
                try await fixture.expectLedgerSound()
            }
        }
    }

    /// Thirty-two bets of one player at once against a loss limit of seven: exactly seven are placed,
    /// never an eighth, and their nonces run from 0 to 6 with no gap. At the same time eight other
    /// players, without limits, bet four times each; on PostgreSQL their bets are written together
    /// (``CombinedWrites``: their wallets are held locked until thirty of them wait), and each is
    /// placed once.
    @Test(arguments: Engine.available)
    func thirtyTwoBetsAtOnceNeverPassALossLimit(_ engine: Engine) async throws {
        try await withPlayhouse(engine, { $0.passwordHashCost = 4; $0.realityCheckInterval = 0; $0.postgresConnectionsPerEventLoop = 8 }) { app in
            let fixture = try await WalletFixture.make(app)
            try await fixture.importGames()
            let body = #"{"currency":"EUR","wager":"1.00"}"#
            let ann = try await fixture.player()
            try await fixture.deposit(ann, "50.00")
            try await put(fixture, ann, #"{"loss_limits":[{"currency":"EUR","period":"daily","amount":"7.00"}]}"#)
            var others: [String] = []
            for number in 0..<8 {
                let token = try await fixture.player("other\(number)@example.com")
                try #require(try await fixture.deposit(token, "10.00").status == .created)
                // The first bet makes the player's seed: the next ones can be placed at once.
                try #require(try await fixture.bet(token, game: "never-wins", body).status == .created)
                others.append(token)
            }
            let before = try await CombinedWritesTests.combined(app, "bet")

            let held = engine == .postgres ? try await HeldTransaction(app) : nil
            let annID = try #require(try await app.sql().raw("SELECT id FROM players WHERE email = 'ann@example.com'").first()?
                .decode(column: "id", as: UUID.self))
            let annWallet = LedgerAccountKey.walletOwner(annID)
            try await held?.run("SELECT id FROM ledger_accounts WHERE owner LIKE 'wallet:%' AND owner <> '\(annWallet)' FOR UPDATE")
            let annBets = (0..<32).map { _ in Task { try await fixture.bet(ann, game: "never-wins", body) } }
            let otherBets = others.flatMap { token in (0..<4).map { _ in Task { try await fixture.bet(token, game: "never-wins", body) } } }
            if let held {
                // Two statements wait for the held wallets (one per lane), thirty bets for them.
                while try await held.waiters() < 2 { try await Task.sleep(for: .milliseconds(5)) }
                while app.playhouse.betsAtOnce.waiting < 30 { try await Task.sleep(for: .milliseconds(5)) }
                try await held.commit()
            }

            var annStatuses: [HTTPStatus] = []
            for bet in annBets {
                let response = try await bet.value
                annStatuses.append(response.status)
                if response.status == .forbidden { #expect(try refusal(response).code == .lossLimitExceeded) }
            }
            #expect(annStatuses.filter { $0 == .created }.count == 7 && annStatuses.filter { $0 == .forbidden }.count == 25)
            #expect(try await fixture.euros(ann).available == "43.00")
            #expect(try await fixture.bets(ann).data.compactMap(\.fairness?.nonce).sorted() == Array(0..<7))
            for bet in otherBets { #expect(try await bet.value.status == .created) }
            for token in others {
                #expect(try await fixture.euros(token).available == "5.00")
                #expect(try await fixture.bets(token).data.compactMap(\.fairness?.nonce).sorted() == Array(0..<5))
            }
            if engine == .postgres {
                let after = try await CombinedWritesTests.combined(app, "bet")
                #expect(after.writes - before.writes == 32)
                #expect(after.statements - before.statements < 32, "the others' bets were not written together")
            }
            try await fixture.expectLedgerSound()
        }
    }

    /// Changes sent at once apply one after another, each on the limits the one before left: every
    /// tightening takes effect, so the smallest is the one in force. On PostgreSQL from two server
    /// instances; an SQLite file has one server.
    @Test(arguments: Engine.available)
    func simultaneousChangesApplyOneAfterAnother(_ engine: Engine) async throws {
        var configuration = engine.isolatedConfiguration()
        configuration.passwordHashCost = 4
        func run(_ first: Application, _ second: Application) async throws {
            let fixture = try await WalletFixture.make(first)
            let ann = try await fixture.player()
            let amounts = ["80.00", "50.00", "90.00", "60.00", "70.00", "40.00", "100.00", "30.00", "45.00", "35.00"]
            let statuses = try await withThrowingTaskGroup(of: HTTPStatus.self) { group in
                for (index, amount) in amounts.enumerated() {
                    let app = index.isMultiple(of: 2) ? first : second
                    let body = #"{"deposit_limits":[{"currency":"EUR","period":"daily","amount":"\#(amount)"}]}"#
                    group.addTask { try await app.send(.PUT, "/v1/me/limits", headers: bearer(ann).merged(json), body: body).status }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(statuses == Array(repeating: .ok, count: amounts.count))
            #expect(try await limits(fixture, ann).depositLimits.map(\.$amount.text) == ["30.00"])
        }
        if engine == .sqlite {
            try await withPlayhouse(configuration, drop: true) { app in try await run(app, app) }
        } else {
            try await withPlayhouse(configuration, drop: false) { first in
                try await withPlayhouse(configuration, drop: true) { second in try await run(first, second) }
            }
        }
    }
}
