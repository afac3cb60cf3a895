import Foundation
import PlayhouseAPI
import SQLKit

/// What happens to a unit on the device (`POST /v1/content/events`): a display counts against
/// the campaign's caps for its audience (once per impression, however often it is sent), a click
/// on a reward unit issues the player's receipt, and every event is counted in the statistics.
struct ContentEventService: Sendable {
    let store: Store
    let now: Date
    let impressionKey: ImpressionKey
    let stats: ContentStats
    let rewards: RewardService

    /// Records `event` of the impression `impressionID`, sent by `asker`.
    func record(_ event: ContentEventType, impressionID: String, asker: PlacementService.Asker) async throws -> ContentEventRecorded {
        let impression = try await impression(impressionID, asker: asker)
        let unit = try await unit(impression.unitID)
        let key = ContentStats.Key(appID: impression.appID, day: PlacementDecision.day(now), placement: impression.placement, unit: unit?.slug ?? "")
        switch event {
        case .displayed:
            if try await countDisplay(impression, impressionID: impressionID) != nil { stats.count(key, .init(displays: 1)) }
            return ContentEventRecorded(event: event)
        case .clicked:
            return ContentEventRecorded(event: event, receipt: try await click(impression, impressionID: impressionID, unit: unit))
        case .dismissed:
            stats.count(key, .init(dismissals: 1))
            return ContentEventRecorded(event: event)
        case .failed:
            stats.count(key, .init(failures: 1))
            return ContentEventRecorded(event: event)
        }
    }

    /// The player took the call to action of the showing `impression` (its unit `unit`, nil when it
    /// was removed since): counted, and for a reward unit, its receipt.
    func click(_ impression: Impression, impressionID: String, unit: ContentUnit?) async throws -> RewardReceipt? {
        stats.count(ContentStats.Key(appID: impression.appID, day: PlacementDecision.day(now), placement: impression.placement,
                                     unit: unit?.slug ?? ""), .init(clicks: 1))
        guard let unit, unit.definition.kind == .reward else { return nil }
        return try await takeReward(impression, impressionID: impressionID, unit: unit)
    }

    /// The receipt of a reward unit's showing, for its player: the one issued before, or a new one.
    /// Taking a reward counts as its display (when the app has not said it was displayed), and a
    /// new receipt is only issued within the campaign's caps: asking for many showings and taking
    /// each gets no more rewards than showing them would have.
    private func takeReward(_ impression: Impression, impressionID: String, unit: ContentUnit) async throws -> RewardReceipt {
        guard let playerID = impression.playerID else { throw PlayhouseProblem(.forbidden, .playerTokenRequired) }
        if let issued = try await rewards.find(impression: impressionID) { return issued }
        let counted = try await countDisplay(impression, impressionID: impressionID)
        if counted != nil {
            stats.count(ContentStats.Key(appID: impression.appID, day: PlacementDecision.day(now), placement: impression.placement, unit: unit.slug),
                        .init(displays: 1))
        }
        var counts = counted
        if counts == nil { counts = try await displays(impression) }
        guard let counts else { throw PlayhouseProblem(.conflict, .contentCapReached) }
        if let caps = try await caps(of: impression.campaignID),
           caps.perDay.map({ counts.dayCount > $0 }) == true || caps.perSession.map({ counts.sessionCount > $0 }) == true
            || caps.total.map({ counts.total > $0 }) == true {
            throw PlayhouseProblem(.conflict, .contentCapReached)
        }
        return try await rewards.issue(for: impression, impressionID: impressionID, unit: unit, playerID: playerID)
    }

    /// The caps of campaign `id`; nil when it was removed since.
    private func caps(of id: UUID) async throws -> ContentFile.Caps? {
        try await store.read { sql in
            try await sql.raw("SELECT rules FROM campaigns WHERE id = \(bind: id)").first()
        }.map { try JSONDecoder().decode(Campaign.Rules.self, from: Data(try $0.decode(column: "rules", as: String.self).utf8)).caps }
    }

    /// The impression's audience's display counts of its campaign.
    private func displays(_ impression: Impression) async throws -> DisplayCounts? {
        try await store.read { sql in
            try await sql.raw("""
                SELECT day, day_count, session_key, session_count, total_count FROM content_displays
                WHERE subject = \(bind: impression.subject) AND campaign_id = \(bind: impression.campaignID)
                """).first()
        }.flatMap { row in try Self.counts(row) }
    }

    private static func counts(_ row: any SQLRow) throws -> DisplayCounts {
        DisplayCounts(day: try row.decode(column: "day", as: String.self), dayCount: try row.decode(column: "day_count", as: Int.self),
                      sessionKey: try row.decode(column: "session_key", as: String.self),
                      sessionCount: try row.decode(column: "session_count", as: Int.self), total: try row.decode(column: "total_count", as: Int.self))
    }

    /// The impression `id` names, if this server made it less than ``Impression/lifetime`` ago.
    func impression(_ id: String) async throws -> Impression? {
        Impression(id: id, key: try await impressionKey.get(store, now: now), now: now)
    }

    /// The impression `id` names, provided it is `asker`'s.
    private func impression(_ id: String, asker: PlacementService.Asker) async throws -> Impression {
        guard let impression = try await impression(id),
              impression.appID == asker.appID, impression.subject == (try? PlacementService.subject(asker)) else {
            throw PlayhouseProblem(.unprocessableEntity, .unknownImpression)
        }
        return impression
    }

    /// The unit `id`; nil when it was removed since.
    func unit(_ id: UUID) async throws -> ContentUnit? {
        try await store.read { sql in
            try await sql.raw("SELECT \(ContentUnit.columns) FROM content_units u WHERE u.id = \(bind: id)").first()
        }.map { try ContentUnit(row: $0) }
    }

    /// Adds a display of the impression's campaign to its audience's counts, unless this
    /// impression was the last one counted; answers the counts after it, nil when it did not count.
    private func countDisplay(_ impression: Impression, impressionID: String) async throws -> DisplayCounts? {
        let now = self.now, day = PlacementDecision.day(now)
        do {
            return try await store.write { sql in
                try await sql.raw("""
                    INSERT INTO content_displays (subject, campaign_id, day, day_count, session_key, session_count, total_count, last_impression,
                                                  last_displayed_at)
                    VALUES (\(bind: impression.subject), \(bind: impression.campaignID), \(bind: day), 1, \(bind: impression.sessionKey), 1, 1,
                            \(bind: impressionID), \(bind: now))
                    ON CONFLICT (subject, campaign_id) DO UPDATE SET
                        day_count = CASE WHEN content_displays.day = excluded.day THEN content_displays.day_count + 1 ELSE 1 END,
                        day = excluded.day,
                        session_count = CASE WHEN content_displays.session_key = excluded.session_key
                                             THEN content_displays.session_count + 1 ELSE 1 END,
                        session_key = excluded.session_key,
                        total_count = content_displays.total_count + 1,
                        last_impression = excluded.last_impression, last_displayed_at = excluded.last_displayed_at
                    WHERE content_displays.last_impression <> excluded.last_impression
                    RETURNING day, day_count, session_key, session_count, total_count
                    """).first()
            }.map(Self.counts)
        } catch where Store.isConstraintViolation(error) {
            return nil   // the campaign was removed since
        }
    }
}
