import Fluent
import SQLKit

/// The catalog viewer's showings and what they add up to. A view is made for an app (its secret
/// stored as a digest, as tokens are), opened once by its page within ``CatalogViewService/openWithin``,
/// and reports page views, hotspot taps and its close while it lasts; each catalog's opens,
/// closes, page views and seconds on pages add up per UTC day, and each offer's hotspot taps. The
/// last 30 days of opens (catalogs) and taps (offers) are their popularity.
struct CreateCatalogViews: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema("catalog_views")
            .field("secret_hash", .string, .identifier(auto: false))
            .field("app_id", .uuid, .required, .references("apps", "id", onDelete: .cascade))
            .field("catalog_id", .uuid, .required, .references("catalog_catalogs", "id", onDelete: .cascade))
            .field("created_at", .datetime, .required)
            .field("opened_at", .datetime)
            .field("closed_at", .datetime)
            .create()
        try await database.schema("catalog_view_days")
            .field("catalog_id", .uuid, .required, .references("catalog_catalogs", "id", onDelete: .cascade))
            .field("day", .string, .required)
            .field("opens", .int64, .required)
            .field("closes", .int64, .required)
            .field("page_views", .int64, .required)
            .field("page_seconds", .double, .required)
            .unique(on: "catalog_id", "day")
            .create()
        try await database.schema("catalog_offer_taps")
            .field("offer_id", .uuid, .required, .references("catalog_offers", "id", onDelete: .cascade))
            .field("day", .string, .required)
            .field("taps", .int64, .required)
            .unique(on: "offer_id", "day")
            .create()
        try await database.sql().create(index: "catalog_views_created").on("catalog_views").column("created_at").run()
    }

    func revert(on database: any Database) async throws {
        try await database.schema("catalog_offer_taps").delete()
        try await database.schema("catalog_view_days").delete()
        try await database.schema("catalog_views").delete()
    }
}
