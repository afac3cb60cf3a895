import Foundation
import PlayhouseAPI
import SQLKit

/// Starts and ends play sessions, keeps them alive, and says when a reality check is due. Ending a
/// session revokes every token issued in it. Everything lives in the database, so any instance
/// answers for any session and a restart loses nothing.
struct SessionService: Sendable {
    let store: Store
    let now: Date
    /// Told of the tokens an ended session revokes; nil only where sessions are started, never ended.
    let tokenCache: TokenCache?

    /// How long a session lives without activity, how often reality checks come (0: never), and
    /// how long a session may last at most (the player's session time limit).
    struct Rules: Sendable {
        var inactivityTimeout: TimeInterval
        var realityCheckInterval: TimeInterval
        var sessionTimeLimit: TimeInterval?

        /// These rules with the player's own reality-check interval and session time limit.
        func with(_ limits: Limits) -> Rules {
            var rules = self
            rules.realityCheckInterval = limits.realityCheckInterval ?? realityCheckInterval
            rules.sessionTimeLimit = limits.sessionTimeLimit
            return rules
        }
    }

    /// Activity is written at most this often, so that a stream of bets does not write the session each time.
    static let activityResolution: TimeInterval = 30

    /// A new session for `playerID` in `appID`; returns its id.
    func start(appID: UUID, playerID: UUID) async throws -> UUID {
        let (id, statement) = Self.start(appID: appID, playerID: playerID, now: now)
        try await store.write { sql in try await sql.raw(statement).run() }
        return id
    }

    /// A new session's id, and the statement that starts it, for a caller that writes it with
    /// others (a sign-in, with its tokens).
    static func start(appID: UUID, playerID: UUID, now: Date) -> (id: UUID, statement: SQLQueryString) {
        let id = UUID.random()
        return (id, """
            INSERT INTO play_sessions (id, app_id, player_id, started_at, last_active_at, reality_check_started_at)
            VALUES (\(bind: id), \(bind: appID), \(bind: playerID), \(bind: now), \(bind: now), \(bind: now))
            """)
    }

    /// Ends every open play session of the player, in the caller's transaction (a deleted account,
    /// whose tokens ``TokenService/revokeAll(playerID:)`` revokes).
    static func endAll(playerID: UUID, now: Date, on sql: any SQLDatabase) async throws {
        try await sql.raw("UPDATE play_sessions SET ended_at = \(bind: now) WHERE player_id = \(bind: playerID) AND ended_at IS NULL").run()
    }

    /// Ends the session (if it is still open) and revokes its tokens, in one transaction; with the
    /// audit-log entry of the operator who ended it (`by`), when it was one.
    func end(_ sessionID: UUID, by actor: AuditActor? = nil) async throws {
        let now = self.now, tokenCache = self.tokenCache
        try await TokenCache.revoking(.session(sessionID), cache: tokenCache, in: store) { sql in
            let ended = try await sql.raw("""
                UPDATE play_sessions SET ended_at = \(bind: now) WHERE id = \(bind: sessionID) AND ended_at IS NULL RETURNING id
                """).first() != nil
            try await TokenService(store: Store(sql), now: now, cache: tokenCache).revokeSession(sessionID)
            if let actor, ended {
                try await sql.raw(AuditLog.entry(by: actor, "play session ended", target: ERN.make("session", sessionID.uuidString.lowercased()),
                                                 at: now)).run()
            }
        }
    }

    /// A player's play sessions, the latest first (at most 20).
    func sessions(playerID: UUID) async throws -> [AdminPlaySession] {
        try await store.read { sql in
            try await sql.raw("""
                SELECT id, started_at, last_active_at, ended_at FROM play_sessions WHERE player_id = \(bind: playerID)
                ORDER BY started_at DESC LIMIT 20
                """).all()
        }.map(Self.adminSession)
    }

    /// A page of all the player's play sessions, the first first (a player's export): a page
    /// starts how far into them its cursor says, and later sessions only come after.
    func sessions(playerID: UUID, page: PageRequest) async throws -> PlayhouseAPI.Page<AdminPlaySession> {
        page.page(readFromOffset: try await store.read { sql in
            try await sql.raw("""
                SELECT id, started_at, last_active_at, ended_at FROM play_sessions WHERE player_id = \(bind: playerID)
                ORDER BY started_at, id LIMIT \(bind: page.readLimit) OFFSET \(bind: page.offset)
                """).all()
        }.map(Self.adminSession))
    }

    private static func adminSession(_ row: any SQLRow) throws -> AdminPlaySession {
        AdminPlaySession(id: try row.decode(column: "id", as: UUID.self).uuidString.lowercased(), startedAt: try row.decode(column: "started_at", as: Date.self),
                         lastActiveAt: try row.decode(column: "last_active_at", as: Date?.self),
                         endedAt: try row.decode(column: "ended_at", as: Date?.self))
    }

    /// Where the session stands, with its figures, by the server's rules `with` the player's own
    /// limits, which are read with the session: a heartbeat is one read after its token's.
    func status(_ sessionID: UUID, serverRules: Rules) async throws -> PlaySessionStatus {
        let (session, totals, limits) = try await findWithTotals(sessionID)
        let rules = serverRules.with(limits)
        let state = State(session, rules: rules, now: now)
        return PlaySessionStatus(id: sessionID.uuidString.lowercased(), alive: state.alive, expiresAt: state.expiresAt,
                                 realityCheck: state.realityCheck(rules), statistics: statistics(session, state, totals))
    }

    /// Extends a live session. `realityChecked: true` acknowledges a due reality check and starts the
    /// next period (an early one changes nothing, so an app cannot put checks off); `false` ends the
    /// session. A session that is no longer alive stays so.
    func keepAlive(_ sessionID: UUID, realityChecked: Bool?, serverRules: Rules) async throws -> PlaySessionStatus {
        let standing = try await standing(sessionID)
        let state = State(standing.times, rules: serverRules.with(standing.limits), now: now)
        if state.alive {
            if realityChecked == false {
                try await end(sessionID)
            } else {
                try await markActive(sessionID, restartingRealityCheck: realityChecked == true && state.realityCheckDue)
            }
        }
        return try await status(sessionID, serverRules: serverRules)
    }

    /// A session as it stands, with its player's limits: a bet, a keep-alive and can-i-gamble need both.
    struct Standing: Sendable {
        fileprivate var times: Times
        /// The player's limits now.
        var limits: Limits
    }

    /// The session with its player's limits, in one read.
    func standing(_ sessionID: UUID) async throws -> Standing {
        let rows = try await store.read { sql in
            try await sql.raw("""
                SELECT \(Self.standingColumns), \(LimitsService.limitsColumns)
                FROM play_sessions \(SQLAlias.playSession) \(LimitsService.limitsJoin(player: "\(SQLAlias.playSession.rawValue).player_id"))
                WHERE \(SQLAlias.playSession).id = \(bind: sessionID)
                """).all()
        }
        return try standing(sessionID, rows)
    }

    /// The session `sessionID`'s standing, read along with another feature's row (a bet's game);
    /// its columns are null when there is no such session.
    static func along(session sessionID: UUID) -> ReadAlong {
        ReadAlong(columns: standingColumns, join: "LEFT JOIN play_sessions \(SQLAlias.playSession) ON \(SQLAlias.playSession).id = \(bind: sessionID)")
    }

    /// The columns of a session's standing (the table's aliased ``SQLAlias/playSession``).
    private static let standingColumns: SQLQueryString = """
        \(SQLAlias.playSession).started_at, \(SQLAlias.playSession).ended_at, \(SQLAlias.playSession).last_active_at, \
        \(SQLAlias.playSession).reality_check_started_at
        """

    /// The session's standing from rows with its columns (``along(session:)``) and its player's limits'.
    func standing(_ sessionID: UUID, _ rows: [any SQLRow]) throws -> Standing {
        guard let first = rows.first, try first.decode(column: "started_at", as: Date?.self) != nil else {
            throw PlayhouseProblem(.notFound, .sessionNotFound)
        }
        return Standing(times: try Times(sessionID, first), limits: try LimitsService.limits(rows, now: now))
    }

    /// Notes a bet as the session's activity, at most once every ``activityResolution``
    /// (``PlayPermission`` checked first that the session may bet).
    func noteActivity(_ standing: Standing) async throws {
        if now.timeIntervalSince(standing.times.lastActiveAt ?? standing.times.startedAt) >= Self.activityResolution {
            try await markActive(standing.times.id)
        }
    }

    /// Records activity now, and with `restartingRealityCheck` starts the next reality-check period.
    private func markActive(_ sessionID: UUID, restartingRealityCheck: Bool = false) async throws {
        let now = self.now
        try await store.write { sql in
            let restart: SQLQueryString = restartingRealityCheck ? ", reality_check_started_at = \(bind: now)" : ""
            try await sql.raw("UPDATE play_sessions SET last_active_at = \(bind: now)\(restart) WHERE id = \(bind: sessionID)").run()
        }
    }

    /// What keeps the session from betting now (for `can-i-gamble`); nothing when it may.
    func refusals(_ standing: Standing, rules: Rules) -> [PlayhouseProblem] {
        refusals(State(standing.times, rules: rules, now: now), rules)
    }

    private func refusals(_ state: State, _ rules: Rules) -> [PlayhouseProblem] {
        guard state.alive else { return [PlayhouseProblem(.unauthorized, .sessionExpired)] }
        var refusals: [PlayhouseProblem] = []
        if state.timeLimitReached, let limit = rules.sessionTimeLimit {
            refusals.append(PlayhouseProblem(.forbidden, .sessionTimeLimitReached, parameters: ["minutes": String(Int(limit / 60))],
                                             limit: LimitName.sessionTime.key))
        }
        if state.realityCheckDue { refusals.append(PlayhouseProblem(.forbidden, .realityCheckDue)) }
        return refusals
    }

    /// A session's times, which its checks and figures are made of.
    fileprivate struct Times: Sendable {
        var id: UUID
        var startedAt: Date
        var endedAt: Date?
        var lastActiveAt: Date?
        var realityCheckStartedAt: Date?

        init(_ id: UUID, _ row: any SQLRow) throws {
            self.id = id
            startedAt = try row.decode(column: "started_at", as: Date.self)
            endedAt = try row.decode(column: "ended_at", as: Date?.self)
            lastActiveAt = try row.decode(column: "last_active_at", as: Date?.self)
            realityCheckStartedAt = try row.decode(column: "reality_check_started_at", as: Date?.self)
        }
    }

    /// The session with its bets' totals and its player's session limits, in one read: every
    /// heartbeat asks for all three.
    private func findWithTotals(_ sessionID: UUID) async throws -> (Times, BetHistoryService.SessionTotals, Limits) {
        let rows = try await store.read { sql in
            try await sql.raw("""
                SELECT s.started_at, s.ended_at, s.last_active_at, s.reality_check_started_at, \(LimitsService.sessionLimitsColumns), t.*
                FROM play_sessions s \(LimitsService.sessionLimitsJoin(player: "s.player_id"))
                LEFT JOIN (\(BetHistoryService.totalsQuery(session: sessionID))) t ON 1 = 1
                WHERE s.id = \(bind: sessionID) ORDER BY t.currency, t.economy
                """).all()
        }
        guard let first = rows.first else { throw PlayhouseProblem(.notFound, .sessionNotFound) }
        return (try Times(sessionID, first), try BetHistoryService.SessionTotals(rows: rows), try LimitsService.sessionLimits(first, now: now))
    }

    /// A session's state at a moment. Times are compared to the millisecond: the database keeps
    /// them to the microsecond (PostgreSQL) or as a floating-point number (SQLite), not to the
    /// clock's last bit, so a check due "now" must not come a rounding error late.
    private struct State {
        var lastActive: Date
        var expiresAt: Date
        var alive: Bool
        /// Until the reality check is due, when checks are on; 0 or less once it is due.
        var realityCheckInMs: Int64?
        /// The session has lasted as long as the player's session time limit allows.
        var timeLimitReached = false

        init(_ session: Times, rules: Rules, now: Date) {
            lastActive = session.lastActiveAt ?? session.startedAt
            expiresAt = lastActive.addingTimeInterval(rules.inactivityTimeout)
            alive = session.endedAt == nil && Self.milliseconds(from: now, to: expiresAt) > 0
            if rules.realityCheckInterval > 0 {
                let dueAt = (session.realityCheckStartedAt ?? session.startedAt).addingTimeInterval(rules.realityCheckInterval)
                realityCheckInMs = Self.milliseconds(from: now, to: dueAt)
            }
            if let limit = rules.sessionTimeLimit {
                timeLimitReached = Self.milliseconds(from: session.startedAt, to: now) >= Int64((limit * 1000).rounded())
            }
        }

        var realityCheckDue: Bool { alive && realityCheckInMs.map { $0 <= 0 } == true }

        func realityCheck(_ rules: Rules) -> RealityCheckStatus {
            RealityCheckStatus(enabled: realityCheckInMs != nil, intervalSeconds: Int(rules.realityCheckInterval),
                               remainingMs: max(0, realityCheckInMs ?? 0), due: realityCheckDue)
        }

        static func milliseconds(from start: Date, to end: Date) -> Int64 {
            Int64((end.timeIntervalSince(start) * 1000).rounded())
        }
    }

    /// Time played, and the session's bets through the games' history.
    private func statistics(_ session: Times, _ state: State, _ totals: BetHistoryService.SessionTotals) -> SessionStatistics {
        let last = session.endedAt ?? (state.alive ? now : state.lastActive)
        let money = totals.lines.map { line in
            SessionMoney(currency: line.currency, economy: line.economy, wagered: MinorUnits.format(line.wagered, digits: line.digits),
                         won: MinorUnits.format(line.won, digits: line.digits), net: MinorUnits.format(line.won - line.wagered, digits: line.digits))
        }
        // Rounded: the database keeps times to the microsecond, not to the clock's last bit.
        return SessionStatistics(secondsPlayed: max(0, Int(last.timeIntervalSince(session.startedAt).rounded())), bets: totals.bets, money: money)
    }
}
