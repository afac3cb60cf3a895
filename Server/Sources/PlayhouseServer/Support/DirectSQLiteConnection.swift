import Foundation
import NIOCore
import SQLiteKit
import SQLKit
import VaporCSQLite

/// An SQLite connection whose statements run straight on the calling thread, with no hop to a
/// thread pool and back: for SQLite's one writer, which runs one transaction at a time on a
/// thread of its own (see ``SQLiteWriter``). It uses the SQLite library that SQLiteNIO
/// vendors, the same copy as the server's other connections, so all of them share SQLite's
/// knowledge of the file's locks.
///
/// Not safe for simultaneous use: its owner lets one caller in at a time. Statements are
/// prepared once and kept, as the same few statements run over and over.
final class DirectSQLiteConnection: @unchecked Sendable {
    private var handle: OpaquePointer?
    private var statements: [String: OpaquePointer] = [:]
    /// Past this many kept statements, they are all finalized and prepared afresh.
    private static let statementCapacity = 128
    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

    /// Opens the database at `path` and applies `settings` (PRAGMA statements), or closes it again
    /// and throws.
    init(path: String, settings: [String] = []) throws {
        sqlite_nio_sqlite3_initialize()
        let flags = SQLITE_OPEN_CREATE | SQLITE_OPEN_READWRITE | SQLITE_OPEN_FULLMUTEX | SQLITE_OPEN_URI | SQLITE_OPEN_EXRESCODE
        let status = sqlite_nio_sqlite3_open_v2(path, &handle, flags, nil)
        guard status == SQLITE_OK else {
            let error = DirectSQLiteError(status: status, message: "cannot open the SQLite database at \(path)")
            sqlite_nio_sqlite3_close_v2(handle)
            handle = nil
            throw error
        }
        do {
            for setting in settings { try execute(setting, []) { _ in } }
        } catch {
            close()
            throw error
        }
    }

    var isOpen: Bool { handle != nil }

    func close() {
        for statement in statements.values { sqlite_nio_sqlite3_finalize(statement) }
        statements.removeAll()
        sqlite_nio_sqlite3_close_v2(handle)
        handle = nil
    }

    /// Runs one statement with its binds, handing each row to `onRow` as it comes.
    func execute(_ query: String, _ binds: [SQLiteData], onRow: (DirectSQLiteRow) throws -> Void) throws {
        guard handle != nil else { throw DirectSQLiteError(status: SQLITE_MISUSE, message: "the connection is closed") }
        let statement = try prepared(query)
        // Not `sqlite3_clear_bindings`: every run binds every parameter anew, and clearing them
        // would expire any statement with an `= ?` condition, so that it is compiled again each time.
        defer { sqlite_nio_sqlite3_reset(statement) }
        for (index, bind) in binds.enumerated() { try check(self.bind(bind, at: Int32(index + 1), to: statement)) }
        var columns: [String]?
        while true {
            let status = sqlite_nio_sqlite3_step(statement)
            if status == SQLITE_DONE { return }
            guard status == SQLITE_ROW else { throw error(status) }
            let names = columns ?? (0..<sqlite_nio_sqlite3_column_count(statement)).map { String(cString: sqlite_nio_sqlite3_column_name(statement, $0)) }
            columns = names
            try onRow(DirectSQLiteRow(columns: names, values: try (0..<Int32(names.count)).map { try value(statement, at: $0) }))
        }
    }

    /// How many times SQLite has had to compile this kept statement again since it was prepared
    /// (nil when it is not kept): what keeping statements saves is lost when this grows.
    func recompilations(of query: String) -> Int32? {
        statements[query].map { sqlite_nio_sqlite3_stmt_status($0, SQLITE_STMTSTATUS_REPREPARE, 0) }
    }

    private func prepared(_ query: String) throws -> OpaquePointer {
        if let statement = statements[query] { return statement }
        if statements.count >= Self.statementCapacity {
            for statement in statements.values { sqlite_nio_sqlite3_finalize(statement) }
            statements.removeAll()
        }
        var statement: OpaquePointer?
        let status = sqlite_nio_sqlite3_prepare_v3(handle, query, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil)
        guard status == SQLITE_OK, let statement else { throw error(status) }
        statements[query] = statement
        return statement
    }

    private func bind(_ value: SQLiteData, at index: Int32, to statement: OpaquePointer) -> Int32 {
        switch value {
        case .blob(let bytes):
            bytes.withUnsafeReadableBytes { sqlite_nio_sqlite3_bind_blob64(statement, index, $0.baseAddress, UInt64($0.count), Self.transient) }
        case .float(let number):
            sqlite_nio_sqlite3_bind_double(statement, index, number)
        case .integer(let number):
            sqlite_nio_sqlite3_bind_int64(statement, index, Int64(number))
        case .null:
            sqlite_nio_sqlite3_bind_null(statement, index)
        case .text(let text):
            sqlite_nio_sqlite3_bind_text64(statement, index, text, UInt64(text.utf8.count), Self.transient, UInt8(SQLITE_UTF8))
        }
    }

    private func value(_ statement: OpaquePointer, at column: Int32) throws -> SQLiteData {
        switch sqlite_nio_sqlite3_column_type(statement, column) {
        case SQLITE_INTEGER:
            return .integer(Int(sqlite_nio_sqlite3_column_int64(statement, column)))
        case SQLITE_FLOAT:
            return .float(sqlite_nio_sqlite3_column_double(statement, column))
        case SQLITE_TEXT:
            guard let text = sqlite_nio_sqlite3_column_text(statement, column) else { throw error(SQLITE_NOMEM) }
            return .text(String(cString: text))
        case SQLITE_BLOB:
            let count = Int(sqlite_nio_sqlite3_column_bytes(statement, column))
            var bytes = ByteBufferAllocator().buffer(capacity: count)
            if let start = sqlite_nio_sqlite3_column_blob(statement, column) {
                bytes.writeBytes(UnsafeRawBufferPointer(start: start, count: count))
            }
            return .blob(bytes)
        default:
            return .null
        }
    }

    private func check(_ status: Int32) throws {
        guard status == SQLITE_OK else { throw error(status) }
    }

    private func error(_ status: Int32) -> DirectSQLiteError {
        DirectSQLiteError(status: status, message: sqlite_nio_sqlite3_errmsg(handle).map { String(cString: $0) } ?? "unknown error")
    }
}

/// One row of a ``DirectSQLiteConnection`` result, read as SQLKit reads rows.
struct DirectSQLiteRow: SQLRow {
    let columns: [String]
    let values: [SQLiteData]
    /// What every other type is decoded with; shared, as SQLiteKit shares one per database.
    private static let decoder = SQLiteDataDecoder()
    /// The JSON arrays of strings SQLite stores (an app's scopes and redirect URIs) are parsed with it.
    private static let json = JSONDecoder()

    var allColumns: [String] { columns }

    func contains(column: String) -> Bool { columns.contains(column) }

    func decodeNil(column: String) throws -> Bool {
        guard let index = columns.firstIndex(of: column) else { return true }
        return values[index] == .null
    }

    func decode<D: Decodable>(column: String, as type: D.Type) throws -> D {
        guard let index = columns.firstIndex(of: column) else {
            throw DecodingError.keyNotFound(SomeCodingKey(column), .init(codingPath: [], debugDescription: "no column \(column) in the row"))
        }
        let value = values[index]
        if let (kind, optional) = DirectColumn.of(D.self) {
            if value == .null {
                if optional { return kind.none(as: D.self) }
            } else {
                do { return try Self.direct(kind, value, optional: optional, as: D.self) } catch {}
            }
        }
        return try Self.decoder.decode(D.self, from: value)
    }

    /// A value of one of the types the server reads most (``DirectColumn``), converted exactly as
    /// SQLiteKit's decoder converts them but without its dynamic casts and nested decoders (a
    /// token's lookup decodes fifteen columns; for an array, the decoder first tries a nested
    /// decoder that throws, then parses the JSON). `D` is the type of `kind`, or its optional.
    private static func direct<D>(_ kind: DirectColumn, _ value: SQLiteData, optional: Bool, as type: D.Type) throws(Refused) -> D {
        switch kind {
        case .string: DirectColumn.cast(try must(String(sqliteData: value)), optional, to: D.self)
        case .uuid: DirectColumn.cast(try must(String(sqliteData: value).flatMap(UUID.init(uuidString:))), optional, to: D.self)
        case .date: DirectColumn.cast(try must(Date(sqliteData: value)), optional, to: D.self)
        case .int: DirectColumn.cast(try must(Int(sqliteData: value)), optional, to: D.self)
        case .int64: DirectColumn.cast(try must(Int64(sqliteData: value)), optional, to: D.self)
        case .bool: DirectColumn.cast(try must(Bool(sqliteData: value)), optional, to: D.self)
        case .double: DirectColumn.cast(try must(Double(sqliteData: value)), optional, to: D.self)
        case .strings:
            switch value {
            case .text(let text): DirectColumn.cast(try must(try? Self.json.decode([String].self, from: Data(text.utf8))), optional, to: D.self)
            case .blob(let blob): DirectColumn.cast(try must(try? Self.json.decode([String].self, from: Data(blob.readableBytesView))), optional, to: D.self)
            default: throw Refused()
            }
        }
    }

    /// A value ``direct(_:_:optional:as:)`` leaves to the decoder, which says what is wrong with it.
    private struct Refused: Error {}

    @inline(__always)
    private static func must<T>(_ value: T?) throws(Refused) -> T {
        guard let value else { throw Refused() }
        return value
    }

    private struct SomeCodingKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(_ name: String) { stringValue = name }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
}

/// An SQLite result code other than success, with SQLite's message.
struct DirectSQLiteError: Error, CustomStringConvertible {
    /// The extended result code.
    let status: Int32
    let message: String

    var description: String { "SQLite error \(status): \(message)" }
    var isConstraintFailure: Bool { status & 0xff == SQLITE_CONSTRAINT }
}

/// A ``DirectSQLiteConnection`` as an SQLKit database, for code written against `SQLDatabase`:
/// each statement runs to its end before `execute` returns, on the caller's thread.
struct DirectSQLiteDatabase: SQLDatabase {
    let connection: DirectSQLiteConnection
    let logger: Logger
    let eventLoop: any EventLoop
    var version: (any SQLDatabaseReportedVersion)? { nil }
    var dialect: any SQLDialect { SQLiteDialect() }
    var queryLogLevel: Logger.Level? { .debug }
    private let encoder = SQLiteDataEncoder()

    init(connection: DirectSQLiteConnection, logger: Logger, eventLoop: any EventLoop) {
        self.connection = connection
        self.logger = logger
        self.eventLoop = eventLoop
    }

    func execute(sql query: any SQLExpression, _ onRow: @escaping @Sendable (any SQLRow) -> ()) -> EventLoopFuture<Void> {
        eventLoop.makeCompletedFuture { try run(query, onRow) }
    }

    func execute(sql query: any SQLExpression, _ onRow: @escaping @Sendable (any SQLRow) -> ()) async throws {
        try run(query, onRow)
    }

    private func run(_ query: any SQLExpression, _ onRow: (any SQLRow) -> ()) throws {
        let (sql, binds) = serialize(query)
        if let queryLogLevel {
            logger.log(level: queryLogLevel, "Executing query", metadata: ["sql": .string(sql), "binds": .array(binds.map { .string("\($0)") })])
        }
        try connection.execute(sql, try binds.map { try encoder.encode($0) }) { onRow($0) }
    }
}
