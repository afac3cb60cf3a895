import Foundation
import NIOConcurrencyHelpers
import SQLKit

/// A placement's campaigns with their units, read from the database at most once per
/// ``PlayhouseConfiguration/contentCacheLifetime`` per instance, so that deciding a placement's
/// content does not read and decode every campaign on every request. An import or a removal on
/// this instance is seen at once; on the other instances within that lifetime.
final class CampaignCache: Sendable {
    struct Placement: Sendable {
        var campaigns: [Campaign]
        var units: [UUID: ContentUnit]
    }

    private struct Key: Hashable {
        var appID: UUID
        var placement: String
    }

    private let entries = NIOLockedValueBox<[Key: (placement: Placement, readAt: Date)]>([:])
    let lifetime: TimeInterval

    init(lifetime: TimeInterval) {
        self.lifetime = lifetime
    }

    /// The campaigns on `placement` of the app `appID`, by id.
    func placement(_ placement: String, appID: UUID, store: Store, now: Date) async throws -> Placement {
        let key = Key(appID: appID, placement: placement)
        if lifetime > 0, let entry = entries.withLockedValue({ $0[key] }), now.timeIntervalSince(entry.readAt) < lifetime,
           entry.readAt <= now {
            return entry.placement
        }
        let read = try await Self.read(placement, appID: appID, store: store)
        if lifetime > 0 {
            entries.withLockedValue { entries in
                if entries.count > 10_000 { entries.removeAll() }
                entries[key] = (read, now)
            }
        }
        return read
    }

    /// The campaigns on `placement` of the app `appID`, by id, read now (an explanation wants them
    /// as they are, not as this instance last read them).
    static func read(_ placement: String, appID: UUID, store: Store) async throws -> Placement {
        let rows = try await store.read { sql in
            try await sql.raw("""
                SELECT \(Campaign.columns), u.definition FROM campaign_placements p
                JOIN campaigns c ON c.id = p.campaign_id JOIN content_units u ON u.id = c.unit_id
                WHERE p.app_id = \(bind: appID) AND p.placement = \(bind: placement)
                """).all()
        }
        var campaigns: [Campaign] = [], units: [UUID: ContentUnit] = [:]
        for row in rows {
            let campaign = try Campaign(row: row)
            campaigns.append(campaign)
            if units[campaign.unitID] == nil { units[campaign.unitID] = try ContentUnit(row: row, id: campaign.unitID) }
        }
        return Placement(campaigns: campaigns.sorted { $0.slug < $1.slug }, units: units)
    }

    /// Forgets what it read of the app `appID`: its content changed.
    func forget(appID: UUID) {
        entries.withLockedValue { entries in entries = entries.filter { $0.key.appID != appID } }
    }
}
