import Foundation
import GameMath
import NIOConcurrencyHelpers
import PlayhouseAPI
import SQLKit

/// The games each app offers: imported from definition files by the operator, checked for
/// consistency, their exact return to player computed by enumerating every outcome.
public struct GameService: Sendable {
    let store: Store
    let now: Date

    /// What an import did.
    public struct Imported: Sendable {
        public var game: GameInfo
        public var report: MathReport
        /// False when it replaced an earlier definition of the game (its version grew).
        public var created: Bool
    }

    /// Imports a definition: adds the game, or replaces the definition of the app's game with its id
    /// (keeping it open or closed as it was), audit-logged as `actor`'s. Refuses an inconsistent
    /// definition, naming every problem.
    public func importGame(appID: UUID, _ definition: GameDefinition, by actor: AuditActor) async throws -> Imported {
        let machine: GameMachine
        do { machine = try GameMachine(definition) } catch {
            throw PlayhouseProblem(.unprocessableEntity, .invalidGameDefinition, parameters: ["problems": error.description])
        }
        try await checkMoney(definition, appID: appID)
        let report = machine.report()
        let json = String(decoding: try JSONEncoder().encode(definition), as: UTF8.self)
        let now = self.now
        // A new game, or the next version of the app's game with this id, kept open or closed as it was.
        let (before, row) = try await store.transaction { sql in
            let before = try await sql.raw("""
                SELECT \(GameRecord.columns) FROM games WHERE app_id = \(bind: appID) AND slug = \(bind: definition.id)
                """).first().map { try GameRecord(row: $0) }
            let row = try await sql.raw("""
                INSERT INTO games (id, app_id, slug, name, type, status, version, definition, rtp, hit_frequency, created_at, updated_at)
                VALUES (\(bind: UUID.random()), \(bind: appID), \(bind: definition.id), \(bind: definition.name), \(bind: definition.type), 'open', 1,
                        \(bind: json), \(bind: report.rtp), \(bind: report.hitFrequency), \(bind: now), \(bind: now))
                ON CONFLICT (app_id, slug) DO UPDATE SET
                    name = excluded.name, type = excluded.type, version = games.version + 1, definition = excluded.definition,
                    rtp = excluded.rtp, hit_frequency = excluded.hit_frequency, updated_at = excluded.updated_at
                RETURNING \(GameRecord.columns)
                """).first()
            guard let row else { throw PlayhouseProblem(.internalServerError, .internalError) }
            let record = try GameRecord(row: row)
            try await sql.raw(AuditLog.entry(by: actor, "game imported", target: Self.ern(appID, definition.id), before: try before.map(info),
                                             after: try info(record), at: now)).run()
            return (before, record)
        }
        return Imported(game: try info(row), report: report, created: before == nil)
    }

    /// The app's games, by id.
    public func list(appID: UUID) async throws -> [GameInfo] {
        try await store.read { sql in
            try await sql.raw("SELECT \(GameRecord.columns) FROM games WHERE app_id = \(bind: appID) ORDER BY slug").all()
        }.map { try info(try GameRecord(row: $0)) }
    }

    /// The app's game with this id; nil when there is none.
    public func find(appID: UUID, slug: String) async throws -> GameInfo? {
        try await record(appID: appID, slug: slug).map(info)
    }

    /// The definition as imported.
    public func definition(appID: UUID, slug: String) async throws -> GameDefinition? {
        guard let record = try await record(appID: appID, slug: slug) else { return nil }
        return try Self.machine(record).definition
    }

    /// Opens or closes a game (a closed game refuses bets), audit-logged as `actor`'s when it
    /// changed. False when there is no such game.
    public func setOpen(_ open: Bool, appID: UUID, slug: String, by actor: AuditActor) async throws -> Bool {
        guard Self.isWellFormed(slug: slug) else { return false }
        let now = self.now, status = open ? "open" : "closed"
        return try await store.transaction { sql in
            guard try await sql.raw("SELECT id FROM games WHERE app_id = \(bind: appID) AND slug = \(bind: slug)").first() != nil else { return false }
            if try await sql.claimed("""
                UPDATE games SET status = \(bind: status), updated_at = \(bind: now)
                WHERE app_id = \(bind: appID) AND slug = \(bind: slug) AND status <> \(bind: status) RETURNING id
                """) {
                try await sql.raw(AuditLog.entry(by: actor, open ? "game opened" : "game closed", target: Self.ern(appID, slug), at: now)).run()
            }
            return true
        }
    }

    /// The compiled game of the app with this id, for a simulation; nil when there is none.
    func machine(appID: UUID, slug: String) async throws -> GameMachine? {
        try await record(appID: appID, slug: slug).map(Self.machine)
    }

    /// What the audit log names an app's game by.
    static func ern(_ appID: UUID, _ slug: String) -> String { ERN.make("game", "\(appID.uuidString.lowercased())/\(slug)") }

    /// A game ready to take bets: its record and its compiled machine.
    struct Playable: Sendable {
        var slug: String
        var version: Int
        var open: Bool
        var machine: GameMachine
        var definition: GameDefinition { machine.definition }
    }

    /// The game a bet is on, with the rows what it reads `along` brings (at least one), in one read. In
    /// plain SQL, and the definition is read only when this version is not compiled yet: every bet asks.
    func playable(appID: UUID, slug: String, along: [ReadAlong]) async throws -> (game: Playable, rows: [any SQLRow]) {
        guard Self.isWellFormed(slug: slug) else { throw PlayhouseProblem.gameNotFound(slug) }
        let rows = try await store.read { sql in
            try await sql.raw("""
                SELECT g.id, g.version, g.status\(along.columns) FROM games g \(along.joins) WHERE g.app_id = \(bind: appID) AND g.slug = \(bind: slug)
                """).all()
        }
        guard let row = rows.first else { throw PlayhouseProblem.gameNotFound(slug) }
        let id = try row.decode(column: "id", as: UUID.self), version = try row.decode(column: "version", as: Int.self)
        let open = try row.decode(column: "status", as: String.self) == "open"
        if let machine = Self.compiled(id: id, version: version) { return (Playable(slug: slug, version: version, open: open, machine: machine), rows) }
        guard let record = try await record(appID: appID, slug: slug) else { throw PlayhouseProblem.gameNotFound(slug) }
        return (Playable(slug: record.slug, version: record.version, open: record.status == "open", machine: try Self.machine(record)), rows)
    }

    private func record(appID: UUID, slug: String) async throws -> GameRecord? {
        // Only a well-formed id is looked up (PostgreSQL refuses text with NUL bytes, for one).
        guard Self.isWellFormed(slug: slug) else { return nil }
        return try await store.read { sql in
            try await sql.raw("SELECT \(GameRecord.columns) FROM games WHERE app_id = \(bind: appID) AND slug = \(bind: slug)").first()
        }.map { try GameRecord(row: $0) }
    }

    private func info(_ record: GameRecord) throws -> GameInfo {
        let machine = try Self.machine(record)
        let definition = machine.definition
        return GameInfo(id: record.slug, ern: ERN.make("game", record.slug), name: record.name, type: record.type, status: record.status,
                        minWager: definition.minWager, maxWager: definition.maxWager, currencies: definition.currencies,
                        paylines: machine.paylines, rtp: record.rtp, hitFrequency: record.hitFrequency,
                        provablyFair: definition.provablyFair, version: record.version)
    }

    /// The wager limits are positive decimals, the smaller first, and the currencies are the app's.
    private func checkMoney(_ definition: GameDefinition, appID: UUID) async throws {
        var fields: [PlayhouseProblem.Field] = []
        let low = Self.limit(definition.minWager), high = Self.limit(definition.maxWager)
        if low == nil { fields.append(.init(name: "min_wager", code: "invalid_value")) }
        if high == nil { fields.append(.init(name: "max_wager", code: "invalid_value")) }
        if let low, let high, low > high { fields.append(.init(name: "max_wager", code: "invalid_value")) }
        let currencies = CurrencyService(store: store)
        for code in definition.currencies where try await currencies.find(appID: appID, code: code) == nil {
            fields.append(.init(name: "currencies", code: "invalid_value"))
        }
        guard fields.isEmpty else { throw PlayhouseProblem.validation(fields) }
    }

    /// What a game's id looks like: `lucky-sevens` (`[a-z0-9][a-z0-9-]{1,63}`).
    static func isWellFormed(slug: String) -> Bool {
        ASCIIShape.matches(slug, length: 2...64, first: ASCIIShape.isLowercaseOrDigit) {
            ASCIIShape.isLowercaseOrDigit($0) || $0 == UInt8(ascii: "-")
        }
    }

    /// A wager limit in ten-thousandths, so that wagers of any currency compare with it exactly.
    static func limit(_ text: String) -> Int64? {
        if case .success(let value) = MinorUnits.parse(text, digits: 4) { return value }
        return nil
    }

    /// Compiled games by record id and version: a definition is decoded and compiled once.
    private static let machines = NIOLockedValueBox<[UUID: (version: Int, machine: GameMachine)]>([:])

    private static func compiled(id: UUID, version: Int) -> GameMachine? {
        machines.withLockedValue { $0[id] }.flatMap { $0.version == version ? $0.machine : nil }
    }

    static func machine(_ record: GameRecord) throws -> GameMachine {
        let id = record.id
        if let cached = compiled(id: id, version: record.version) { return cached }
        let definition = try JSONDecoder().decode(GameDefinition.self, from: Data(record.definition.utf8))
        let machine = try GameMachine(definition)
        machines.withLockedValue { machines in
            if machines.count > 10_000 { machines.removeAll() }
            machines[id] = (record.version, machine)
        }
        return machine
    }
}
