import Fluent
import Foundation
import PlayhouseAPI

/// Names a limit. Its key is how the API names it (a problem's `limit`, a pending change's
/// `limit`) and how the database stores it.
enum LimitName: Hashable, Sendable {
    case realityCheckInterval
    case sessionTime
    case deposit(LimitPeriod, currency: String)
    case loss(LimitPeriod, currency: String)
    case coolOff
    case selfExclusion

    var key: String {
        switch self {
        case .realityCheckInterval: "reality_check_interval_seconds"
        case .sessionTime: "session_time_limit_seconds"
        case .deposit(let period, let currency): "deposit_limit.\(period.rawValue).\(currency)"
        case .loss(let period, let currency): "loss_limit.\(period.rawValue).\(currency)"
        case .coolOff: "cool_off_until"
        case .selfExclusion: "self_excluded_until"
        }
    }

    init?(key: String) {
        switch key {
        case "reality_check_interval_seconds": self = .realityCheckInterval
        case "session_time_limit_seconds": self = .sessionTime
        case "cool_off_until": self = .coolOff
        case "self_excluded_until": self = .selfExclusion
        default:
            let parts = key.split(separator: ".").map(String.init)
            guard parts.count == 3, let period = LimitPeriod(rawValue: parts[1]) else { return nil }
            switch parts[0] {
            case "deposit_limit": self = .deposit(period, currency: parts[2])
            case "loss_limit": self = .loss(period, currency: parts[2])
            default: return nil
            }
        }
    }

    /// A date the player is kept out until: later is stricter, and it is never shortened.
    var isExclusion: Bool { self == .coolOff || self == .selfExclusion }
}

/// A player's limits as they stand at a moment: the values in force (a pending change whose
/// 24 hours are over counts as in force) and the changes still waiting.
struct Limits: Sendable {
    var values: [LimitName: Int64] = [:]
    var pending: [LimitName: (value: Int64?, at: Date)] = [:]

    init() {}

    /// A limit's row as stored.
    struct Row: Sendable {
        var name: String
        var value: Int64?
        var pendingValue: Int64?
        var pendingAt: Date?
    }

    init(_ rows: [Row], now: Date) {
        for row in rows {
            guard let name = LimitName(key: row.name) else { continue }
            var value = row.value
            if let at = row.pendingAt {
                if at <= now { value = row.pendingValue } else { pending[name] = (row.pendingValue, at) }
            }
            if let value, !(name.isExclusion && Date(timeIntervalSince1970: TimeInterval(value)) <= now) { values[name] = value }
        }
    }

    var realityCheckInterval: TimeInterval? { values[.realityCheckInterval].map(TimeInterval.init) }
    var sessionTimeLimit: TimeInterval? { values[.sessionTime].map(TimeInterval.init) }
    /// The end of a cool-off or self-exclusion in force.
    func until(_ name: LimitName) -> Date? { values[name].map { Date(timeIntervalSince1970: TimeInterval($0)) } }

    /// The deposit (`loss: false`) or loss limits in force for `currency`, shortest period first.
    func money(loss: Bool, currency: String) -> [(period: LimitPeriod, amount: Int64)] {
        LimitPeriod.allCases.compactMap { period in
            values[loss ? .loss(period, currency: currency) : .deposit(period, currency: currency)].map { (period, $0) }
        }
    }

    /// Every currency with a deposit or loss limit in force.
    var moneyCurrencies: [String] {
        Set(values.keys.compactMap { name -> String? in
            switch name {
            case .deposit(_, let currency), .loss(_, let currency): currency
            default: nil
            }
        }).sorted()
    }
}
