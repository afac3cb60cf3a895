import Foundation
import PlayhouseAPI
import SQLKit

/// The app's content units and campaigns, as the operator imports them from content files
/// (``ContentFile``): checked whole before anything is stored, each unit and campaign added or
/// replaced by its id, images stored as assets.
public struct ContentService: Sendable {
    let store: Store
    let now: Date
    /// This instance's placements, forgotten when the content changes.
    var cache: CampaignCache?

    /// Imports `file`, whose images are the files `images` holds (by the path the file names).
    /// Refuses the whole file, naming every problem, when anything in it is wrong. The import is
    /// audit-logged as `actor`'s, with what it added and changed, in the import's transaction.
    public func importFile(_ file: ContentFile, images: [String: Data], appID: UUID, by actor: AuditActor) async throws -> ContentImported {
        let currencies = try await CurrencyService(store: store).list(appID: appID)
        let stored = try await list(appID: appID)
        var problems = ContentCheck(file, images: images, currencies: currencies, storedUnits: Set(stored.units.map(\.id))).problems
        if problems.isEmpty, file.units.isEmpty && file.campaigns.isEmpty { problems.append("the file has no units and no campaigns") }
        guard problems.isEmpty else {
            throw PlayhouseProblem(.unprocessableEntity, .invalidContent, parameters: ["problems": problems.joined(separator: "; ")])
        }
        let assets = Assets(store: store, now: now)
        var units: [ContentFile.Unit] = []
        for var unit in file.units {
            for (name, path) in unit.images {
                guard let bytes = images[path], let type = Assets.imageType(of: bytes) else { continue }
                unit.images[name] = try await assets.put(bytes, contentType: type)
            }
            // Amounts are kept as the currency writes them: "5" of a two-decimal currency is "5.00".
            if let amount = unit.reward?.amount, let code = unit.reward?.currency, let currency = currencies.first(where: { $0.code == code }),
               case .success(let minor) = MinorUnits.parse(amount, digits: currency.minorUnits) {
                unit.reward?.amount = MinorUnits.format(minor, digits: currency.minorUnits)
            }
            units.append(unit)
        }
        let now = self.now
        let storedUnits = Set(stored.units.map(\.id)), storedCampaigns = Set(stored.campaigns.map(\.id)), toStore = units
        defer { cache?.forget(appID: appID) }
        return try await store.transaction { sql in
            var imported = ContentImported()
            for unit in toStore {
                let definition = String(decoding: try JSONEncoder().encode(unit), as: UTF8.self)
                try await sql.raw("""
                    INSERT INTO content_units (id, app_id, slug, definition, created_at, updated_at)
                    VALUES (\(bind: UUID.random()), \(bind: appID), \(bind: unit.id), \(bind: definition), \(bind: now), \(bind: now))
                    ON CONFLICT (app_id, slug) DO UPDATE SET definition = excluded.definition, updated_at = excluded.updated_at
                    """).run()
                if storedUnits.contains(unit.id) { imported.changed.append("unit " + unit.id) } else { imported.added.append("unit " + unit.id) }
            }
            for campaign in file.campaigns {
                let rules = String(decoding: try JSONEncoder().encode(Campaign.Rules(caps: campaign.caps, targeting: campaign.targeting)), as: UTF8.self)
                guard let row = try await sql.raw("""
                    INSERT INTO campaigns (id, app_id, slug, unit_id, priority, weight, starts_at, ends_at, rules, created_at, updated_at)
                    SELECT \(bind: UUID.random()), \(bind: appID), \(bind: campaign.id), u.id, \(bind: campaign.priority), \(bind: campaign.weight),
                           \(bind: campaign.startsAt), \(bind: campaign.endsAt), \(bind: rules), \(bind: now), \(bind: now)
                    FROM content_units u WHERE u.app_id = \(bind: appID) AND u.slug = \(bind: campaign.unit)
                    ON CONFLICT (app_id, slug) DO UPDATE SET unit_id = excluded.unit_id, priority = excluded.priority, weight = excluded.weight,
                        starts_at = excluded.starts_at, ends_at = excluded.ends_at, rules = excluded.rules, updated_at = excluded.updated_at
                    RETURNING id
                    """).first() else { throw PlayhouseProblem(.internalServerError, .internalError) }
                let id = try row.decode(column: "id", as: UUID.self)
                try await sql.raw("DELETE FROM campaign_placements WHERE campaign_id = \(bind: id)").run()
                for placement in campaign.placements.uniqued() {
                    try await sql.raw("""
                        INSERT INTO campaign_placements (campaign_id, app_id, placement) VALUES (\(bind: id), \(bind: appID), \(bind: placement))
                        """).run()
                }
                if storedCampaigns.contains(campaign.id) {
                    imported.changed.append("campaign " + campaign.id)
                } else {
                    imported.added.append("campaign " + campaign.id)
                }
            }
            try await sql.raw(AuditLog.entry(by: actor, "content imported", target: ERN.make("app", appID.uuidString.lowercased()),
                                             after: imported, at: now)).run()
            try await cache?.announce(appID: appID, on: sql)
            return imported
        }
    }

    /// The app's units and campaigns, by id.
    public func list(appID: UUID) async throws -> ContentListing {
        try await store.read { sql in
            let units = try await sql.raw("SELECT \(ContentUnit.columns) FROM content_units u WHERE u.app_id = \(bind: appID) ORDER BY u.slug")
                .all().map { try ContentUnit(row: $0).definition }
            let placements = try await sql.raw("""
                SELECT c.slug, p.placement FROM campaign_placements p JOIN campaigns c ON c.id = p.campaign_id
                WHERE p.app_id = \(bind: appID) ORDER BY p.placement
                """).all()
            var byCampaign: [String: [String]] = [:]
            for row in placements {
                byCampaign[try row.decode(column: "slug", as: String.self), default: []].append(try row.decode(column: "placement", as: String.self))
            }
            let campaigns = try await sql.raw("""
                SELECT \(Campaign.columns) FROM campaigns c JOIN content_units u ON u.id = c.unit_id
                WHERE c.app_id = \(bind: appID) ORDER BY c.slug
                """).all().map { row in
                    let campaign = try Campaign(row: row)
                    return ContentFile.Campaign(id: campaign.slug, unit: campaign.unitSlug, placements: byCampaign[campaign.slug] ?? [],
                                                priority: campaign.priority, weight: campaign.weight, startsAt: campaign.startsAt,
                                                endsAt: campaign.endsAt, caps: campaign.caps, targeting: campaign.targeting)
                }
            return ContentListing(units: units, campaigns: campaigns)
        }
    }

    /// Removes the unit or the campaign with id `slug` (a unit's campaigns go with it); false when
    /// there is none.
    public func remove(appID: UUID, slug: String, by actor: AuditActor) async throws -> Bool {
        defer { cache?.forget(appID: appID) }
        let now = self.now
        return try await store.transaction { [cache] sql in
            let unit = try await sql.claimed("DELETE FROM content_units WHERE app_id = \(bind: appID) AND slug = \(bind: slug) RETURNING id")
            let campaign = try await sql.claimed("DELETE FROM campaigns WHERE app_id = \(bind: appID) AND slug = \(bind: slug) RETURNING id")
            guard unit || campaign else { return false }
            try await sql.raw(AuditLog.entry(by: actor, "content removed", target: ERN.make("app", appID.uuidString.lowercased()),
                                             after: ["removed": slug], at: now)).run()
            try await cache?.announce(appID: appID, on: sql)
            return true
        }
    }
}
