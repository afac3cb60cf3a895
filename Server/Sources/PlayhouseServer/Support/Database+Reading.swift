import FluentKit
import PostgresKit
import SQLKit

extension Database {
    /// Runs reads that need not be in this database's transaction. Outside a transaction they run
    /// on a connection made for them: on SQLite, while serving a request, straight on one of
    /// ``SQLiteReaders``; on PostgreSQL, as prepared statements (``PreparedPostgresSQL``). Inside
    /// a transaction, or on SQLite outside a request, they run on this database.
    func reading<T: Sendable>(_ body: @escaping @Sendable (any SQLDatabase) async throws -> T) async throws -> T {
        if !inTransaction, let readers = SQLiteReaders.current {
            return try await readers.read(logger: logger, eventLoop: eventLoop, body)
        }
        if !inTransaction, let postgres = self as? any PostgresDatabase {
            return try await PreparedPostgresSQL.session(on: postgres, logger: logger, body)
        }
        return try await body(sql())
    }
}
