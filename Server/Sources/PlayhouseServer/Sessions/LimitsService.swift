import Foundation
import PlayhouseAPI
import SQLKit

/// A player's responsible-play limits: reads them, changes them by the rules (tightening at once,
/// loosening after a 24-hour cooling period, cool-off and self-exclusion never shortened), and
/// says how much of each money limit its window has used.
struct LimitsService: Sendable {
    let store: Store
    let now: Date

    /// How long a loosening change waits before it applies.
    static let coolingPeriod: TimeInterval = 24 * 3600
    /// The longest cool-off; a longer break is a self-exclusion.
    static let longestCoolOff: TimeInterval = 42 * 24 * 3600
    static let intervals = 60...(24 * 3600)

    /// The player's limits now. (A bet and a deposit read them with what they bet or pay in: ``along(playerID:)``.)
    func limits(playerID: UUID) async throws -> Limits {
        try Self.limits(try await store.read { sql in try await Self.rows(playerID, on: sql) }, now: now)
    }

    /// A player's limits, a row each, as columns of a query whose player column is `player`: a bet
    /// reads them with its session. A player without limits has one row, of nulls.
    static func limitsJoin(player: String) -> SQLQueryString {
        "LEFT JOIN player_limits \(SQLAlias.playerLimit) ON \(SQLAlias.playerLimit).player_id = \(unsafeRaw: player)"
    }

    /// The limits of the player `playerID`, read along with another feature's row (a bet's game, a
    /// deposit's currency): a row each, or one of nulls; ``limits(_:now:)`` reads them.
    static func along(playerID: UUID) -> ReadAlong {
        ReadAlong(columns: limitsColumns, join: "LEFT JOIN player_limits \(SQLAlias.playerLimit) ON \(SQLAlias.playerLimit).player_id = \(bind: playerID)")
    }

    /// The columns of a limit's row (``limitsJoin(player:)``'s, or the table's aliased ``SQLAlias/playerLimit``).
    static let limitsColumns: SQLQueryString = """
        \(SQLAlias.playerLimit).name AS limit_name, \(SQLAlias.playerLimit).value AS limit_value, \
        \(SQLAlias.playerLimit).pending_value AS limit_pending_value, \(SQLAlias.playerLimit).pending_at AS limit_pending_at
        """

    /// The limits of rows with ``limitsColumns``, as they stand `now`.
    static func limits(_ rows: [any SQLRow], now: Date) throws -> Limits {
        Limits(try rows.compactMap { row in
            guard let name = try row.decode(column: "limit_name", as: String?.self) else { return nil }
            return Limits.Row(name: name, value: try row.decode(column: "limit_value", as: Int64?.self),
                              pendingValue: try row.decode(column: "limit_pending_value", as: Int64?.self),
                              pendingAt: try row.decode(column: "limit_pending_at", as: Date?.self))
        }, now: now)
    }

    /// The two limits a play session runs by (its reality-check interval and session time limit),
    /// as columns of a query whose player column is `player`: a heartbeat reads them with its session.
    static func sessionLimitsJoin(player: String) -> SQLQueryString {
        """
        LEFT JOIN player_limits \(SQLAlias.realityCheckLimit) ON \(SQLAlias.realityCheckLimit).player_id = \(unsafeRaw: player)
            AND \(SQLAlias.realityCheckLimit).name = \(bind: LimitName.realityCheckInterval.key)
        LEFT JOIN player_limits \(SQLAlias.sessionTimeLimit) ON \(SQLAlias.sessionTimeLimit).player_id = \(unsafeRaw: player)
            AND \(SQLAlias.sessionTimeLimit).name = \(bind: LimitName.sessionTime.key)
        """
    }

    /// What ``sessionLimitsJoin(player:)`` adds to the query's columns.
    static let sessionLimitsColumns: SQLQueryString = """
        \(SQLAlias.realityCheckLimit).value AS rc_value, \(SQLAlias.realityCheckLimit).pending_value AS rc_pending_value, \
        \(SQLAlias.realityCheckLimit).pending_at AS rc_pending_at, \(SQLAlias.sessionTimeLimit).value AS st_value, \
        \(SQLAlias.sessionTimeLimit).pending_value AS st_pending_value, \(SQLAlias.sessionTimeLimit).pending_at AS st_pending_at
        """

    /// The session limits of a row of a query with ``sessionLimitsColumns``, as they stand `now`.
    static func sessionLimits(_ row: any SQLRow, now: Date) throws -> Limits {
        Limits(try [(LimitName.realityCheckInterval, "rc"), (.sessionTime, "st")].map { name, alias in
            Limits.Row(name: name.key, value: try row.decode(column: alias + "_value", as: Int64?.self),
                       pendingValue: try row.decode(column: alias + "_pending_value", as: Int64?.self),
                       pendingAt: try row.decode(column: alias + "_pending_at", as: Date?.self))
        }, now: now)
    }

    /// Applies `update`: every change is checked first, and then all are written together, or none.
    func update(_ update: LimitsUpdate, playerID: UUID, appID: UUID) async throws -> Limits {
        let changes = try await validate(update, appID: appID)
        let now = self.now
        return try await store.transaction { sql in
            // One change at a time per player, each on the limits the one before left.
            try await PlayerService.lock(playerID, on: sql)
            let current = try Self.limits(try await Self.rows(playerID, on: sql), now: now)
            for (name, value) in changes {
                let inForce = current.values[name]
                var (stored, pendingValue, pendingAt): (Int64?, Int64?, Date?) = (inForce, nil, nil)
                if Self.isTighter(value, than: inForce, name) {
                    stored = value
                } else if name.isExclusion {
                    // Shortening or lifting a cool-off or self-exclusion in force is never allowed.
                    throw PlayhouseProblem(.conflict, .limitLocked, parameters: ["limit": name.key], limit: name.key)
                } else {
                    pendingValue = value
                    // To the whole second: what the API shows is when it applies.
                    pendingAt = Date(timeIntervalSince1970: now.addingTimeInterval(Self.coolingPeriod).timeIntervalSince1970.rounded(.up))
                }
                if stored == nil && pendingAt == nil {
                    try await sql.raw("DELETE FROM player_limits WHERE player_id = \(bind: playerID) AND name = \(bind: name.key)").run()
                } else {
                    try await sql.raw("""
                        INSERT INTO player_limits (id, player_id, name, value, pending_value, pending_at)
                        VALUES (\(bind: UUID.random()), \(bind: playerID), \(bind: name.key), \(bind: stored), \(bind: pendingValue), \(bind: pendingAt))
                        ON CONFLICT (player_id, name) DO UPDATE
                        SET value = excluded.value, pending_value = excluded.pending_value, pending_at = excluded.pending_at
                        """).run()
                }
            }
            return try Self.limits(try await Self.rows(playerID, on: sql), now: now)
        }
    }

    /// The player's limit rows, a row each (none without limits), with ``limitsColumns``.
    private static func rows(_ playerID: UUID, on sql: any SQLDatabase) async throws -> [any SQLRow] {
        try await sql.raw("""
            SELECT \(limitsColumns) FROM player_limits \(SQLAlias.playerLimit) WHERE \(SQLAlias.playerLimit).player_id = \(bind: playerID)
            """).all()
    }

    /// Tightening (or keeping) applies at once: a smaller amount or interval, a later exclusion end.
    /// No limit is the loosest of all.
    static func isTighter(_ new: Int64?, than old: Int64?, _ name: LimitName) -> Bool {
        guard let new else { return old == nil }
        guard let old else { return true }
        return name.isExclusion ? new >= old : new <= old
    }

    /// The changes `update` asks for, in the stored units; throws a validation problem naming every bad field.
    private func validate(_ update: LimitsUpdate, appID: UUID) async throws -> [(LimitName, Int64?)] {
        var changes: [(LimitName, Int64?)] = []
        var fields: [PlayhouseProblem.Field] = []
        func seconds(_ change: LimitChange<Int>, _ name: LimitName) {
            switch change {
            case .unchanged: return
            case .remove: changes.append((name, nil))
            case .set(let value):
                if Self.intervals.contains(value) { changes.append((name, Int64(value))) } else {
                    fields.append(.init(name: name.key, code: "out_of_range", parameters: ["min": "\(Self.intervals.lowerBound)", "max": "\(Self.intervals.upperBound)"]))
                }
            }
        }
        func date(_ change: LimitChange<Date>, _ name: LimitName, longest: TimeInterval) {
            switch change {
            case .unchanged: return
            case .remove: changes.append((name, nil))
            case .set(let date):
                guard date > now, date.timeIntervalSince(now) <= longest else {
                    fields.append(.init(name: name.key, code: "invalid_value"))
                    return
                }
                changes.append((name, Int64(date.timeIntervalSince1970.rounded(.up))))
            }
        }
        seconds(update.realityCheckIntervalSeconds, .realityCheckInterval)
        seconds(update.sessionTimeLimitSeconds, .sessionTime)
        date(update.coolOffUntil, .coolOff, longest: Self.longestCoolOff)
        date(update.selfExcludedUntil, .selfExclusion, longest: 100 * 366 * 24 * 3600)

        let currencies = try await CurrencyService(store: store).list(appID: appID)
        for (field, list, loss) in [("deposit_limits", update.depositLimits, false), ("loss_limits", update.lossLimits, true)] {
            var seen = Set<LimitName>()
            for (index, change) in list.enumerated() {
                let path = "\(field)[\(index)]"
                let code = change.currency.uppercased()
                // Deposits are of real money only; losses of anything a bet can stake.
                guard let currency = currencies.first(where: { $0.code == code }), loss || currency.kind == .real else {
                    fields.append(.init(name: path + ".currency", code: "invalid_value"))
                    continue
                }
                let name: LimitName = loss ? .loss(change.period, currency: code) : .deposit(change.period, currency: code)
                guard seen.insert(name).inserted else {
                    fields.append(.init(name: path, code: "invalid_value"))
                    continue
                }
                guard let amount = change.amount else {
                    changes.append((name, nil))
                    continue
                }
                switch MinorUnits.parse(amount, digits: currency.minorUnits) {
                case .success(let minor): changes.append((name, minor))
                case .failure(let error): fields.append(error.problem(field: path + ".amount").fields.first ?? .init(name: path + ".amount", code: "invalid_value"))
                }
            }
        }
        guard fields.isEmpty else { throw PlayhouseProblem.validation(fields) }
        return changes
    }

    /// What the window of a money limit has used so far, read outside any transaction.
    private func used(loss: Bool, playerID: UUID, currency: String, period: LimitPeriod) async throws -> Int64 {
        let now = self.now
        return try await store.read { sql in try await Self.used(loss: loss, playerID: playerID, currency: currency, period: period, now: now, on: sql) }
    }

    /// The limits as the API shows them, with what each money limit's window has used.
    func wire(_ limits: Limits, playerID: UUID, appID: UUID) async throws -> PlayerLimits {
        let currencies = try await CurrencyService(store: store).list(appID: appID)
        var wire = PlayerLimits(realityCheckIntervalSeconds: limits.realityCheckInterval.map(Int.init),
                                sessionTimeLimitSeconds: limits.sessionTimeLimit.map(Int.init),
                                coolOffUntil: limits.until(.coolOff), selfExcludedUntil: limits.until(.selfExclusion))
        for code in limits.moneyCurrencies {
            let digits = currencies.info(for: code).minorUnits
            for loss in [false, true] {
                for (period, amount) in limits.money(loss: loss, currency: code) {
                    let used = try await used(loss: loss, playerID: playerID, currency: code, period: period)
                    let line = MoneyLimit(currency: code, period: period, amount: MinorUnits.format(amount, digits: digits),
                                          used: MinorUnits.format(max(used, 0), digits: digits),
                                          remaining: MinorUnits.format(max(amount - used, 0), digits: digits))
                    if loss { wire.lossLimits.append(line) } else { wire.depositLimits.append(line) }
                }
            }
        }
        wire.pending = limits.pending.map { name, change in
            let value = change.value.map { value -> String in
                switch name {
                case .deposit(_, let code), .loss(_, let code): MinorUnits.format(value, digits: currencies.info(for: code).minorUnits)
                default: String(value)
                }
            }
            return PendingLimitChange(limit: name.key, value: value, effectiveAt: change.at)
        }.sorted { $0.limit < $1.limit }
        return wire
    }

    /// The loss limits the player has used up: no stake at all fits under them.
    func lossLimitsReached(_ limits: Limits, playerID: UUID, appID: UUID) async throws -> [PlayhouseProblem] {
        let currencies = try await CurrencyService(store: store).list(appID: appID)
        var reached: [PlayhouseProblem] = []
        for code in limits.moneyCurrencies {
            for (period, amount) in limits.money(loss: true, currency: code) {
                guard try await used(loss: true, playerID: playerID, currency: code, period: period) >= amount
                else { continue }
                reached.append(PlayhouseProblem(.forbidden, .lossLimitReached, message: "loss_limit_reached." + period.rawValue,
                                                parameters: ["amount": MinorUnits.format(amount, digits: currencies.info(for: code).minorUnits),
                                                             "currency": code],
                                                limit: LimitName.loss(period, currency: code).key))
            }
        }
        return reached
    }

    /// Deposited (through the wallet) or lost (through the games' bets) in `currency` within
    /// `period` before `now`. A loss may be negative: the player is ahead.
    static func used(loss: Bool, playerID: UUID, currency: String, period: LimitPeriod, now: Date, on sql: any SQLDatabase) async throws -> Int64 {
        let since = now.addingTimeInterval(-period.seconds)
        return loss
            ? try await BetHistoryService.lost(playerID: playerID, currency: currency, since: since, on: sql)
            : try await PaymentService.deposited(playerID: playerID, currency: currency, since: since, on: sql)
    }
}
