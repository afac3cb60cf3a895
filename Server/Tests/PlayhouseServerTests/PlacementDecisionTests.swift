import Foundation
import PlayhouseAPI
@testable import PlayhouseServer
import Testing

/// The decision rules, table by table, with the clock given: schedule edges, each targeting
/// condition, each cap, priority, weights and the rollout's share.
@Suite struct PlacementDecisionTests {
    static let now = Date(timeIntervalSince1970: 1_796_000_000)   // 2026-11-30T…Z
    static let today = PlacementDecision.day(now)

    static func campaign(_ slug: String, priority: Int = 0, weight: Int = 1, startsAt: Date? = nil, endsAt: Date? = nil,
                         caps: ContentFile.Caps = .init(), targeting: ContentFile.Targeting = .init()) -> Campaign {
        Campaign(id: UUID(), slug: slug, unitID: UUID(), unitSlug: "unit-" + slug, priority: priority, weight: weight, startsAt: startsAt, endsAt: endsAt,
                 caps: caps, targeting: targeting)
    }

    static func audience(subject: String = "p:ann", platform: String? = "ios", version: String? = "2.4.1", locale: String? = "da-DK",
                         country: String? = nil, installedDaysAgo: Double? = 3, properties: [String: String] = [:],
                         deposited: Bool = false) -> Audience {
        Audience(subject: subject, rolloutKey: subject, sessionKey: "s:one", platform: platform, appVersion: version, locale: locale,
                 country: country, firstOpenedAt: installedDaysAgo.map { now.addingTimeInterval(-$0 * 86400) }, properties: properties,
                 hasDeposited: deposited)
    }

    /// Whether the campaign qualifies; the quick check and the explained one must agree.
    func eligible(_ campaign: Campaign, _ audience: Audience, at: Date = now) -> Bool {
        let qualifies = PlacementDecision.qualifies(campaign, audience, now: at, day: PlacementDecision.day(at))
        #expect(qualifies == PlacementDecision.reasonsAgainst(campaign, audience, now: at, day: PlacementDecision.day(at)).isEmpty)
        return qualifies
    }

    @Test func theScheduleIncludesItsStartAndExcludesItsEnd() {
        let start = Self.now, end = Self.now.addingTimeInterval(3600)
        let campaign = Self.campaign("timed", startsAt: start, endsAt: end)
        let cases: [(Date, Bool)] = [(start.addingTimeInterval(-1), false), (start, true), (end.addingTimeInterval(-1), true), (end, false)]
        for (at, expected) in cases {
            #expect(eligible(campaign, Self.audience(), at: at) == expected, "at \(at)")
        }
        let reasons = PlacementDecision.reasonsAgainst(campaign, Self.audience(), now: start.addingTimeInterval(-1), day: Self.today)
        #expect(reasons.first?.hasPrefix("not_started") == true)
    }

    @Test func eachTargetingConditionMustHold() {
        typealias Case = (targeting: ContentFile.Targeting, audience: Audience, eligible: Bool)
        let cases: [Case] = [
            (.init(platforms: ["ios"]), Self.audience(platform: "iOS"), true),
            (.init(platforms: ["android"]), Self.audience(), false),
            (.init(platforms: ["ios"]), Self.audience(platform: nil), false),
            (.init(appVersion: .init(min: "2.4")), Self.audience(version: "2.4.1"), true),
            (.init(appVersion: .init(min: "2.4.2")), Self.audience(version: "2.4.1"), false),
            (.init(appVersion: .init(max: "2.4.1")), Self.audience(version: "2.4.1"), true),
            (.init(appVersion: .init(max: "2.4")), Self.audience(version: "2.4.1"), false),
            (.init(appVersion: .init(min: "2.10")), Self.audience(version: "2.9"), false),
            (.init(appVersion: .init(min: "1.0")), Self.audience(version: nil), false),
            (.init(locales: ["da"]), Self.audience(locale: "da-DK"), true),
            (.init(locales: ["da-dk"]), Self.audience(locale: "da_DK"), true),
            (.init(locales: ["en-GB"]), Self.audience(locale: "en-US"), false),
            (.init(locales: ["de"]), Self.audience(locale: "da"), false),
            (.init(countries: ["DK"]), Self.audience(locale: "da-DK"), true),
            (.init(countries: ["DK"]), Self.audience(locale: "da-DK", country: "SE"), false),
            (.init(countries: ["DK"]), Self.audience(locale: "da"), false),
            (.init(installationAgeDays: .init(min: 0, max: 7)), Self.audience(installedDaysAgo: 3), true),
            (.init(installationAgeDays: .init(min: 0, max: 7)), Self.audience(installedDaysAgo: 7.9), true),
            (.init(installationAgeDays: .init(min: 0, max: 7)), Self.audience(installedDaysAgo: 8), false),
            (.init(installationAgeDays: .init(min: 1)), Self.audience(installedDaysAgo: 0.5), false),
            (.init(installationAgeDays: .init(min: 0)), Self.audience(installedDaysAgo: nil), false),
            (.init(properties: ["tier": ["gold", "silver"]]), Self.audience(properties: ["tier": "gold"]), true),
            (.init(properties: ["tier": ["gold"]]), Self.audience(properties: ["tier": "bronze"]), false),
            (.init(properties: ["tier": ["gold"]]), Self.audience(), false),
            (.init(depositors: true), Self.audience(deposited: true), true),
            (.init(depositors: true), Self.audience(deposited: false), false),
            (.init(depositors: false), Self.audience(deposited: false), true),
            (.init(depositors: false), Self.audience(deposited: true), false),
            (.init(rollout: 100), Self.audience(), true),
            (.init(rollout: 0), Self.audience(), false),
        ]
        for (index, item) in cases.enumerated() {
            #expect(eligible(Self.campaign("targeted", targeting: item.targeting), item.audience) == item.eligible, "case \(index): \(item.targeting)")
        }
    }

    @Test func eachCapCountsItsOwnWindow() {
        let campaign = Self.campaign("capped", caps: .init(perDay: 2, perSession: 1, total: 5))
        func audience(_ counts: DisplayCounts?) -> Audience {
            var audience = Self.audience()
            audience.displays[campaign.id] = counts
            return audience
        }
        let cases: [(DisplayCounts?, [String])] = [
            (nil, []),
            (DisplayCounts(day: Self.today, dayCount: 1, sessionKey: "s:old", sessionCount: 1, total: 1), []),
            (DisplayCounts(day: Self.today, dayCount: 1, sessionKey: "s:one", sessionCount: 1, total: 1), ["cap_per_session"]),
            (DisplayCounts(day: Self.today, dayCount: 2, sessionKey: "s:old", sessionCount: 2, total: 2), ["cap_per_day"]),
            (DisplayCounts(day: "2026-11-29", dayCount: 2, sessionKey: "s:old", sessionCount: 2, total: 2), []),
            (DisplayCounts(day: "2026-11-29", dayCount: 1, sessionKey: "s:old", sessionCount: 1, total: 5), ["cap_total"]),
        ]
        for (counts, expected) in cases {
            let reasons = PlacementDecision.reasonsAgainst(campaign, audience(counts), now: Self.now, day: Self.today)
            #expect(reasons.map { String($0.prefix { $0 != " " }) } == expected, "\(String(describing: counts))")
        }
    }

    @Test func theHighestPriorityWinsAndTiesAreSharedByWeight() {
        let low = Self.campaign("low", priority: 1), high = Self.campaign("high", priority: 5), heavy = Self.campaign("heavy", priority: 5, weight: 3)
        let (chosen, verdicts) = PlacementDecision.explain([low, high], placement: "main_menu", for: Self.audience(), at: Self.now)
        #expect(chosen?.slug == "high")
        #expect(verdicts.first { $0.campaign == "low" }?.reasons.first?.hasPrefix("lower_priority") == true)

        // Over many players the weights 1 : 3 share the tie about 1 : 3, and each player keeps
        // the same campaign all day.
        var heavyCount = 0
        for player in 0..<4000 {
            let audience = Self.audience(subject: "p:\(player)")
            let first = PlacementDecision.decide([high, heavy, low], placement: "main_menu", for: audience, at: Self.now)?.slug
            let again = PlacementDecision.decide([low, heavy, high], placement: "main_menu", for: audience, at: Self.now.addingTimeInterval(60))?.slug
            #expect(first == PlacementDecision.explain([high, heavy, low], placement: "main_menu", for: audience, at: Self.now).chosen?.slug)
            #expect(first == again)
            if first == "heavy" { heavyCount += 1 }
        }
        // Binomial(4000, 0.75): mean 3000, sd 27; six sd either side.
        #expect((2836...3164).contains(heavyCount), "heavy chosen \(heavyCount) of 4000")

        // Nothing eligible: nothing chosen, every campaign says why.
        let (none, reasons) = PlacementDecision.explain([Self.campaign("later", startsAt: Self.now.addingTimeInterval(60))], placement: "p",
                                                        for: Self.audience(), at: Self.now)
        #expect(none == nil)
        #expect(reasons.first?.eligible == false)
    }

    @Test func aRolloutTakesItsShareAndKeepsEachPlayer() {
        let campaign = Self.campaign("rollout", targeting: .init(rollout: 30))
        var inside = 0
        for player in 0..<10_000 {
            let audience = Self.audience(subject: "p:\(player)")
            if eligible(campaign, audience) { inside += 1 }
            #expect(eligible(campaign, audience) == eligible(campaign, audience, at: Self.now.addingTimeInterval(86400 * 30)))
        }
        // Binomial(10000, 0.3): sd 46; six sd either side.
        #expect((2725...3275).contains(inside), "\(inside) of 10000 in a 30 % rollout")
        // A wider rollout keeps everyone the narrower one had.
        let wider = Campaign(id: campaign.id, slug: "rollout", unitID: campaign.unitID, unitSlug: "u", priority: 0, weight: 1, startsAt: nil,
                             endsAt: nil, caps: .init(), targeting: .init(rollout: 60))
        for player in 0..<2000 where eligible(campaign, Self.audience(subject: "p:\(player)")) {
            #expect(eligible(wider, Self.audience(subject: "p:\(player)")))
        }
    }

    @Test func daysAreUTCDates() {
        #expect(PlacementDecision.day(Date(timeIntervalSince1970: 0)) == "1970-01-01")
        #expect(PlacementDecision.day(Date(timeIntervalSince1970: 951_782_400)) == "2000-02-29")
        #expect(PlacementDecision.day(Date(timeIntervalSince1970: 1_796_083_199)) == "2026-11-30")
        #expect(PlacementDecision.day(Date(timeIntervalSince1970: 1_796_083_200)) == "2026-12-01")
    }
}
