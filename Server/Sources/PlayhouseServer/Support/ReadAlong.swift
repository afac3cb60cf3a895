import SQLKit

/// Columns that another feature's table adds to a read, with the join that brings them, so that a
/// request reads what it needs from several features in one statement while each feature writes
/// the SQL of its own tables: a bet reads its game with its currency and the player's session and
/// limits, a deposit its currency with the player's limits. A join brings at most one row, except
/// a player's limits, a row each.
struct ReadAlong: Sendable {
    var columns: SQLQueryString
    var join: SQLQueryString
}

extension [ReadAlong] {
    /// Their columns, each after a comma, to follow a read's own.
    var columns: SQLQueryString { map { ", \($0.columns)" as SQLQueryString }.joined(separator: "") }
    /// Their joins.
    var joins: SQLQueryString { map(\.join).joined(separator: " ") }
}
