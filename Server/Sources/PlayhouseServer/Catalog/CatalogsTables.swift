import Fluent
import SQLKit

/// Catalogs (a dealer's leaflet of pages for a while), the stores where each is valid, and their
/// pages, each page's image in three sizes (asset names). A catalog is valid at all of its dealer's
/// stores (`all_stores`) or at the stores `catalog_catalog_stores` lists, as an offer is sold. Its
/// hotspots are its offers' rectangles on its pages (``CreateCatalogOffers``).
struct CreateCatalogPublications: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema("catalog_catalogs")
            .id()
            .field("app_id", .uuid, .required, .references("apps", "id", onDelete: .cascade))
            .field("dealer_id", .uuid, .required, .references("catalog_dealers", "id", onDelete: .cascade))
            .field("external_id", .string, .required)
            .field("label", .string, .required)
            .field("valid_from", .datetime, .required)
            .field("valid_until", .datetime, .required)
            .field("page_count", .int64, .required)
            .field("all_stores", .bool, .required)
            .field("created_at", .datetime, .required)
            .field("updated_at", .datetime, .required)
            .unique(on: "app_id", "external_id")
            .create()
        try await database.schema("catalog_catalog_stores")
            .field("store_id", .uuid, .required, .references("catalog_stores", "id", onDelete: .cascade))
            .field("catalog_id", .uuid, .required, .references("catalog_catalogs", "id", onDelete: .cascade))
            .unique(on: "store_id", "catalog_id")
            .create()
        try await database.schema("catalog_pages")
            .field("catalog_id", .uuid, .required, .references("catalog_catalogs", "id", onDelete: .cascade))
            .field("number", .int64, .required)
            .field("view", .string, .required)
            .field("zoom", .string, .required)
            .field("thumb", .string, .required)
            .unique(on: "catalog_id", "number")
            .create()
        let sql = try database.sql()
        // As for offers: a dealer's catalogs valid at all its stores, in id order.
        try await sql.create(index: "catalog_catalogs_dealer").on("catalog_catalogs").column("dealer_id").column("all_stores").column("external_id").run()
        try await sql.create(index: "catalog_catalog_stores_catalog").on("catalog_catalog_stores").column("catalog_id").run()
    }

    func revert(on database: any Database) async throws {
        try await database.schema("catalog_pages").delete()
        try await database.schema("catalog_catalog_stores").delete()
        try await database.schema("catalog_catalogs").delete()
    }
}
