import Foundation
import PlayhouseAPI
import SQLKit

/// A campaign as the decision uses it: its unit, schedule, caps and targeting, read once from its
/// row and kept in ``CampaignCache``.
struct Campaign: Sendable {
    var id: UUID
    var slug: String
    var unitID: UUID
    var unitSlug: String
    var priority: Int
    var weight: Int
    var startsAt: Date?
    var endsAt: Date?
    var caps: ContentFile.Caps
    var targeting: ContentFile.Targeting
    /// The targeted app versions, parsed.
    var minVersion: AppVersion?
    var maxVersion: AppVersion?

    /// What a campaign's row keeps besides its columns.
    struct Rules: Codable, Sendable {
        var caps: ContentFile.Caps
        var targeting: ContentFile.Targeting
    }

    /// Its columns, of the table aliased `c`, with its unit's slug (`u`).
    static let columns: SQLQueryString = "c.id, c.slug, c.unit_id, u.slug AS unit_slug, c.priority, c.weight, c.starts_at, c.ends_at, c.rules"

    init(id: UUID, slug: String, unitID: UUID, unitSlug: String, priority: Int, weight: Int, startsAt: Date?, endsAt: Date?,
         caps: ContentFile.Caps, targeting: ContentFile.Targeting) {
        self.id = id
        self.slug = slug
        self.unitID = unitID
        self.unitSlug = unitSlug
        self.priority = priority
        self.weight = weight
        self.startsAt = startsAt
        self.endsAt = endsAt
        self.caps = caps
        self.targeting = targeting
        minVersion = targeting.appVersion?.min.flatMap(AppVersion.init)
        maxVersion = targeting.appVersion?.max.flatMap(AppVersion.init)
    }

    init(row: some SQLRow) throws {
        let rules = try JSONDecoder().decode(Rules.self, from: Data(try row.decode(column: "rules", as: String.self).utf8))
        self.init(id: try row.decode(column: "id", as: UUID.self), slug: try row.decode(column: "slug", as: String.self),
                  unitID: try row.decode(column: "unit_id", as: UUID.self), unitSlug: try row.decode(column: "unit_slug", as: String.self),
                  priority: try row.decode(column: "priority", as: Int.self), weight: try row.decode(column: "weight", as: Int.self),
                  startsAt: try row.decode(column: "starts_at", as: Date?.self), endsAt: try row.decode(column: "ends_at", as: Date?.self),
                  caps: rules.caps, targeting: rules.targeting)
    }
}

/// A dotted app version (`2.10.1`), compared number by number, a missing number being 0.
struct AppVersion: Comparable, Sendable {
    var parts: [Int]

    init?(_ text: String) {
        let pieces = text.split(separator: ".", omittingEmptySubsequences: false)
        guard !pieces.isEmpty, pieces.count <= 6 else { return nil }
        var parts: [Int] = []
        for piece in pieces {
            guard let number = Int(piece), number >= 0, piece.allSatisfy(\.isASCII) else { return nil }
            parts.append(number)
        }
        self.parts = parts
    }

    static func < (lhs: AppVersion, rhs: AppVersion) -> Bool {
        for index in 0..<max(lhs.parts.count, rhs.parts.count) {
            let left = index < lhs.parts.count ? lhs.parts[index] : 0
            let right = index < rhs.parts.count ? rhs.parts[index] : 0
            if left != right { return left < right }
        }
        return false
    }

    static func == (lhs: AppVersion, rhs: AppVersion) -> Bool { !(lhs < rhs) && !(rhs < lhs) }
}
