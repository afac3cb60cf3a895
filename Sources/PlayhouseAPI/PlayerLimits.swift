import Foundation

/// How far back a money limit looks: the last 24 hours, 7 days or 30 days (rolling windows).
public enum LimitPeriod: String, Codable, Sendable, CaseIterable, Comparable {
    case daily
    case weekly
    case monthly

    /// The window's length.
    public var seconds: TimeInterval {
        switch self {
        case .daily: 24 * 3600
        case .weekly: 7 * 24 * 3600
        case .monthly: 30 * 24 * 3600
        }
    }

    public static func < (lhs: LimitPeriod, rhs: LimitPeriod) -> Bool { lhs.seconds < rhs.seconds }
}

/// A deposit or loss limit in force, with what the window has used of it.
public struct MoneyLimit: Codable, Sendable, Equatable {
    public var currency: String
    public var period: LimitPeriod
    /// The most the player may deposit (or lose: stakes minus payouts) in the window.
    @DecimalString public var amount: Decimal
    /// Deposited (or lost) in the window so far.
    @DecimalString public var used: Decimal
    /// What is left; 0 once the limit is reached.
    @DecimalString public var remaining: Decimal

    /// The amounts as the wire writes them (`"50.00"`).
    public init(currency: String, period: LimitPeriod, amount: String, used: String, remaining: String) {
        self.currency = currency
        self.period = period
        _amount = DecimalString(text: amount)
        _used = DecimalString(text: used)
        _remaining = DecimalString(text: remaining)
    }
}

/// A change that loosens a limit: it waits out a 24-hour cooling period before it applies.
public struct PendingLimitChange: Codable, Sendable, Equatable {
    /// The limit it changes: `reality_check_interval_seconds`, `session_time_limit_seconds`,
    /// `deposit_limit.<period>.<currency>` or `loss_limit.<period>.<currency>`.
    public var limit: String
    /// The new value (seconds or a decimal amount); nil removes the limit.
    public var value: String?
    public var effectiveAt: Date

    public init(limit: String, value: String?, effectiveAt: Date) {
        self.limit = limit
        self.value = value
        self.effectiveAt = effectiveAt
    }

    enum CodingKeys: String, CodingKey {
        case effectiveAt = "effective_at", limit, value
    }
}

/// The player's responsible-play limits, as `GET /v1/me/limits` answers them.
public struct PlayerLimits: Codable, Sendable, Equatable {
    /// How often the player is shown a reality check; nil: the server's default.
    public var realityCheckIntervalSeconds: Int?
    /// The longest a play session may last; nil: no limit.
    public var sessionTimeLimitSeconds: Int?
    public var depositLimits: [MoneyLimit]
    public var lossLimits: [MoneyLimit]
    /// No deposits or bets until then (a short break the player chose).
    public var coolOffUntil: Date?
    /// No deposits or bets until then; it cannot be lifted early.
    public var selfExcludedUntil: Date?
    /// Loosening changes waiting out their 24 hours.
    public var pending: [PendingLimitChange]

    public init(realityCheckIntervalSeconds: Int? = nil, sessionTimeLimitSeconds: Int? = nil, depositLimits: [MoneyLimit] = [],
                lossLimits: [MoneyLimit] = [], coolOffUntil: Date? = nil, selfExcludedUntil: Date? = nil, pending: [PendingLimitChange] = []) {
        self.realityCheckIntervalSeconds = realityCheckIntervalSeconds
        self.sessionTimeLimitSeconds = sessionTimeLimitSeconds
        self.depositLimits = depositLimits
        self.lossLimits = lossLimits
        self.coolOffUntil = coolOffUntil
        self.selfExcludedUntil = selfExcludedUntil
        self.pending = pending
    }

    enum CodingKeys: String, CodingKey {
        case coolOffUntil = "cool_off_until", depositLimits = "deposit_limits", lossLimits = "loss_limits", pending,
            realityCheckIntervalSeconds = "reality_check_interval_seconds", selfExcludedUntil = "self_excluded_until",
            sessionTimeLimitSeconds = "session_time_limit_seconds"
    }
}

/// A field of ``LimitsUpdate``: left as it is, cleared, or set.
public enum LimitChange<Value: Codable & Sendable & Equatable>: Sendable, Equatable {
    case unchanged
    case remove
    case set(Value)
}

/// One money limit to set (`amount`) or remove (`amount` nil).
public struct MoneyLimitChange: Codable, Sendable, Equatable {
    public var currency: String
    public var period: LimitPeriod
    public var amount: String?

    public init(currency: String, period: LimitPeriod, amount: String?) {
        self.currency = currency
        self.period = period
        self.amount = amount
    }
}

/// The body of `PUT /v1/me/limits`. A field left out stays as it is; `null` removes the limit.
/// Tightening applies at once; loosening (a higher amount, a longer interval, removing a limit)
/// only after 24 hours. Cool-off and self-exclusion can be extended, never shortened.
public struct LimitsUpdate: Codable, Sendable, Equatable {
    public var realityCheckIntervalSeconds: LimitChange<Int>
    public var sessionTimeLimitSeconds: LimitChange<Int>
    public var depositLimits: [MoneyLimitChange]
    public var lossLimits: [MoneyLimitChange]
    public var coolOffUntil: LimitChange<Date>
    public var selfExcludedUntil: LimitChange<Date>

    public init(realityCheckIntervalSeconds: LimitChange<Int> = .unchanged, sessionTimeLimitSeconds: LimitChange<Int> = .unchanged,
                depositLimits: [MoneyLimitChange] = [], lossLimits: [MoneyLimitChange] = [],
                coolOffUntil: LimitChange<Date> = .unchanged, selfExcludedUntil: LimitChange<Date> = .unchanged) {
        self.realityCheckIntervalSeconds = realityCheckIntervalSeconds
        self.sessionTimeLimitSeconds = sessionTimeLimitSeconds
        self.depositLimits = depositLimits
        self.lossLimits = lossLimits
        self.coolOffUntil = coolOffUntil
        self.selfExcludedUntil = selfExcludedUntil
    }

    typealias CodingKeys = PlayerLimits.CodingKeys

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        func change<T>(_ key: CodingKeys) throws -> LimitChange<T> {
            guard container.contains(key) else { return .unchanged }
            if try container.decodeNil(forKey: key) { return .remove }
            return .set(try container.decode(T.self, forKey: key))
        }
        realityCheckIntervalSeconds = try change(.realityCheckIntervalSeconds)
        sessionTimeLimitSeconds = try change(.sessionTimeLimitSeconds)
        depositLimits = try container.decodeIfPresent([MoneyLimitChange].self, forKey: .depositLimits) ?? []
        lossLimits = try container.decodeIfPresent([MoneyLimitChange].self, forKey: .lossLimits) ?? []
        coolOffUntil = try change(.coolOffUntil)
        selfExcludedUntil = try change(.selfExcludedUntil)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        func encode<T>(_ change: LimitChange<T>, _ key: CodingKeys) throws {
            switch change {
            case .unchanged: break
            case .remove: try container.encodeNil(forKey: key)
            case .set(let value): try container.encode(value, forKey: key)
            }
        }
        try encode(realityCheckIntervalSeconds, .realityCheckIntervalSeconds)
        try encode(sessionTimeLimitSeconds, .sessionTimeLimitSeconds)
        if !depositLimits.isEmpty { try container.encode(depositLimits, forKey: .depositLimits) }
        if !lossLimits.isEmpty { try container.encode(lossLimits, forKey: .lossLimits) }
        try encode(coolOffUntil, .coolOffUntil)
        try encode(selfExcludedUntil, .selfExcludedUntil)
    }
}

/// `GET /v1/can-i-gamble`: whether the player may deposit and bet now and, if not, every reason.
public struct GambleVerdict: Codable, Sendable, Equatable {
    public var allowed: Bool
    public var reasons: [GambleReason]

    public init(allowed: Bool, reasons: [GambleReason]) {
        self.allowed = allowed
        self.reasons = reasons
    }
}

/// One reason a player may not play now.
public struct GambleReason: Codable, Sendable, Equatable {
    /// `self_excluded`, `cooling_off`, `under_minimum_age`, `profile_incomplete`,
    /// `session_time_limit_reached`, `loss_limit_reached`, `reality_check_due` or `session_expired`.
    public var code: ErrorCode
    /// Localised, for showing to the player.
    public var detail: String
    /// When the reason ends by itself, if it does.
    public var until: Date?

    public init(code: ErrorCode, detail: String, until: Date? = nil) {
        self.code = code
        self.detail = detail
        self.until = until
    }
}
