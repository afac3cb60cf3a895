import Foundation
@testable import PlayhouseServer
import PostgresKit
import SQLKit
import Testing
import Vapor

/// PostgreSQL's reads and money transactions run as prepared statements: parsed once per
/// connection, and every kind of value still goes in and comes out as it would unprepared.
@Suite struct PreparedPostgresSQLTests {
    private static let probe = "SELECT CAST($1 AS BIGINT) + 1 AS answer"

    /// How many times the probe ran as a prepared statement on this connection (0 when it ran unnamed).
    @Sendable private static func probeRuns(_ sql: any SQLDatabase) async throws -> Int {
        try await sql.raw("""
            SELECT CAST(COALESCE(SUM(generic_plans + custom_plans), 0) AS BIGINT) AS runs
            FROM pg_prepared_statements WHERE statement = \(bind: probe)
            """).first()?.decode(column: "runs", as: Int.self) ?? -1
    }

    @Sendable private static func askThrice(_ sql: any SQLDatabase) async throws -> [Int] {
        var answers: [Int] = []
        for question in [41, 1, 99] {
            let row = try await sql.raw("SELECT CAST(\(bind: question) AS BIGINT) + 1 AS answer").first()
            answers.append(try #require(row).decode(column: "answer", as: Int.self))
        }
        return answers
    }

    @Test(.enabled(if: Engine.postgresURL != nil))
    func readsAndMoneyTransactionsArePreparedOncePerConnection() async throws {
        try await withPlayhouse(.postgres) { app in
            let read = try await app.store.read { sql in (try await Self.askThrice(sql), try await Self.probeRuns(sql)) }
            #expect(read.0 == [42, 2, 100])
            #expect(read.1 == 3)
            let written = try await app.store.transaction { sql in (try await Self.askThrice(sql), try await Self.probeRuns(sql)) }
            #expect(written.0 == [42, 2, 100])
            #expect(written.1 >= 3)
        }
    }

    @Test(.enabled(if: Engine.postgresURL != nil))
    func aMoneyTransactionThatThrowsLeavesNothing() async throws {
        try await withPlayhouse(.postgres) { app in
            let sql = app.sql()
            try await sql.raw("CREATE TABLE prepared_probe (id UUID PRIMARY KEY)").run()
            struct Refused: Error {}
            await #expect(throws: Refused.self) {
                try await app.store.transaction { sql in
                    try await sql.raw("INSERT INTO prepared_probe (id) VALUES (\(bind: UUID()))").run()
                    throw Refused()
                }
            }
            let id = UUID()
            try await app.store.transaction { sql in
                try await sql.raw("INSERT INTO prepared_probe (id) VALUES (\(bind: id))").run()
            }
            let ids = try await sql.raw("SELECT id FROM prepared_probe").all().map { try $0.decode(column: "id", as: UUID.self) }
            #expect(ids == [id])
        }
    }

    /// Each kind of value the server binds, present and absent, and in either order in one
    /// position (a null first, then a number, is a statement of its own).
    @Test(.enabled(if: Engine.postgresURL != nil))
    func everyKindOfValueGoesInAndComesOutAsItWould() async throws {
        try await withPlayhouse(.postgres) { app in
            let id = UUID()
            let when = Date(timeIntervalSince1970: 1_795_000_000.25)
            struct Document: Codable, Sendable { var kind: String }
            let values = try await app.store.read { sql in
                var numbers: [Int64?] = []
                for number in [Int64?.none, 7, nil, Int64.max] {
                    numbers.append(try await sql.raw("SELECT CAST(\(bind: number) AS BIGINT) AS v").first()?.decode(column: "v", as: Int64?.self))
                }
                let row = try #require(try await sql.raw("""
                    SELECT CAST(\(bind: id) AS UUID) AS id, CAST(\(bind: "pläy") AS TEXT) AS text, CAST(\(bind: String?.none) AS TEXT) AS none,
                           CAST(\(bind: when) AS TIMESTAMPTZ) AS at, CAST(\(bind: true) AS BOOLEAN) AS yes, CAST(\(bind: 5) AS BIGINT) AS five,
                           CAST(\(bind: Document(kind: "json")) AS JSONB) ->> 'kind' AS kind
                    """).first())
                return (numbers, try row.decode(column: "id", as: UUID.self), try row.decode(column: "text", as: String.self),
                        try row.decode(column: "none", as: String?.self), try row.decode(column: "at", as: Date.self),
                        try row.decode(column: "yes", as: Bool.self), try row.decode(column: "five", as: Int.self),
                        try row.decode(column: "kind", as: String.self))
            }
            #expect(values.0 == [nil, 7, nil, Int64.max])
            #expect(values.1 == id)
            #expect(values.2 == "pläy")
            #expect(values.3 == nil)
            #expect(values.4 == when)
            #expect(values.5 == true)
            #expect(values.6 == 5)
            #expect(values.7 == "json")
        }
    }

    @Test func statementsAreNamedByTheirTextAndTypesUpToACapacity() {
        let names = PreparedStatementNames(capacity: 2)
        let first = names.name(sql: "SELECT $1", types: [.int8])
        #expect(first != nil)
        #expect(names.name(sql: "SELECT $1", types: [.int8]) == first)
        let nullFirst = names.name(sql: "SELECT $1", types: [.null])
        #expect(nullFirst != nil && nullFirst != first)
        #expect(names.name(sql: "SELECT 2", types: []) == nil)
        #expect(names.name(sql: "SELECT $1", types: [.null]) == nullFirst)
    }
}
