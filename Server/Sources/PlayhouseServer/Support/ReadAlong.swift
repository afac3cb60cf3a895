import SQLKit

/// Columns that another feature's table adds to a read, with the join that brings them, so that a
/// request reads what it needs from several features in one statement while each feature writes
/// the SQL of its own tables: a bet reads its game with its currency and the player's session and
/// limits, a deposit its currency with the player's limits. A join brings at most one row, except
/// a player's limits, a row each. Its table answers to its ``SQLAlias``.
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

/// The alias of every table whose SQL one feature writes for another's statement (``ReadAlong``,
/// the session's limits): listed once, and an enum's raw values are unique, so two fragments can
/// never answer to one name. They are whole words; a statement's own tables take one or two
/// letters (`s` for a catalog's stores, `g` for games), so they cannot meet these either.
/// Written into SQL as `\(SQLAlias.currency)`.
enum SQLAlias: String, Sendable {
    case playSession = "play_session"
    case playerLimit = "player_limit"
    case realityCheckLimit = "reality_check_limit"
    case sessionTimeLimit = "session_time_limit"
    case currency
    case rateLimit = "rate_limit"
    case deposit
    case namedPlayer = "named_player"
    case wallet
    case fairnessSeed = "fairness_seed"
    case installation
    case installationPlayer = "installation_player"
    case identityProvider = "identity_provider"
    case federatedIdentity = "federated_identity"
}

extension SQLQueryString {
    mutating func appendInterpolation(_ alias: SQLAlias) {
        appendInterpolation(unsafeRaw: alias.rawValue)
    }
}
