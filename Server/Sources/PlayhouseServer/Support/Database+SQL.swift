import Fluent
import SQLKit

extension Database {
    /// The SQL interface of this database, for the migrations (everything else goes through ``Store``).
    func sql() throws -> any SQLDatabase {
        guard let sql = self as? any SQLDatabase else { throw PlayhouseProblem(.internalServerError, .internalError) }
        return sql
    }
}

extension SQLDatabase {
    /// Runs a conditional `UPDATE … RETURNING id` and says whether it changed a row: of several
    /// racing requests claiming the same code, token or PIN, exactly one sees true.
    func claimed(_ update: SQLQueryString) async throws -> Bool {
        try await raw(update).first() != nil
    }
}

extension SQLQueryString {
    /// `column` compared in byte order, as SQLite compares text: PostgreSQL's text order is its
    /// collation's, so it is told `C` (a query that sorts by it on PostgreSQL reads an index made
    /// with `COLLATE "C"`).
    static func inByteOrder(_ column: SQLQueryString, dialect: String) -> SQLQueryString {
        dialect == "postgresql" ? "\(column) COLLATE \"C\"" : column
    }
}

