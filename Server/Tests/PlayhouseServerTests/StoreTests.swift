import Foundation
@testable import PlayhouseServer
import SQLKit
import SQLiteKit
import Testing
import Vapor
import VaporTesting

/// The store, every feature's one way to the database: a transaction sees its own writes and the
/// store's other reads see them once committed, a transaction that throws leaves nothing, reads
/// together see one version, and SQLite's readers only read.
@Suite struct StoreTests {
    @Test(arguments: Engine.available)
    func aTransactionReadsItsOwnWritesAndOtherReadsSeeThemOnceCommitted(_ engine: Engine) async throws {
        try await withPlayhouse(engine) { app in
            try await app.sql().raw("CREATE TABLE reader_probe (id TEXT PRIMARY KEY)").run()
            let id = UUID().uuidString, store = app.store
            @Sendable func count(_ sql: any SQLDatabase) async throws -> Int {
                try await sql.raw("SELECT COUNT(*) AS n FROM reader_probe WHERE id = \(bind: id)").first()?.decode(column: "n", as: Int.self) ?? -1
            }
            let inside = try await store.transaction { sql in
                try await sql.raw("INSERT INTO reader_probe (id) VALUES (\(bind: id))").run()
                return (try await Store(sql).read(count), try await store.read(count))
            }
            #expect(inside == (1, 0))
            #expect(try await store.read(count) == 1)
            struct Refused: Error {}
            await #expect(throws: Refused.self) {
                try await store.transaction { sql in
                    try await sql.raw("DELETE FROM reader_probe").run()
                    try await Store(sql).transaction { sql in try await sql.raw("INSERT INTO reader_probe (id) VALUES ('x')").run() }
                    throw Refused()
                }
            }
            #expect(try await store.read(count) == 1)
            #expect(try await app.count("reader_probe") == 1)
        }
    }

    @Test(arguments: Engine.available)
    func readsTogetherSeeOneVersionWhateverIsWrittenMeanwhile(_ engine: Engine) async throws {
        try await withPlayhouse(engine) { app in
            try await app.sql().raw("CREATE TABLE reader_probe (id TEXT PRIMARY KEY)").run()
            let store = app.store
            @Sendable func count(_ sql: any SQLDatabase) async throws -> Int {
                try await sql.raw("SELECT COUNT(*) AS n FROM reader_probe").first()?.decode(column: "n", as: Int.self) ?? -1
            }
            let seen = try await store.readTogether { sql in
                let before = try await count(sql)
                try await store.write { sql in try await sql.raw("INSERT INTO reader_probe (id) VALUES ('x')").run() }
                return (before, try await count(sql), try await store.read(count))
            }
            #expect(seen == (0, 0, 1))
            // The reader is back outside any transaction: its next read sees the row.
            #expect(try await store.readTogether(count) == 1)
            #expect(try await store.read(count) == 1)
        }
    }

    @Test(arguments: Engine.available)
    func aConstraintTheDatabaseEnforcesIsRecognisedOnEitherEngine(_ engine: Engine) async throws {
        try await withPlayhouse(engine) { app in
            try await app.sql().raw("CREATE TABLE reader_probe (id TEXT PRIMARY KEY)").run()
            try await app.store.write { sql in try await sql.raw("INSERT INTO reader_probe (id) VALUES ('x')").run() }
            do {
                try await app.store.write { sql in try await sql.raw("INSERT INTO reader_probe (id) VALUES ('x')").run() }
                Issue.record("a second row with the same key was written")
            } catch {
                #expect(Store.isConstraintViolation(error), "\(String(reflecting: error))")
            }
            do {
                try await app.store.write { sql in try await sql.raw("INSERT INTO no_such_table (id) VALUES ('x')").run() }
            } catch {
                #expect(!Store.isConstraintViolation(error))
            }
        }
    }

    /// Two of the store's transactions that lock two rows in opposite orders: PostgreSQL ends one
    /// of them, the store runs it again once the other has committed, both are written, and
    /// `GET /metrics` counts the deadlock (what ``WalletPropertyTests`` checks stays 0 for money).
    @Test(.enabled(if: Engine.available.contains(.postgres), "a deadlock needs PostgreSQL's row locks"))
    func aDeadlockIsRunAgainAndCounted() async throws {
        try await withPlayhouse(.postgres) { app in
            try await app.sql().raw("CREATE TABLE lock_probe (id INT PRIMARY KEY, n INT NOT NULL)").run()
            try await app.sql().raw("INSERT INTO lock_probe (id, n) VALUES (1, 0), (2, 0)").run()
            let bothHoldOne = Meeting(of: 2), store = app.store
            @Sendable func lock(_ first: Int, then second: Int) async throws {
                try await store.transaction { sql in
                    try await sql.raw("UPDATE lock_probe SET n = n + 1 WHERE id = \(bind: first)").run()
                    await bothHoldOne.arrive()
                    try await sql.raw("UPDATE lock_probe SET n = n + 1 WHERE id = \(bind: second)").run()
                }
            }
            async let one: Void = lock(1, then: 2)
            async let other: Void = lock(2, then: 1)
            _ = try await (one, other)
            let counts = try await app.sql().raw("SELECT n FROM lock_probe ORDER BY id").all().map { try $0.decode(column: "n", as: Int.self) }
            #expect(counts == [2, 2])
            #expect(try await app.deadlocks() == 1)
        }
    }

    /// Holds whoever arrives until `count` have, then lets everyone through, now and later.
    actor Meeting {
        private let count: Int
        private var waiting: [CheckedContinuation<Void, Never>] = []
        private var arrived = 0

        init(of count: Int) { self.count = count }

        func arrive() async {
            arrived += 1
            guard arrived < count else {
                for one in waiting { one.resume() }
                waiting = []
                return
            }
            await withCheckedContinuation { waiting.append($0) }
        }
    }

    @Test func readersOnlyRead() async throws {
        try await withPlayhouse(.sqlite) { app in
            let readers = SQLiteReaders(path: app.playhouse.configuration.sqlitePath)
            defer { readers.close() }
            try await app.sql().raw("CREATE TABLE reader_probe (id TEXT PRIMARY KEY)").run()
            await #expect(throws: DirectSQLiteError.self) {
                try await readers.read(logger: app.logger, eventLoop: app.eventLoopGroup.next()) { sql in
                    try await sql.raw("INSERT INTO reader_probe (id) VALUES ('x')").run()
                }
            }
            let rows = try await readers.read(logger: app.logger, eventLoop: app.eventLoopGroup.next()) { sql in
                try await sql.raw("SELECT id FROM reader_probe").all()
            }
            #expect(rows.isEmpty)
        }
    }

    /// A task on an event loop (game data's, ``BearerAuthMiddleware/runsOnEventLoop``) reads SQLite
    /// on Swift's shared threads: a read blocks its thread, and on a loop it would hold up every
    /// connection of the loop. The task is back on its loop afterwards.
    @Test func aReadFromAnEventLoopRunsOffIt() async throws {
        try await withPlayhouse(.sqlite) { app in
            let loop = app.eventLoopGroup.next()
            let (before, during, after) = try await withTaskExecutorPreference(EventLoopTaskExecutor(loop)) {
                let before = loop.inEventLoop
                let during = try await app.store.read { sql in
                    _ = try await sql.raw("SELECT 1 AS one").first()
                    return MultiThreadedEventLoopGroup.currentEventLoop == nil
                }
                return (before, during, loop.inEventLoop)
            }
            #expect(before)
            #expect(during, "the read ran on an event loop")
            #expect(after)
        }
    }

    @Test func aKeptStatementIsCompiledOnce() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("playhouse-direct-\(UUID().uuidString).sqlite").path
        let connection = try DirectSQLiteConnection(path: path)
        defer {
            connection.close()
            try? FileManager.default.removeItem(atPath: path)
        }
        for statement in ["CREATE TABLE teams (id INTEGER PRIMARY KEY, name TEXT)",
                          "CREATE TABLE players (id INTEGER PRIMARY KEY, name TEXT UNIQUE, team_id INTEGER REFERENCES teams (id))",
                          "INSERT INTO teams (name) VALUES ('red')",
                          "INSERT INTO players (name, team_id) VALUES ('ada', 1), ('bo', 1)"] {
            try connection.execute(statement, []) { _ in }
        }
        // A join, as a token's lookup is: SQLite's planner marks its bound value as one a new plan may depend on.
        let query = "SELECT p.id FROM players p JOIN teams t ON t.id = p.team_id WHERE p.name = ?"
        var found: [Int] = []
        for name in ["ada", "bo", "ada", "nobody"] {
            try connection.execute(query, [.text(name)]) { row in found.append(try row.decode(column: "id", as: Int.self)) }
        }
        #expect(found == [1, 2, 1])
        #expect(connection.recompilations(of: query) == 0)
    }

    /// A row's values read as SQLiteKit's decoder reads them, for the types read without it.
    @Test func rowsDecodeAsSQLiteKitDoes() throws {
        let id = UUID()
        let values: [SQLiteData] = [.text(id.uuidString), .text("not a uuid"), .text("EUR"), .float(1_800_000_000.123_456_7),
                                    .integer(42), .integer(-7), .null, .integer(1), .integer(0), .text(#"["play","wallet"]"#),
                                    .text("[]"), .text(#"["a",1]"#), .text("true"), .blob(ByteBuffer(string: #"["x"]"#))]
        let row = DirectSQLiteRow(columns: values.indices.map { "c\($0)" }, values: values)
        let decoder = SQLiteDataDecoder()
        func same<D: Decodable & Equatable>(_ type: D.Type, sourceLocation: SourceLocation = #_sourceLocation) {
            for (index, value) in values.enumerated() {
                let direct = Result { try row.decode(column: "c\(index)", as: D.self) }
                let kit = Result { try decoder.decode(D.self, from: value) }
                let agree = switch (direct, kit) {
                case (.success(let a), .success(let b)): a == b
                case (.failure, .failure): true
                default: false
                }
                #expect(agree, "\(D.self) from \(value): \(direct) but SQLiteKit: \(kit)", sourceLocation: sourceLocation)
            }
        }
        same(String.self); same(String?.self)
        same(UUID.self); same(UUID?.self)
        same(Date.self); same(Date?.self)
        same(Int.self); same(Int?.self)
        same(Int64.self); same(Int64?.self)
        same(Bool.self); same(Bool?.self)
        same([String].self); same([String]?.self)
        #expect(try row.decode(column: "c0", as: UUID.self) == id)
        #expect(try row.decode(column: "c9", as: [String].self) == ["play", "wallet"])
    }
}
