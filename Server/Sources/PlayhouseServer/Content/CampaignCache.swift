import Foundation
import NIOConcurrencyHelpers
import PostgresKit
import SQLKit
import Vapor

/// A placement's campaigns with their units, read from the database at most once per
/// ``PlayhouseConfiguration/contentCacheLifetime`` per instance, so that deciding a placement's
/// content does not read and decode every campaign on every request. An import or a removal is
/// seen at once: this instance forgets the app's placements itself, and on PostgreSQL the change
/// tells every instance when it commits (``changes``, ``ChangeNotices``). (On SQLite, one server
/// process, the command line's import reaches the server within the lifetime.)
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
    /// What tells this instance that an app's content changed; an app's id is a notice's payload.
    let changes: ChangeNotices

    /// `postgres`: where imports and removals are announced (PostgreSQL).
    init(lifetime: TimeInterval, postgres: (configuration: SQLPostgresConfiguration, channel: String)? = nil) {
        self.lifetime = lifetime
        changes = ChangeNotices(postgres: postgres) { [entries] payload in
            let appID = payload.flatMap(UUID.init(uuidString:))
            entries.withLockedValue { entries in entries = appID.map { appID in entries.filter { $0.key.appID != appID } } ?? [:] }
        }
    }

    /// The campaigns on `placement` of the app `appID`, by id.
    func placement(_ placement: String, appID: UUID, store: Store, now: Date) async throws -> Placement {
        guard lifetime > 0 else { return try await Self.read(placement, appID: appID, store: store) }
        changes.start(logger: store.logger, on: store.eventLoop)
        let key = Key(appID: appID, placement: placement)
        let (trusted, generation) = changes.current
        if trusted, let entry = entries.withLockedValue({ $0[key] }), now.timeIntervalSince(entry.readAt) < lifetime, entry.readAt <= now {
            return entry.placement
        }
        let read = try await Self.read(placement, appID: appID, store: store)
        guard trusted else { return read }
        entries.withLockedValue { entries in
            guard changes.isCurrent(generation) else { return }
            if entries.count > 10_000 { entries.removeAll() }
            entries[key] = (read, now)
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
        changes.forget(appID.uuidString)
    }

    /// Tells every instance, when the transaction of `sql` commits, that the content of the app
    /// `appID` changed (PostgreSQL; nothing on SQLite, whose one server process forgets at once).
    func announce(appID: UUID, on sql: any SQLDatabase) async throws {
        try await changes.announce(appID.uuidString, on: sql)
    }
}
