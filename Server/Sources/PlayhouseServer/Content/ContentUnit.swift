import Fluent
import Foundation
import PlayhouseAPI
import SQLKit

/// A content unit as stored: its definition from the content file, its images by asset name.
struct ContentUnit: Sendable {
    var id: UUID
    var definition: ContentFile.Unit
    var slug: String { definition.id }

    static let columns: SQLQueryString = "u.id, u.definition"

    init(id: UUID, definition: ContentFile.Unit) {
        self.id = id
        self.definition = definition
    }

    /// The unit of a row with its `id` and `definition`.
    init(row: some SQLRow) throws {
        try self.init(row: row, id: try row.decode(column: "id", as: UUID.self))
    }

    /// The unit of a row that carries its `definition` beside another table's `id`.
    init(row: some SQLRow, id: UUID) throws {
        self.init(id: id, definition: try JSONDecoder().decode(ContentFile.Unit.self,
                                                               from: Data(try row.decode(column: "definition", as: String.self).utf8)))
    }

    /// The unit's texts in the first of `languages` it has, else in its default language.
    func texts(for languages: [String]) -> (language: String, texts: ContentFile.Texts) {
        for language in languages {
            if let texts = definition.texts[language] { return (language, texts) }
            if let base = language.split(separator: "-").first.map(String.init), let texts = definition.texts[base] { return (base, texts) }
        }
        return (definition.defaultLanguage, definition.texts[definition.defaultLanguage] ?? ContentFile.Texts())
    }

    /// What a reward unit grants, on the wire.
    var grant: RewardGrant? {
        definition.reward.map { reward in
            RewardGrant(items: reward.items, amount: zip(reward.amount, reward.currency).map { Money(amount: $0, currency: $1) })
        }
    }
}

private func zip<A, B>(_ a: A?, _ b: B?) -> (A, B)? {
    guard let a, let b else { return nil }
    return (a, b)
}

/// The content feature's tables: units, campaigns and their placements, installations and
/// their opens, displays per audience and campaign, properties, reward receipts, and statistics.
struct CreateContent: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema("content_units")
            .id()
            .field("app_id", .uuid, .required, .references("apps", "id", onDelete: .cascade))
            .field("slug", .string, .required)
            .field("definition", .string, .required)
            .field("created_at", .datetime, .required)
            .field("updated_at", .datetime, .required)
            .unique(on: "app_id", "slug")
            .create()
        try await database.schema("campaigns")
            .id()
            .field("app_id", .uuid, .required, .references("apps", "id", onDelete: .cascade))
            .field("slug", .string, .required)
            .field("unit_id", .uuid, .required, .references("content_units", "id", onDelete: .cascade))
            .field("priority", .int, .required)
            .field("weight", .int, .required)
            .field("starts_at", .datetime)
            .field("ends_at", .datetime)
            .field("rules", .string, .required)
            .field("created_at", .datetime, .required)
            .field("updated_at", .datetime, .required)
            .unique(on: "app_id", "slug")
            .create()
        try await database.schema("campaign_placements")
            .field("campaign_id", .uuid, .required, .references("campaigns", "id", onDelete: .cascade))
            .field("app_id", .uuid, .required)
            .field("placement", .string, .required)
            .unique(on: "app_id", "placement", "campaign_id")
            .create()
        try await database.schema("installations")
            .field("app_id", .uuid, .required, .references("apps", "id", onDelete: .cascade))
            .field("installation_id", .string, .required)
            .field("platform", .string, .required)
            .field("app_version", .string, .required)
            .field("os_version", .string)
            .field("locale", .string)
            .field("country", .string)
            .field("opens", .int, .required)
            .field("first_opened_at", .datetime, .required)
            .field("last_opened_at", .datetime, .required)
            .unique(on: "app_id", "installation_id")
            .create()
        try await database.schema("content_displays")
            .field("subject", .string, .required)
            .field("campaign_id", .uuid, .required, .references("campaigns", "id", onDelete: .cascade))
            .field("day", .string, .required)
            .field("day_count", .int, .required)
            .field("session_key", .string, .required)
            .field("session_count", .int, .required)
            .field("total_count", .int, .required)
            .field("last_impression", .string, .required)
            .field("last_displayed_at", .datetime, .required)
            .unique(on: "subject", "campaign_id")
            .create()
        try await database.schema("audience_properties")
            .field("app_id", .uuid, .required, .references("apps", "id", onDelete: .cascade))
            .field("subject", .string, .required)
            .field("properties", .string, .required)
            .field("updated_at", .datetime, .required)
            .unique(on: "app_id", "subject")
            .create()
        try await database.schema("reward_receipts")
            .id()
            .field("app_id", .uuid, .required, .references("apps", "id", onDelete: .cascade))
            .field("player_id", .uuid, .required, .references("players", "id", onDelete: .cascade))
            .field("unit", .string, .required)
            .field("placement", .string, .required)
            .field("impression", .string, .required)
            .field("grants", .string, .required)
            .field("token", .string, .required)
            .field("issued_at", .datetime, .required)
            .field("claimed_at", .datetime)
            .field("transaction_id", .uuid)
            .unique(on: "impression")
            .create()
        try await database.sql().raw("CREATE INDEX reward_receipts_player ON reward_receipts (player_id, claimed_at)").run()
        try await database.schema("content_stats")
            .field("app_id", .uuid, .required, .references("apps", "id", onDelete: .cascade))
            .field("day", .string, .required)
            .field("placement", .string, .required)
            .field("unit", .string, .required)
            .field("requests", .int, .required)
            .field("fills", .int, .required)
            .field("displays", .int, .required)
            .field("clicks", .int, .required)
            .field("dismissals", .int, .required)
            .field("failures", .int, .required)
            .field("unlocks", .int, .required)
            .unique(on: "app_id", "day", "placement", "unit")
            .create()
        try await database.schema("daily_opens")
            .field("app_id", .uuid, .required, .references("apps", "id", onDelete: .cascade))
            .field("day", .string, .required)
            .field("opens", .int, .required)
            .field("installs", .int, .required)
            .unique(on: "app_id", "day")
            .create()
    }

    func revert(on database: any Database) async throws {
        for table in ["daily_opens", "content_stats", "reward_receipts", "audience_properties", "content_displays", "installations",
                      "campaign_placements", "campaigns", "content_units"] {
            try await database.schema(table).delete()
        }
    }
}
