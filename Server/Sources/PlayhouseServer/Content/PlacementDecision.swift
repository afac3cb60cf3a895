import Crypto
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
///    age in whole days, each property, depositors or not, and the rollout: the first 8 bytes of
///    SHA-256(`<campaign id>:<player or installation id>`) modulo 100 below the percentage.
/// 3. **Caps.** The audience's displays of the campaign today (UTC), in this session and in all
///    are below its caps.
/// 4. **Priority.** Of the campaigns still eligible, those of the highest priority remain.
/// 5. **Weight.** One of those is drawn by weight, with SHA-256(`<subject>:<placement>:<day>`) as
///    the draw, over the campaigns in the order of their ids: the same player gets the same one
///    all day.
enum PlacementDecision {
    /// The chosen campaign (nil when none qualifies) and a verdict for each campaign, in the order given.
    static func decide(_ campaigns: [Campaign], placement: String, for audience: Audience, at now: Date)
        -> (chosen: Campaign?, verdicts: [CampaignVerdict]) {
        let day = Self.day(now)
        var reasons = campaigns.map { reasonsAgainst($0, audience, now: now, day: day) }
        let eligible = campaigns.indices.filter { reasons[$0].isEmpty }
        var chosen: Int?
        if let top = eligible.map({ campaigns[$0].priority }).max() {
            let tied = eligible.filter { campaigns[$0].priority == top }.sorted { campaigns[$0].slug < campaigns[$1].slug }
            chosen = draw(tied, weights: tied.map { max(campaigns[$0].weight, 0) }, seed: "\(audience.subject):\(placement):\(day)")
            for index in eligible where index != chosen {
                reasons[index] = [campaigns[index].priority < top ? "lower_priority (\(campaigns[index].priority) < \(top))" : "lost_weighted_draw"]
            }
        }
        let verdicts = campaigns.indices.map { index in
            CampaignVerdict(campaign: campaigns[index].slug, unit: campaigns[index].unitSlug, priority: campaigns[index].priority,
                            weight: campaigns[index].weight, eligible: index == chosen, reasons: reasons[index])
        }
        return (chosen.map { campaigns[$0] }, verdicts)
    }

    /// The campaigns whose units the audience would be shown by schedule, targeting and caps,
    /// whatever their priority.
    static func eligible(_ campaigns: [Campaign], for audience: Audience, at now: Date) -> [Campaign] {
        let day = Self.day(now)
        return campaigns.filter { reasonsAgainst($0, audience, now: now, day: day).isEmpty }
    }

    /// Every reason `campaign` may not be shown; none when it may.
    static func reasonsAgainst(_ campaign: Campaign, _ audience: Audience, now: Date, day: String) -> [String] {
        var reasons: [String] = []
        if let start = campaign.startsAt, now < start { reasons.append("not_started (starts \(ContentFile.timestamp(start)))") }
        if let end = campaign.endsAt, now >= end { reasons.append("ended (ended \(ContentFile.timestamp(end)))") }
        let rules = campaign.targeting
        if let platforms = rules.platforms, !platforms.contains(where: { $0.lowercased() == audience.platform?.lowercased() }) {
            reasons.append("platform (\(audience.platform ?? "unknown") not in \(platforms.joined(separator: ", ")))")
        }
        if campaign.minVersion != nil || campaign.maxVersion != nil {
            let version = audience.appVersion.flatMap(AppVersion.init)
            if version == nil || campaign.minVersion.map({ version! < $0 }) == true || campaign.maxVersion.map({ version! > $0 }) == true {
                reasons.append("app_version (\(audience.appVersion ?? "unknown") outside \(rules.appVersion?.min ?? "")…\(rules.appVersion?.max ?? ""))")
            }
        }
        if let locales = rules.locales, !locales.contains(where: { localeMatches($0, audience.locale) }) {
            reasons.append("locale (\(audience.locale ?? "unknown") not in \(locales.joined(separator: ", ")))")
        }
        if let countries = rules.countries {
            let country = audience.country ?? region(of: audience.locale)
            if !countries.contains(where: { $0.uppercased() == country?.uppercased() }) {
                reasons.append("country (\(country ?? "unknown") not in \(countries.joined(separator: ", ")))")
            }
        }
        if let bounds = rules.installationAgeDays {
            let age = audience.firstOpenedAt.map { Int(now.timeIntervalSince($0) / 86400) }
            if age == nil || bounds.min.map({ age! < $0 }) == true || bounds.max.map({ age! > $0 }) == true {
                reasons.append("installation_age (\(age.map { "\($0) days" } ?? "unknown") outside \(bounds.min.map(String.init) ?? "")…\(bounds.max.map(String.init) ?? ""))")
            }
        }
        for (name, values) in (rules.properties ?? [:]).sorted(by: { $0.key < $1.key })
        where !values.contains(where: { $0 == audience.properties[name] }) {
            reasons.append("property \(name) (\(audience.properties[name] ?? "unset") not in \(values.joined(separator: ", ")))")
        }
        if let depositors = rules.depositors, depositors != audience.hasDeposited {
            reasons.append(depositors ? "depositors (has not deposited)" : "depositors (has deposited)")
        }
        if let rollout = rules.rollout {
            let bucket = Self.bucket("\(campaign.id.uuidString.lowercased()):\(audience.rolloutKey)")
            if bucket >= rollout { reasons.append("rollout (bucket \(bucket) not below \(rollout))") }
        }
        let counts = audience.displays[campaign.id]
        if let cap = campaign.caps.perDay, (counts?.today(day) ?? 0) >= cap { reasons.append("cap_per_day (\(cap) reached)") }
        if let cap = campaign.caps.perSession, (counts?.inSession(audience.sessionKey) ?? 0) >= cap {
            reasons.append("cap_per_session (\(cap) reached)")
        }
        if let cap = campaign.caps.total, (counts?.total ?? 0) >= cap { reasons.append("cap_total (\(cap) reached)") }
        return reasons
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

    /// The first 8 bytes of SHA-256(`key`), big-endian.
    static func hash(_ key: String) -> UInt64 {
        SHA256.hash(data: Data(key.utf8)).prefix(8).reduce(0) { $0 << 8 | UInt64($1) }
    }

    /// The UTC day of `date`: `2026-11-25`.
    static func day(_ date: Date) -> String {
        let days = Int((date.timeIntervalSince1970 / 86400).rounded(.down))
        let (year, month, day) = civil(fromDays: days)
        return String(format: "%04d-%02d-%02d", year, month, day)
    }

    /// Howard Hinnant's days-to-civil: the Gregorian date `days` after 1970-01-01.
    private static func civil(fromDays days: Int) -> (Int, Int, Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let day = doy - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
