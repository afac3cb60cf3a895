import Fluent
import SQLKit

/// Offers, the stores that sell them, and the words they are found by. An offer is sold at all of
/// its dealer's stores (`all_stores`) or at the stores `catalog_offer_stores` lists. Full-text
/// search reads the offer's `words`: its heading and description as ``CatalogService/words(_:)``
/// splits and lower-cases them, so that neither the engine nor the database's locale decides what a
/// word is. SQLite keeps them in an FTS5 table, in step with the offers by triggers and keyed by
/// each offer's `number`; PostgreSQL in a GIN index over ``searchVector(_:)``.
struct CreateCatalogOffers: AsyncMigration {
    /// The words of `column` as PostgreSQL's index and queries both spell them (they must match
    /// for the index to serve).
    static func searchVector(_ column: String) -> String { "to_tsvector('simple', \(column))" }

    func prepare(on database: any Database) async throws {
        try await database.schema("catalog_offers")
            .id()
            .field("app_id", .uuid, .required, .references("apps", "id", onDelete: .cascade))
            .field("dealer_id", .uuid, .required, .references("catalog_dealers", "id", onDelete: .cascade))
            .field("external_id", .string, .required)
            .field("number", .int64, .required)
            .field("heading", .string, .required)
            .field("description", .string)
            .field("words", .string, .required)
            .field("price", .int64, .required)
            .field("pre_price", .int64)
            .field("currency", .string, .required)
            .field("quantity", .double)
            .field("unit", .string)
            .field("image", .string)
            .field("valid_from", .datetime, .required)
            .field("valid_until", .datetime, .required)
            .field("all_stores", .bool, .required)
            // The catalog page it is on, and its hotspot there: a rectangle in fractions of the page.
            .field("catalog_id", .uuid, .references("catalog_catalogs", "id", onDelete: .setNull))
            .field("page", .int64)
            .field("hotspot_x", .double)
            .field("hotspot_y", .double)
            .field("hotspot_width", .double)
            .field("hotspot_height", .double)
            .field("created_at", .datetime, .required)
            .field("updated_at", .datetime, .required)
            .unique(on: "app_id", "external_id")
            .unique(on: "number")
            .create()
        try await database.schema("catalog_offer_stores")
            .field("store_id", .uuid, .required, .references("catalog_stores", "id", onDelete: .cascade))
            .field("offer_id", .uuid, .required, .references("catalog_offers", "id", onDelete: .cascade))
            .unique(on: "store_id", "offer_id")
            .create()
        let sql = try database.sql()
        // A dealer's offers sold at all its stores, in id order: what a page of offers near a point reads.
        try await sql.create(index: "catalog_offers_dealer").on("catalog_offers").column("dealer_id").column("all_stores").column("external_id").run()
        try await sql.create(index: "catalog_offer_stores_offer").on("catalog_offer_stores").column("offer_id").run()
        try await sql.create(index: "catalog_offers_catalog").on("catalog_offers").column("catalog_id").column("page").run()
        if sql.dialect.name == "postgresql" {
            try await sql.raw("""
                CREATE INDEX catalog_offers_words ON catalog_offers USING gin ((\(unsafeRaw: Self.searchVector("words"))))
                """).run()
        } else {
            try await sql.raw("""
                CREATE VIRTUAL TABLE catalog_offer_words USING fts5(words, tokenize = 'unicode61 remove_diacritics 0')
                """).run()
            try await sql.raw("""
                CREATE TRIGGER catalog_offer_written AFTER INSERT ON catalog_offers BEGIN
                    INSERT INTO catalog_offer_words (rowid, words) VALUES (NEW.number, NEW.words);
                END
                """).run()
            try await sql.raw("""
                CREATE TRIGGER catalog_offer_rewritten AFTER UPDATE OF words ON catalog_offers BEGIN
                    UPDATE catalog_offer_words SET words = NEW.words WHERE rowid = NEW.number;
                END
                """).run()
            try await sql.raw("""
                CREATE TRIGGER catalog_offer_removed AFTER DELETE ON catalog_offers BEGIN
                    DELETE FROM catalog_offer_words WHERE rowid = OLD.number;
                END
                """).run()
        }
    }

    func revert(on database: any Database) async throws {
        let sql = try database.sql()
        if sql.dialect.name != "postgresql" { try await sql.raw("DROP TABLE IF EXISTS catalog_offer_words").run() }
        try await database.schema("catalog_offer_stores").delete()
        try await database.schema("catalog_offers").delete()
    }
}

/// A page near a point reads each near dealer's first offers (or catalogs) sold at all its stores,
/// in the order of their ids: on PostgreSQL to find the id that ends the page
/// (``CatalogService/placedSQL(_:appID:_:)``), on SQLite the rows themselves
/// (``CatalogService/nearestFirst(_:appID:_:near:on:)``). With the validity in the dealer's index,
/// expired ones are passed over in the index, not row by row.
struct AddValidityToDealerIndexes: AsyncMigration {
    static let tables = [("catalog_offers", "catalog_offers_dealer"), ("catalog_catalogs", "catalog_catalogs_dealer")]

    func prepare(on database: any Database) async throws {
        let sql = try database.sql()
        for (table, index) in Self.tables {
            try await sql.drop(index: index).run()
            try await sql.create(index: index).on(table).column("dealer_id").column("all_stores").column("external_id").column("valid_until").run()
        }
    }

    func revert(on database: any Database) async throws {
        let sql = try database.sql()
        for (table, index) in Self.tables {
            try await sql.drop(index: index).run()
            try await sql.create(index: index).on(table).column("dealer_id").column("all_stores").column("external_id").run()
        }
    }
}
