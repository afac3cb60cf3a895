import Foundation
import PlayhouseAPI
import SQLKit

/// The player's own part of whether they may deposit and bet (``PlayPermission`` asks): the app's
/// minimum age, cool-off, self-exclusion, and (inside the money transaction) the deposit and loss
/// limits. The play session's own rules (expiry, reality checks, session time) are ``SessionService``'s.
struct ResponsiblePlay: Sendable {
    let players: PlayerService
    let now: Date

    /// One thing that keeps the player from playing now, and when it ends by itself, if it does.
    struct Refusal: Sendable {
        var problem: PlayhouseProblem
        var until: Date?
    }

    /// Everything about the player (not the session) that keeps them from playing now, most lasting first.
    func refusals(app: AppRecord, playerID: UUID, limits: Limits) async throws -> [Refusal] {
        var refusals: [Refusal] = []
        if let until = limits.until(.selfExclusion) {
            refusals.append(Refusal(problem: PlayhouseProblem(.forbidden, .selfExcluded, parameters: ["until": Self.day(until)],
                                                              limit: LimitName.selfExclusion.key), until: until))
        }
        if let until = limits.until(.coolOff) {
            refusals.append(Refusal(problem: PlayhouseProblem(.forbidden, .coolingOff, parameters: ["until": Self.day(until)],
                                                              limit: LimitName.coolOff.key), until: until))
        }
        if let minimumAge = app.minimumAge {
            let birthDate = try await players.find(playerID, appID: app.id)?.birthDate
            if let age = birthDate.flatMap({ Self.age(birthDate: $0, now: now) }) {
                if age < minimumAge {
                    refusals.append(Refusal(problem: PlayhouseProblem(.forbidden, .underMinimumAge, parameters: ["age": String(minimumAge)])))
                }
            } else {
                refusals.append(Refusal(problem: PlayhouseProblem(.forbidden, .profileIncomplete, parameters: ["age": String(minimumAge)])))
            }
        }
        return refusals
    }

    /// Refuses a deposit of `amount` that would take the player past a deposit limit. Inside the
    /// money transaction, it takes the player's lock first, so that simultaneous deposits and bets of
    /// the player, on any server instance, cannot both slip under a limit.
    static func checkDeposit(_ amount: Int64, currency: CurrencyInfo, playerID: UUID, limits: Limits, now: Date, on sql: any SQLDatabase) async throws {
        try await check(amount, loss: false, currency: currency, playerID: playerID, limits: limits, now: now, on: sql)
    }

    /// Refuses a bet whose stake could take the player past a loss limit (were it lost), the same way.
    static func checkStake(_ stake: Int64, currency: CurrencyInfo, playerID: UUID, limits: Limits, now: Date, on sql: any SQLDatabase) async throws {
        try await check(stake, loss: true, currency: currency, playerID: playerID, limits: limits, now: now, on: sql)
    }

    private static func check(_ amount: Int64, loss: Bool, currency: CurrencyInfo, playerID: UUID, limits: Limits, now: Date,
                              on sql: any SQLDatabase) async throws {
        let applicable = limits.money(loss: loss, currency: currency.code)
        guard !applicable.isEmpty else { return }
        try await PlayerService.lock(playerID, on: sql)
        for (period, limit) in applicable {
            let used = try await LimitsService.used(loss: loss, playerID: playerID, currency: currency.code, period: period, now: now, on: sql)
            guard used + amount > limit else { continue }
            let name: LimitName = loss ? .loss(period, currency: currency.code) : .deposit(period, currency: currency.code)
            throw PlayhouseProblem(.forbidden, loss ? .lossLimitExceeded : .depositLimitExceeded,
                                   message: (loss ? "loss_limit_exceeded." : "deposit_limit_exceeded.") + period.rawValue,
                                   parameters: ["amount": MinorUnits.format(limit, digits: currency.minorUnits), "currency": currency.code,
                                                "remaining": MinorUnits.format(max(limit - used, 0), digits: currency.minorUnits)],
                                   limit: name.key)
        }
    }

    /// Whole years from a `YYYY-MM-DD` birth date to `now` (in UTC); nil for a date that is not one.
    static func age(birthDate: String, now: Date) -> Int? {
        let numbers = birthDate.split(separator: "-").compactMap { Int($0) }
        guard numbers.count == 3 else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        guard let born = calendar.date(from: DateComponents(year: numbers[0], month: numbers[1], day: numbers[2])) else { return nil }
        return calendar.dateComponents([.year], from: born, to: now).year
    }

    private static func day(_ date: Date) -> String {
        RFC3339.format(date)
    }
}
