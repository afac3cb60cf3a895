import Foundation
import Logging
import NIOConcurrencyHelpers
import PostgresKit
import PlayhouseAPI
@testable import PlayhouseServer
import PostgresNIO
import SQLKit
import Testing
import Vapor
import VaporTesting

/// On PostgreSQL, deposits completed at once and bets placed at once that arrive while earlier ones
/// are in the database are written together (``CombinedWrites``): each still all or nothing on its
/// own, and one whose key is answered meanwhile fails none of the others. The tests hold rows
/// locked in transactions of their own, so that what arrives meanwhile is known, and wait on the
/// database's own locks.
@Suite struct CombinedWritesTests {
    @Test(arguments: Engine.available.filter { $0 == .postgres })
    func depositsThatArriveWhileOthersAreWrittenGoInOneStatement(_ engine: Engine) async throws {
        try await withPlayhouse(engine, { $0.passwordHashCost = 4; $0.postgresConnectionsPerEventLoop = 8 }) { app in
            let fixture = try await WalletFixture.make(app)
            var players: [String] = []
            for number in 0..<32 {
                let token = try await fixture.player("player\(number)@example.com")
                try #require(try await fixture.deposit(token, "1.00").status == .created)
                players.append(token)
            }
            let before = try await Self.combined(app, "deposit")

            // Every wallet locked: the first two deposits' statements (one per lane) wait for it,
            // and the other thirty wait for them.
            let held = try await HeldTransaction(app)
            try await held.run("SELECT id FROM ledger_accounts WHERE owner LIKE 'wallet:%' FOR UPDATE")
            let sends = players.enumerated().map { number, token in
                Task { try await fixture.deposit(token, "2.00", key: "deposit-\(number)") }
            }
            while try await held.waiters() < 2 { try await Task.sleep(for: .milliseconds(5)) }
            while app.playhouse.completedDeposits.waiting < 30 { try await Task.sleep(for: .milliseconds(5)) }
            try await held.commit()

            for send in sends { #expect(try await send.value.status == .created) }
            for token in players { #expect(try await fixture.euros(token).available == "3.00") }
            let after = try await Self.combined(app, "deposit")
            #expect(after.writes - before.writes == 32)
            // Two statements of one deposit, then one of the thirty.
            #expect(after.statements - before.statements == 3)
            try await fixture.expectLedgerSound()
        }
    }

    /// A player's first deposit makes their wallet, a row that refers to the player: it goes through
    /// while a movement of theirs holds the player's lock (``PlayerService/rowLock``). When that
    /// lock was `FOR UPDATE`, the wallet's foreign key waited for it, and a movement holding the
    /// lock that made the same wallet meanwhile deadlocked with the deposit (the money property
    /// test found it: one deposit in some 15 runs answered 500).
    @Test(arguments: Engine.available.filter { $0 == .postgres })
    func aFirstDepositDoesNotWaitForThePlayersLock(_ engine: Engine) async throws {
        try await withPlayhouse(engine, { $0.passwordHashCost = 4 }) { app in
            let fixture = try await WalletFixture.make(app)
            let token = try await fixture.player("first@example.com")
            let id = try #require(try await app.sql().raw("SELECT id FROM players WHERE email = 'first@example.com'").first()?
                .decode(column: "id", as: UUID.self))
            #expect(try await app.count("ledger_accounts", where: "player_id = \(bind: id)") == 0)

            let held = try await HeldTransaction(app)
            try await held.run("SELECT id FROM players WHERE id = '\(id.uuidString.lowercased())' \(PlayerService.rowLock)")
            let answered = NIOLockedValueBox(false)
            let deposit = Task {
                defer { answered.withLockedValue { $0 = true } }
                return try await fixture.deposit(token, "5.00", key: "first")
            }
            // Until the deposit is answered, or seen waiting for the held lock.
            var waited = false
            while !answered.withLockedValue({ $0 }) {
                if try await held.waiters() > 0 { waited = true; break }
                try await Task.sleep(for: .milliseconds(5))
            }
            try await held.commit()
            #expect(!waited, "the first deposit waited for the player's lock")
            #expect(try await deposit.value.status == .created)
            #expect(try await fixture.euros(token).available == "5.00")
        }
    }

    /// A statement of three deposits, one of whose keys another send answers (a refusal) while
    /// the statement runs: the statement writes nothing, each deposit is written again alone, and
    /// the other two are made; that one answers the refusal and moves no money.
    @Test(arguments: Engine.available.filter { $0 == .postgres })
    func aDepositWhoseKeyIsAnsweredMeanwhileFailsNoneOfTheOthers(_ engine: Engine) async throws {
        try await withPlayhouse(engine, { $0.passwordHashCost = 4; $0.postgresConnectionsPerEventLoop = 8 }) { app in
            let fixture = try await WalletFixture.make(app)
            var players: [(token: String, id: UUID)] = []
            for name in ["w1", "w2", "ann", "bob", "cat"] {
                let token = try await fixture.player("\(name)@example.com")
                try #require(try await fixture.deposit(token, "1.00").status == .created)
                let id = try #require(try await app.sql().raw("SELECT id FROM players WHERE email = \(bind: "\(name)@example.com")").first()?
                    .decode(column: "id", as: UUID.self))
                players.append((token, id))
            }
            let (w1, w2, ann, bob, cat) = (players[0], players[1], players[2], players[3], players[4])
            let body = #"{"amount":{"amount":"5.00","currency":"EUR"}}"#
            let before = try await Self.combined(app, "deposit")

            // Both lanes busy: w1's and w2's deposits wait for their wallets.
            let lanes = try await HeldTransaction(app)
            try await lanes.run("""
                SELECT id FROM ledger_accounts WHERE owner IN ('\(LedgerAccountKey.walletOwner(w1.id))', '\(LedgerAccountKey.walletOwner(w2.id))') FOR UPDATE
                """)
            // Ann's key answered by another send, not yet committed.
            let answer = try await HeldTransaction(app)
            let fingerprint = IdempotentRequest.fingerprint(.POST, "/v1/wallet/deposits", body: Data(body.utf8))
            let refusal = #"{"type":"about:blank","title":"Refused","status":422,"code":"self_excluded"}"#
            try await answer.run("""
                INSERT INTO idempotency_keys (id, app_id, owner, idempotency_key, fingerprint, status, body, created_at)
                VALUES ('\(UUID())', '\(fixture.credentials.app.id)', '\(IdempotentRequest.owner(ann.id))', 'deposit-ann', '\(fingerprint)', 422,
                        '\(refusal)', now())
                """)
            let first = [w1, w2].map { player in Task { try await fixture.post("/v1/wallet/deposits", player.token, body, key: "first") } }
            while try await lanes.waiters() < 2 { try await Task.sleep(for: .milliseconds(5)) }
            let together = [(ann, "deposit-ann"), (bob, "deposit-bob"), (cat, "deposit-cat")].map { player, key in
                Task { try await fixture.post("/v1/wallet/deposits", player.token, body, key: key) }
            }
            while app.playhouse.completedDeposits.waiting < 3 { try await Task.sleep(for: .milliseconds(5)) }
            try await lanes.commit()
            // The three go in one statement, which waits for ann's key.
            while try await answer.waiters() < 1 { try await Task.sleep(for: .milliseconds(5)) }
            try await answer.commit()

            for send in first { #expect(try await send.value.status == .created) }
            let annAnswer = try await together[0].value
            #expect(annAnswer.status == .unprocessableEntity)
            #expect(annAnswer.headers.first(name: "Idempotent-Replayed") == "true")
            #expect(try await together[1].value.status == .created)
            #expect(try await together[2].value.status == .created)
            #expect(try await fixture.euros(ann.token).available == "1.00")
            #expect(try await fixture.euros(bob.token).available == "6.00")
            #expect(try await fixture.euros(cat.token).available == "6.00")
            #expect(try await app.count("payments", where: "player_id = \(bind: ann.id)") == 1)
            let after = try await Self.combined(app, "deposit")
            // w1's, w2's, the three together, then each of the three alone.
            #expect(after.statements - before.statements == 6)
            try await fixture.expectLedgerSound()
        }
    }

    /// Thirty-two players' bets, placed at once, go in three statements as the deposits above; each
    /// player's bets keep their nonces in order, and a paying bet's statement line its stake and payout.
    @Test(arguments: Engine.available.filter { $0 == .postgres })
    func betsPlacedWhileOthersAreWrittenGoInOneStatement(_ engine: Engine) async throws {
        try await withPlayhouse(engine, { $0.passwordHashCost = 4; $0.postgresConnectionsPerEventLoop = 8; $0.realityCheckInterval = 0 }) { app in
            let fixture = try await WalletFixture.make(app)
            try await fixture.importGames()
            let body = #"{"currency":"EUR","wager":"1.00"}"#
            var players: [String] = []
            for number in 0..<32 {
                let token = try await fixture.player("player\(number)@example.com")
                try #require(try await fixture.deposit(token, "10.00").status == .created)
                // The first bet makes the player's seed; the next is placed from what the read knows.
                try #require(try await fixture.bet(token, game: "always-wins", body).status == .created)
                players.append(token)
            }
            let before = try await Self.combined(app, "bet")

            let held = try await HeldTransaction(app)
            try await held.run("SELECT id FROM ledger_accounts WHERE owner LIKE 'wallet:%' FOR UPDATE")
            let sends = players.enumerated().map { number, token in
                Task { try await fixture.bet(token, game: number.isMultiple(of: 2) ? "always-wins" : "never-wins", body, key: "bet-\(number)") }
            }
            while try await held.waiters() < 2 { try await Task.sleep(for: .milliseconds(5)) }
            while app.playhouse.betsAtOnce.waiting < 30 { try await Task.sleep(for: .milliseconds(5)) }
            try await held.commit()

            for send in sends { #expect(try await send.value.status == .created) }
            for (number, token) in players.enumerated() {
                let bets = try await fixture.bets(token).data
                #expect(bets.compactMap(\.fairness?.nonce) == [1, 0])
                #expect(try await fixture.euros(token).available == (number.isMultiple(of: 2) ? "18.00" : "13.00"))
                let line = try #require(try await fixture.history(token).data.first)
                #expect(line.legs.map(\.amount.amount) == (number.isMultiple(of: 2) ? ["-1.00", "5.00"] : ["-1.00"]))
            }
            let after = try await Self.combined(app, "bet")
            #expect(after.writes - before.writes == 32)
            #expect(after.statements - before.statements == 3)
            try await fixture.expectLedgerSound()
        }
    }

    /// The combined writes' counts of `kind`, as `GET /metrics` shows them.
    static func combined(_ app: Application, _ kind: String) async throws -> (writes: Int, statements: Int) {
        (try await app.metric("playhouse_combined_writes_total{kind=\"\(kind)\"}"),
         try await app.metric("playhouse_combined_statements_total{kind=\"\(kind)\"}"))
    }
}

/// A transaction of the test's own on the application's PostgreSQL database, on a connection of
/// its own (not the server's pool), held open until ``commit()``.
final class HeldTransaction: Sendable {
    private let connection: PostgresConnection
    private let logger = Logger(label: "playhouse.tests.held")

    init(_ app: Application) async throws {
        let url = try #require(app.playhouse.configuration.databaseURL)
        connection = try await PostgresConnection.connect(configuration: try SQLPostgresConfiguration(url: url).coreConfiguration, id: 1,
                                                          logger: logger)
        try await run("SET search_path TO \(app.playhouse.configuration.postgresSchema ?? "public")")
        try await run("BEGIN")
    }

    func run(_ statement: String) async throws {
        _ = try await connection.query(PostgresQuery(unsafeSQL: statement), logger: logger).collect()
    }

    /// How many other transactions wait for this one.
    func waiters() async throws -> Int {
        let rows = try await connection.query("""
            SELECT COUNT(*) FROM pg_locks WHERE locktype = 'transactionid' AND NOT granted AND transactionid = pg_current_xact_id()::xid
            """, logger: logger).collect()
        return try rows.first?.decode(Int.self) ?? 0
    }

    func commit() async throws {
        try await run("COMMIT")
        try await connection.close()
    }
}
