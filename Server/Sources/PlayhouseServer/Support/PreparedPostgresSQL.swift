import Foundation
import Logging
import NIOConcurrencyHelpers
import NIOCore
import PostgresKit
import SQLKit

/// PostgreSQL only: an `SQLDatabase` on one connection that runs each statement as a named
/// prepared statement, parsed and planned once per connection and after that only bound and run.
///
/// Fluent's PostgreSQL driver sends every statement unnamed, so the database parses and plans it
/// again each time. For the short statements of a money movement or a heartbeat that is much of
/// the database's work: pgbench runs the deposit baseline's statements (`scripts/lib/pgbench-deposit.sql`)
/// about 1.5 to 2 times as fast prepared as unnamed.
///
/// A statement is named after its SQL and the types of its values. One whose values differ in
/// type (a null in place of a number) is therefore a statement of its own, parsed with the types
/// it is given, as the unnamed path parses each statement. A statement with a value outside
/// PostgresNIO's own encodings, or one beyond ``PreparedStatementNames``' capacity, takes the
/// unnamed path.
struct PreparedPostgresSQL: SQLDatabase {
    /// The names of the statements this process has prepared.
    static let names = PreparedStatementNames(capacity: 2_000)

    let connection: PostgresConnection
    let logger: Logger

    var eventLoop: any EventLoop { connection.eventLoop }
    var version: (any SQLDatabaseReportedVersion)? { nil }
    var dialect: any SQLDialect { PostgresDialect() }

    func execute(sql query: any SQLExpression, _ onRow: @escaping @Sendable (any SQLRow) -> Void) -> EventLoopFuture<Void> {
        eventLoop.makeFutureWithTask { try await self.execute(sql: query, onRow) }
    }

    func execute(sql query: any SQLExpression, _ onRow: @escaping @Sendable (any SQLRow) -> Void) async throws {
        let (sql, binds) = serialize(query)
        guard let (bindings, types) = try Self.encode(binds), let name = Self.names.name(sql: sql, types: types) else {
            return try await connection.sql().execute(sql: query, onRow)
        }
        try await RuntimeStatement.$text.withValue(.init(name: name, sql: sql, types: types)) {
            for try await row in try await connection.execute(RuntimeStatement(bindings: bindings), logger: logger) {
                onRow(PreparedPostgresRow(row))
            }
        }
    }

    /// The values in PostgresNIO's own encodings, with their types; nil when one has none.
    private static func encode(_ binds: [any Encodable & Sendable]) throws -> (PostgresBindings, [PostgresDataType])? {
        var bindings = PostgresBindings(capacity: binds.count)
        var types: [PostgresDataType] = []
        types.reserveCapacity(binds.count)
        for bind in binds {
            // The common types first, each found by a cast to itself; the casts to protocols
            // below look conformances up (about half of this function's time in a bet's profile).
            switch bind {
            case let value as String: appendKnown(value, to: &bindings, types: &types)
            case let value as UUID: appendKnown(value, to: &bindings, types: &types)
            case let value as Int64: appendKnown(value, to: &bindings, types: &types)
            case let value as Int: appendKnown(value, to: &bindings, types: &types)
            case let value as Date: appendKnown(value, to: &bindings, types: &types)
            case let value as Bool: appendKnown(value, to: &bindings, types: &types)
            default: guard try append(bind, to: &bindings, types: &types) else { return nil }
            }
        }
        return (bindings, types)
    }

    /// Appends a value of a type PostgresNIO encodes, with its type.
    private static func appendKnown<Value: PostgresNonThrowingEncodable>(_ value: Value, to bindings: inout PostgresBindings,
                                                                    types: inout [PostgresDataType]) {
        bindings.append(value)
        types.append(Value.psqlType)
    }

    /// Appends a value in PostgresNIO's own encoding, with its type; false for any other value.
    private static func append<Value: Encodable>(_ value: Value, to bindings: inout PostgresBindings,
                                                 types: inout [PostgresDataType]) throws -> Bool {
        if let optional = value as? any OptionalBind, optional.isNil {
            bindings.appendNull()
            types.append(.null)
            return true
        }
        guard let encodable = value as? any PostgresThrowingDynamicTypeEncodable else { return false }
        try bindings.append(encodable)
        types.append(encodable.psqlType)
        return true
    }
}

/// A value that may be nil. (`value as Any? == nil` is false for a nil wrapped in a generic value.)
private protocol OptionalBind {
    var isNil: Bool { get }
}

extension Optional: OptionalBind {
    var isNil: Bool { self == nil }
}

/// PostgresNIO takes a prepared statement's name, SQL and parameter types from static properties
/// of its type, which it reads as the statement is sent. This one type reads them from the task,
/// where ``PreparedPostgresSQL`` binds them around each run.
private struct RuntimeStatement: PostgresPreparedStatement {
    struct Text: Sendable {
        var name = ""
        var sql = ""
        var types: [PostgresDataType] = []
    }

    @TaskLocal static var text = Text()

    static var name: String { text.name }
    static var sql: String { text.sql }
    static var bindingDataTypes: [PostgresDataType] { text.types }

    let bindings: PostgresBindings

    func makeBindings() -> PostgresBindings { bindings }
    func decodeRow(_ row: PostgresRow) -> PostgresRow { row }
}

/// One name per distinct statement (its SQL and its values' types) for this process, so that a
/// name always stands for the same statement on every connection.
final class PreparedStatementNames: Sendable {
    private struct Key: Hashable {
        var sql: String
        var types: [PostgresDataType]
    }

    private let capacity: Int
    private let names = NIOLockedValueBox<[Key: String]>([:])

    /// Past `capacity` statements, new ones get no name: every connection keeps each statement
    /// prepared on it, so their number must stay bounded.
    init(capacity: Int) {
        self.capacity = capacity
    }

    func name(sql: String, types: [PostgresDataType]) -> String? {
        let key = Key(sql: sql, types: types)
        return names.withLockedValue { names in
            if let name = names[key] { return name }
            guard names.count < capacity else { return nil }
            let name = "playhouse_\(names.count + 1)"
            names[key] = name
            return name
        }
    }
}

/// A row of a ``PreparedPostgresSQL`` statement, read as SQLKit reads rows. The types the server
/// reads most (``DirectColumn``) are decoded by PostgresNIO straight from their wire form; any other goes through
/// PostgresKit's `Decodable` path, as an unprepared row's would (a token's lookup decodes fifteen
/// columns, and that path first tries dynamic casts and coders for each).
struct PreparedPostgresRow: SQLRow {
    let row: PostgresRow
    private let cells: PostgresRandomAccessRow

    init(_ row: PostgresRow) {
        self.row = row
        self.cells = row.makeRandomAccess()
    }

    var allColumns: [String] { cells.map(\.columnName) }

    func contains(column: String) -> Bool { cells.contains(column) }

    func decodeNil(column: String) throws -> Bool { !cells.contains(column) || cells[column].bytes == nil }

    func decode<D: Decodable>(column: String, as type: D.Type) throws -> D {
        guard cells.contains(column), let (kind, optional) = DirectColumn.of(D.self) else {
            return try row.sql().decode(column: column, as: D.self)
        }
        let cell = cells[column]
        if optional, cell.bytes == nil { return kind.none(as: D.self) }
        switch kind {
        case .string: return DirectColumn.cast(try cell.decode(String.self), optional, to: D.self)
        case .uuid: return DirectColumn.cast(try cell.decode(UUID.self), optional, to: D.self)
        case .date: return DirectColumn.cast(try cell.decode(Date.self), optional, to: D.self)
        case .int: return DirectColumn.cast(try cell.decode(Int.self), optional, to: D.self)
        case .int64: return DirectColumn.cast(try cell.decode(Int64.self), optional, to: D.self)
        case .bool: return DirectColumn.cast(try cell.decode(Bool.self), optional, to: D.self)
        // PostgresNIO reads floats; PostgresKit's path also reads a numeric (an average, say).
        case .double where cell.dataType == .float8: return DirectColumn.cast(try cell.decode(Double.self), optional, to: D.self)
        case .double: return try row.sql().decode(column: column, as: D.self)
        case .strings: return DirectColumn.cast(try cell.decode([String].self), optional, to: D.self)
        }
    }
}
