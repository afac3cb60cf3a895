import Fluent
import Foundation
import FluentPostgresDriver
import SQLKit
import Vapor

/// Runs the database transactions that move money, so that simultaneous movements on one wallet
/// serialize correctly.
///
/// - SQLite has one writer at a time anyway: money transactions queue in this process (a
///   ``SerialGate``), run on a connection and a thread of their own (``MoneyConnection``) and
///   begin `IMMEDIATE`, so none fails halfway upgrading a read lock and none spins on a busy
///   database.
/// - PostgreSQL: each movement takes row locks on the balances it changes, in a fixed order (see
///   ``Ledger``), and is retried when the database reports a serialization failure or deadlock,
///   so any number of server instances can share one database. Its statements run prepared
///   (``PreparedPostgresSQL``).
///
/// The body must do all its work through the connection it is given.
struct MoneyWriter: Sendable {
    let database: any Database
    let gate: SerialGate
    let connection: MoneyConnection

    func transaction<T: Sendable>(_ body: @escaping @Sendable (any SQLDatabase) async throws -> T) async throws -> T {
        if try database.sql().dialect.name == "sqlite" {
            return try await gate.run {
                try await connection.transaction(on: database.eventLoop, logger: database.logger, body)
            }
        }
        var attempt = 0
        while true {
            do {
                return try await postgresTransaction(body)
            } catch let error as PSQLError where attempt < 5 && Self.isRetryable(error) {
                attempt += 1
                try await Task.sleep(for: .milliseconds(Int.random(in: 1...(10 * attempt))))
            }
        }
    }

    /// Runs `body`, whose writes are one statement (a transaction by itself), outside a transaction
    /// of its own on PostgreSQL, where `BEGIN` and `COMMIT` are two more round trips; on SQLite,
    /// where they cost none, and inside a caller's transaction, it runs as ``transaction(_:)`` does.
    func oneStatement<T: Sendable>(_ body: @escaping @Sendable (any SQLDatabase) async throws -> T) async throws -> T {
        guard try database.sql().dialect.name != "sqlite", !database.inTransaction, let postgres = database as? any PostgresDatabase else {
            return try await transaction(body)
        }
        return try await PreparedPostgresSQL.session(on: postgres, logger: database.logger, body)
    }

    /// A transaction of prepared statements on a connection of its own; inside a transaction
    /// already (the caller's), the statements join it.
    private func postgresTransaction<T: Sendable>(_ body: @escaping @Sendable (any SQLDatabase) async throws -> T) async throws -> T {
        guard !database.inTransaction, let postgres = database as? any PostgresDatabase else {
            return try await database.transaction { transaction in try await body(try transaction.sql()) }
        }
        return try await PreparedPostgresSQL.transaction(on: postgres, logger: database.logger, body)
    }

    /// Serialization failure or deadlock: the transaction did nothing and may simply run again.
    private static func isRetryable(_ error: PSQLError) -> Bool {
        guard let state = error.serverInfo?[.sqlState] else { return false }
        return state == "40001" || state == "40P01"
    }
}

extension Request {
    /// Money-moving transactions on this request's database.
    var moneyWriter: MoneyWriter { MoneyWriter(database: db, gate: playhouse.moneyGate, connection: playhouse.moneyConnection) }
}

extension Application {
    /// Money-moving transactions on the application's database (the CLI and tests).
    var moneyWriter: MoneyWriter { MoneyWriter(database: db, gate: playhouse.moneyGate, connection: playhouse.moneyConnection) }
}
