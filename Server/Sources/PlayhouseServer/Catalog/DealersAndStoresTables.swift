import Fluent
import SQLKit

/// Dealers and their stores, each store with its place for the geo queries (``GeoPoint``): its unit
/// vector (x, y, z), indexed by an R*Tree on SQLite, which triggers keep in step with the stores,
/// and by a `cube` GiST index on PostgreSQL (`cube` ships with PostgreSQL and is a trusted
/// extension: the database's owner may create it; it goes in `public`, which the server's search
/// path always has). A store's `place` is its key in the R*Tree.
struct CreateCatalogPlaces: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema("catalog_dealers")
            .id()
            .field("app_id", .uuid, .required, .references("apps", "id", onDelete: .cascade))
            .field("external_id", .string, .required)
            .field("name", .string, .required)
            .field("website", .string)
            .field("logo", .string)
            .field("brand_color", .string)
            .field("created_at", .datetime, .required)
            .field("updated_at", .datetime, .required)
            .unique(on: "app_id", "external_id")
            .create()
        try await database.schema("catalog_stores")
            .id()
            .field("app_id", .uuid, .required, .references("apps", "id", onDelete: .cascade))
            .field("dealer_id", .uuid, .required, .references("catalog_dealers", "id", onDelete: .cascade))
            .field("external_id", .string, .required)
            .field("place", .int64, .required)
            .field("street", .string, .required)
            .field("city", .string, .required)
            .field("zip_code", .string, .required)
            .field("country", .string, .required)
            .field("latitude", .double, .required)
            .field("longitude", .double, .required)
            .field("x", .double, .required)
            .field("y", .double, .required)
            .field("z", .double, .required)
            .field("opening_hours", .string, .required)
            .field("contact", .string)
            .field("created_at", .datetime, .required)
            .field("updated_at", .datetime, .required)
            .unique(on: "app_id", "external_id")
            .unique(on: "place")
            .create()
        let sql = try database.sql()
        try await sql.create(index: "catalog_stores_dealer").on("catalog_stores").column("dealer_id").run()
        if sql.dialect.name == "postgresql" {
            do {
                try await sql.raw("CREATE EXTENSION IF NOT EXISTS cube SCHEMA public").run()
            } catch {
                // Another server (or test) creating it at the same moment makes this one fail; it is there.
                guard try await sql.raw("SELECT 1 AS present FROM pg_extension WHERE extname = 'cube'").first() != nil else { throw error }
            }
            try await sql.raw("CREATE INDEX catalog_stores_vector ON catalog_stores USING gist (cube(ARRAY[x, y, z]))").run()
        } else {
            try await sql.raw("CREATE VIRTUAL TABLE catalog_store_places USING rtree(place, min_x, max_x, min_y, max_y, min_z, max_z)").run()
            try await sql.raw("""
                CREATE TRIGGER catalog_store_placed AFTER INSERT ON catalog_stores BEGIN
                    INSERT INTO catalog_store_places VALUES (NEW.place, NEW.x, NEW.x, NEW.y, NEW.y, NEW.z, NEW.z);
                END
                """).run()
            try await sql.raw("""
                CREATE TRIGGER catalog_store_moved AFTER UPDATE OF x, y, z ON catalog_stores BEGIN
                    UPDATE catalog_store_places SET min_x = NEW.x, max_x = NEW.x, min_y = NEW.y, max_y = NEW.y, min_z = NEW.z, max_z = NEW.z
                    WHERE place = NEW.place;
                END
                """).run()
            try await sql.raw("""
                CREATE TRIGGER catalog_store_removed AFTER DELETE ON catalog_stores BEGIN
                    DELETE FROM catalog_store_places WHERE place = OLD.place;
                END
                """).run()
        }
    }

    func revert(on database: any Database) async throws {
        let sql = try database.sql()
        if sql.dialect.name != "postgresql" { try await sql.raw("DROP TABLE IF EXISTS catalog_store_places").run() }
        try await database.schema("catalog_stores").delete()
        try await database.schema("catalog_dealers").delete()
    }
}
