import Foundation
import PlayhouseAPI

/// Who asks a placement for content, as far as the campaigns' rules care.
struct Audience: Sendable {
    /// Whose displays count against the caps: `p:<player id>`, or `i:<app id>:<installation id>`.
    var subject: String
    /// What the rollout hashes: the player's id, or the installation's.
    var rolloutKey: String
    /// The play session (or, without a player, the installation's open) per-session caps count in.
    var sessionKey: String
    var platform: String?
    var appVersion: String?
    var locale: String?
    var country: String?
    var firstOpenedAt: Date?
    var properties: [String: String] = [:]
    /// Whether the player has deposited; false for an installation with no player.
    var hasDeposited = false
    /// How often each campaign was displayed to the subject, by campaign id.
    var displays: [UUID: DisplayCounts] = [:]
    /// The session of the subject's latest display, for an explanation that knows no session.
    var latestSessionKey: String?
}

/// How often one subject was shown one campaign: on its last day of displays, in its last
/// session, and in all.
struct DisplayCounts: Sendable, Equatable {
    var day: String
    var dayCount: Int
    var sessionKey: String
    var sessionCount: Int
    var total: Int

    func today(_ day: String) -> Int { self.day == day ? dayCount : 0 }
    func inSession(_ key: String) -> Int { sessionKey == key ? sessionCount : 0 }
}

/// The decision: which campaign of a placement shows its unit to an audience at a moment. The
/// same inputs give the same answer on every instance. In order:
///
/// 1. **Schedule.** A campaign runs from `starts_at` (included) to `ends_at` (excluded).
/// 2. **Targeting.** Every condition it sets holds: platform, app version range, locale (a
///    language matches its regions), country (the open's, else the locale's region), installation
///    age in whole days, each property, depositors or not, and the rollout: ``hash(_:)`` of
///    `<campaign id>:<player or installation id>` modulo 100 below the percentage.
/// 3. **Caps.** The audience's displays of the campaign today (UTC), in this session and in all
///    are below its caps.
/// 4. **Priority.** Of the campaigns still eligible, those of the highest priority remain.
/// 5. **Weight.** One of those is drawn by weight, with ``hash(_:)`` of `<subject>:<placement>:<day>` as
///    the draw, over the campaigns in the order of their ids: the same player gets the same one
///    all day.
enum PlacementDecision {
    /// The campaign `audience` is shown on `placement` at `now`; nil when none qualifies. One pass
    /// that keeps the best priority's campaigns by index, copying none.
    static func decide(_ campaigns: [Campaign], placement: String, for audience: Audience, at now: Date) -> Campaign? {
        let day = Self.day(now)
        var top = Int.min, tied: [Int] = []
        for index in campaigns.indices where campaigns[index].priority >= top && qualifies(campaigns[index], audience, now: now, day: day) {
            if campaigns[index].priority > top {
                top = campaigns[index].priority
                tied.removeAll(keepingCapacity: true)
            }
            tied.append(index)
        }
        return pick(tied.map { campaigns[$0] }, placement: placement, audience: audience, day: day)
    }

    /// The chosen campaign (nil when none qualifies) and a verdict for each campaign, in the order
    /// given, with every reason a campaign lost.
    static func explain(_ campaigns: [Campaign], placement: String, for audience: Audience, at now: Date)
        -> (chosen: Campaign?, verdicts: [CampaignVerdict]) {
        let day = Self.day(now)
        var reasons = campaigns.map { reasonsAgainst($0, audience, now: now, day: day) }
        let eligible = campaigns.indices.filter { reasons[$0].isEmpty }
        let chosen = pick(eligible.map { campaigns[$0] }, placement: placement, audience: audience, day: day)
        if let chosen {
            for index in eligible where campaigns[index].id != chosen.id {
                reasons[index] = [campaigns[index].priority < chosen.priority
                                  ? "lower_priority (\(campaigns[index].priority) < \(chosen.priority))" : "lost_weighted_draw"]
            }
        }
        let verdicts = campaigns.indices.map { index in
            CampaignVerdict(campaign: campaigns[index].slug, unit: campaigns[index].unitSlug, priority: campaigns[index].priority,
                            weight: campaigns[index].weight, eligible: reasons[index].isEmpty, reasons: reasons[index])
        }
        return (chosen, verdicts)
    }

    /// The campaigns whose units the audience would be shown by schedule, targeting and caps,
    /// whatever their priority.
    static func eligible(_ campaigns: [Campaign], for audience: Audience, at now: Date) -> [Campaign] {
        let day = Self.day(now)
        return campaigns.filter { qualifies($0, audience, now: now, day: day) }
    }

    /// Of `eligible`, those of the highest priority, and one of them drawn by weight.
    private static func pick(_ eligible: [Campaign], placement: String, audience: Audience, day: String) -> Campaign? {
        guard let top = eligible.map(\.priority).max() else { return nil }
        let tied = eligible.filter { $0.priority == top }.sorted { $0.slug < $1.slug }
        guard tied.count > 1 else { return tied.first }
        return draw(tied.indices.map { $0 }, weights: tied.map { max($0.weight, 0) }, seed: "\(audience.subject):\(placement):\(day)").map { tied[$0] }
    }

    /// Whether `campaign` may be shown: no rule against it.
    static func qualifies(_ campaign: Campaign, _ audience: Audience, now: Date, day: String) -> Bool {
        var qualifies = true
        check(campaign, audience, now: now, day: day) { _ in
            qualifies = false
            return true
        }
        return qualifies
    }

    /// Every reason `campaign` may not be shown; none when it may.
    static func reasonsAgainst(_ campaign: Campaign, _ audience: Audience, now: Date, day: String) -> [String] {
        var reasons: [String] = []
        check(campaign, audience, now: now, day: day) { reason in
            reasons.append(reason())
            return false
        }
        return reasons
    }

    /// Walks the rules in order; for each that `campaign` breaks it calls `broken`, which makes
    /// the reason's words only when it wants them, and stops when `broken` answers true.
    private static func check(_ campaign: Campaign, _ audience: Audience, now: Date, day: String,
                              broken: (@autoclosure () -> String) -> Bool) {
        if let start = campaign.startsAt, now < start, broken("not_started (starts \(RFC3339.format(start)))") { return }
        if let end = campaign.endsAt, now >= end, broken("ended (ended \(RFC3339.format(end)))") { return }
        let rules = campaign.targeting
        if let platforms = rules.platforms, !platforms.contains(where: { $0.caseInsensitiveEquals(audience.platform) }),
           broken("platform (\(audience.platform ?? "unknown") not in \(platforms.joined(separator: ", ")))") { return }
        if campaign.minVersion != nil || campaign.maxVersion != nil {
            let version = audience.appVersion.flatMap(AppVersion.init)
            if version == nil || campaign.minVersion.map({ version! < $0 }) == true || campaign.maxVersion.map({ version! > $0 }) == true,
               broken("app_version (\(audience.appVersion ?? "unknown") outside \(rules.appVersion?.min ?? "")…\(rules.appVersion?.max ?? ""))") {
                return
            }
        }
        if let locales = rules.locales, !locales.contains(where: { localeMatches($0, audience.locale) }),
           broken("locale (\(audience.locale ?? "unknown") not in \(locales.joined(separator: ", ")))") { return }
        if let countries = rules.countries {
            let country = audience.country ?? region(of: audience.locale)
            if !countries.contains(where: { $0.caseInsensitiveEquals(country) }),
               broken("country (\(country ?? "unknown") not in \(countries.joined(separator: ", ")))") { return }
        }
        if let bounds = rules.installationAgeDays {
            let age = audience.firstOpenedAt.map { Int(now.timeIntervalSince($0) / 86400) }
            if age == nil || bounds.min.map({ age! < $0 }) == true || bounds.max.map({ age! > $0 }) == true,
               broken("installation_age (\(age.map { "\($0) days" } ?? "unknown") outside \(bounds.min.map(String.init) ?? "")…\(bounds.max.map(String.init) ?? ""))") {
                return
            }
        }
        for (name, values) in (rules.properties ?? [:]).sorted(by: { $0.key < $1.key })
        where !values.contains(where: { $0 == audience.properties[name] }) {
            if broken("property \(name) (\(audience.properties[name] ?? "unset") not in \(values.joined(separator: ", ")))") { return }
        }
        if let depositors = rules.depositors, depositors != audience.hasDeposited,
           broken(depositors ? "depositors (has not deposited)" : "depositors (has deposited)") { return }
        if let rollout = rules.rollout {
            let bucket = Self.bucket("\(campaign.id.uuidString.lowercased()):\(audience.rolloutKey)")
            if bucket >= rollout, broken("rollout (bucket \(bucket) not below \(rollout))") { return }
        }
        let counts = audience.displays[campaign.id]
        if let cap = campaign.caps.perDay, (counts?.today(day) ?? 0) >= cap, broken("cap_per_day (\(cap) reached)") { return }
        if let cap = campaign.caps.perSession, (counts?.inSession(audience.sessionKey) ?? 0) >= cap,
           broken("cap_per_session (\(cap) reached)") { return }
        if let cap = campaign.caps.total, (counts?.total ?? 0) >= cap, broken("cap_total (\(cap) reached)") { return }
    }

    /// A language-only target (`da`) matches every region of it; one with a region only that region.
    static func localeMatches(_ target: String, _ locale: String?) -> Bool {
        guard let locale = locale?.replacingOccurrences(of: "_", with: "-").lowercased() else { return false }
        let target = target.replacingOccurrences(of: "_", with: "-").lowercased()
        return locale == target || locale.hasPrefix(target + "-")
    }

    /// The region of a locale: `DK` of `da-DK`.
    static func region(of locale: String?) -> String? {
        guard let parts = locale?.replacingOccurrences(of: "_", with: "-").split(separator: "-"), parts.count >= 2 else { return nil }
        return parts.dropFirst().first { $0.count == 2 }.map { $0.uppercased() }
    }

    /// A stable number from 0 to 99 for `key`.
    static func bucket(_ key: String) -> Int { Int(hash(key) % 100) }

    /// The index drawn from `indices` by weight; nil when none has weight.
    static func draw(_ indices: [Int], weights: [Int], seed: String) -> Int? {
        let total = weights.reduce(0, +)
        guard total > 0 else { return indices.first }
        var point = Int(hash(seed) % UInt64(total))
        for (index, weight) in zip(indices, weights) {
            if point < weight { return index }
            point -= weight
        }
        return indices.last
    }

    /// A stable 64-bit hash of `key`'s UTF-8: FNV-1a, then SplitMix64's finaliser to spread it.
    /// The same on every instance and in every release (Swift's own `Hasher` is seeded per process).
    static func hash(_ key: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in key.utf8 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
        hash = (hash ^ (hash >> 30)) &* 0xbf58_476d_1ce4_e5b9
        hash = (hash ^ (hash >> 27)) &* 0x94d0_49bb_1331_11eb
        return hash ^ (hash >> 31)
    }

    /// The UTC day of `date`: `2026-11-25`.
    static func day(_ date: Date) -> String { RFC3339.day(date) }
}

private extension String {
    /// Whether this equals `other`, ignoring ASCII case; false when `other` is nil.
    func caseInsensitiveEquals(_ other: String?) -> Bool {
        guard let other else { return false }
        func lower(_ byte: UInt8) -> UInt8 { ASCIIShape.isUppercase(byte) ? byte + 32 : byte }
        return utf8.elementsEqual(other.utf8) { lower($0) == lower($1) }
    }
}
