import Fluent
import SQLKit

/// The console's tables: its operators, their signed-in sessions, and the audit log of every change
/// they make, which the database itself keeps append-only (triggers refuse every update and delete,
/// on both engines, whoever runs them).
struct CreateConsole: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema("operators")
            .id()
            .field("email", .string, .required)
            .field("role", .string, .required)
            .field("password_hash", .string)
            .field("invite_hash", .string)
            .field("invite_expires_at", .datetime)
            .field("failed_sign_ins", .int, .required, .sql(.default(0)))
            .field("locked_until", .datetime)
            .field("disabled_at", .datetime)
            .field("created_at", .datetime, .required)
            .unique(on: "email")
            .unique(on: "invite_hash")
            .create()
        try await database.schema("operator_sessions")
            .id()
            .field("operator_id", .uuid, .required, .references("operators", "id", onDelete: .cascade))
            .field("cookie_hash", .string, .required)
            .field("csrf", .string, .required)
            .field("expires_at", .datetime, .required)
            .unique(on: "cookie_hash")
            .create()
        // No foreign keys: an entry outlives whatever it names.
        try await database.schema("audit_log")
            .field("seq", .int64, .identifier(auto: true))
            .field("at", .datetime, .required)
            .field("operator_id", .uuid)
            .field("actor", .string, .required)
            .field("action", .string, .required)
            .field("target", .string, .required)
            .field("before", .string)
            .field("after", .string)
            .create()
        let sql = try database.sql()
        if sql.dialect.name == "postgresql" {
            try await sql.raw("""
                CREATE FUNCTION audit_log_is_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
                BEGIN RAISE EXCEPTION 'the audit log is append-only'; END $$
                """).run()
            try await sql.raw("""
                CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log
                FOR EACH ROW EXECUTE FUNCTION audit_log_is_append_only()
                """).run()
            try await sql.raw("""
                CREATE TRIGGER audit_log_not_truncated BEFORE TRUNCATE ON audit_log
                FOR EACH STATEMENT EXECUTE FUNCTION audit_log_is_append_only()
                """).run()
        } else {
            for change in ["UPDATE", "DELETE"] {
                try await sql.raw("""
                    CREATE TRIGGER audit_log_no_\(unsafeRaw: change.lowercased()) BEFORE \(unsafeRaw: change) ON audit_log
                    BEGIN SELECT RAISE(ABORT, 'the audit log is append-only'); END
                    """).run()
            }
        }
    }

    func revert(on database: any Database) async throws {
        let sql = try database.sql()
        for table in ["audit_log", "operator_sessions", "operators"] { try await sql.raw("DROP TABLE \(ident: table)").run() }
        if sql.dialect.name == "postgresql" { try await sql.raw("DROP FUNCTION audit_log_is_append_only()").run() }
    }
}

/// Operators' second factor: the secret of their authenticator app (base 32), one being set up,
/// and the last step a code was used in (a code works once).
struct AddOperatorSecondFactor: AsyncMigration {
    func prepare(on database: any Database) async throws {
        // One column a change: SQLite adds one at a time.
        try await database.schema("operators").field("totp_secret", .string).update()
        try await database.schema("operators").field("totp_pending", .string).update()
        try await database.schema("operators").field("totp_last_step", .int64).update()
    }

    func revert(on database: any Database) async throws {
        for field: FieldKey in ["totp_secret", "totp_pending", "totp_last_step"] { try await database.schema("operators").deleteField(field).update() }
    }
}

/// Operators' API tokens (``OperatorTokens``), stored as hashes.
struct CreateOperatorTokens: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema("operator_tokens")
            .id()
            .field("operator_id", .uuid, .required, .references("operators", "id", onDelete: .cascade))
            .field("name", .string, .required)
            .field("token_hash", .string, .required)
            .field("created_at", .datetime, .required)
            .field("expires_at", .datetime, .required)
            .field("revoked_at", .datetime)
            .unique(on: "token_hash")
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema("operator_tokens").delete()
    }
}

/// The dashboard's kept counts of settled days and hours (``DashboardFigures``), and the indexes
/// on (app, time) that count sign-ups, completed deposits and bets.
struct CreateFigureCounts: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema("figure_counts")
            .field("app_id", .uuid, .required, .references("apps", "id", onDelete: .cascade))
            .field("figure", .string, .required)
            .field("period", .string, .required)
            .field("value", .int64, .required)
            .unique(on: "app_id", "figure", "period")
            .create()
        let sql = try database.sql()
        try await sql.create(index: "players_app_time").on("players").column("app_id").column("created_at").run()
        try await sql.create(index: "payments_app_finished").on("payments").column("app_id").column("finished_at").run()
        try await sql.create(index: "bets_app_time").on("bets").column("app_id").column("created_at").run()
    }

    func revert(on database: any Database) async throws {
        let sql = try database.sql()
        for index in ["players_app_time", "payments_app_finished", "bets_app_time"] { try await sql.drop(index: index).run() }
        try await database.schema("figure_counts").delete()
    }
}

/// The operators an app is limited to (``AppAccess``); an app without any is open to every operator.
struct CreateAppOperators: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema("app_operators")
            .field("app_id", .uuid, .required, .references("apps", "id", onDelete: .cascade))
            .field("operator_id", .uuid, .required, .references("operators", "id", onDelete: .cascade))
            .unique(on: "app_id", "operator_id")
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema("app_operators").delete()
    }
}

/// SQLite: `INSERT OR REPLACE` naming an existing entry's `seq` would replace it (its implicit
/// delete fires no trigger), so an insert may not name a `seq` the log has used.
struct GuardAuditLogSequence: AsyncMigration {
    func prepare(on database: any Database) async throws {
        let sql = try database.sql()
        guard sql.dialect.name == "sqlite" else { return }
        // A `seq` left to the database reads as -1 here.
        try await sql.raw("""
            CREATE TRIGGER audit_log_no_replace BEFORE INSERT ON audit_log
            WHEN NEW.seq >= 0 AND NEW.seq <= (SELECT COALESCE(MAX(seq), 0) FROM audit_log)
            BEGIN SELECT RAISE(ABORT, 'the audit log is append-only'); END
            """).run()
    }

    func revert(on database: any Database) async throws {
        let sql = try database.sql()
        if sql.dialect.name == "sqlite" { try await sql.raw("DROP TRIGGER audit_log_no_replace").run() }
    }
}
