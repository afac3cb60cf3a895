import Foundation
import PlayhouseAPI
import SQLKit

/// Which operators reach which apps. An app is open to every operator (as their role allows) until
/// an owner limits it to some operators; then it is theirs, and owners', alone: the others do not
/// see it in any list, and every admin call on it answers 404 (``AdminController/app(_:)``, the
/// one way the admin API and the pages find the app of a path).
struct AppAccess: Sendable {
    let store: Store
    let now: Date

    /// Whether `person` reaches `app`.
    func reaches(_ app: AppRecord, by person: Operator) async throws -> Bool {
        guard person.role != .owner else { return true }
        let operators = try await store.read { sql in
            try await sql.raw("SELECT operator_id FROM app_operators WHERE app_id = \(bind: app.id)").all()
                .map { try $0.decode(column: "operator_id", as: UUID.self) }
        }
        return operators.isEmpty || operators.contains(person.id)
    }

    /// Every app `person` reaches, oldest first.
    func apps(reachableBy person: Operator) async throws -> [AppRecord] {
        let apps = try await AppService(store: store, now: now).list()
        guard person.role != .owner else { return apps }
        var limited: [UUID: Set<UUID>] = [:]
        for row in try await store.read({ sql in try await sql.raw("SELECT app_id, operator_id FROM app_operators").all() }) {
            limited[try row.decode(column: "app_id", as: UUID.self), default: []].insert(try row.decode(column: "operator_id", as: UUID.self))
        }
        return apps.filter { limited[$0.id]?.contains(person.id) ?? true }
    }

    /// The operators the app is limited to, by email; none when it is open to every operator.
    func operators(of app: AppRecord) async throws -> [Operator] {
        try await store.read { sql in
            try await sql.raw("""
                SELECT \(Operator.columns) FROM app_operators x JOIN operators o ON o.id = x.operator_id
                WHERE x.app_id = \(bind: app.id) ORDER BY o.email
                """).all().map(Operator.init(row:))
        }
    }

    /// Limits the app to `people` (none: open to every operator again), audit-logged with the
    /// lists before and after when it changed.
    func limit(_ app: AppRecord, to people: [Operator], by actor: AuditActor) async throws -> [Operator] {
        let now = self.now
        return try await store.transaction { sql in
            let before = try await sql.raw("""
                SELECT o.email FROM app_operators x JOIN operators o ON o.id = x.operator_id WHERE x.app_id = \(bind: app.id) ORDER BY o.email
                """).all().map { try $0.decode(column: "email", as: String.self) }
            try await sql.raw("DELETE FROM app_operators WHERE app_id = \(bind: app.id)").run()
            for person in Set(people.map(\.id)).sorted(by: { $0.uuidString < $1.uuidString }) {
                try await sql.raw("INSERT INTO app_operators (app_id, operator_id) VALUES (\(bind: app.id), \(bind: person))").run()
            }
            let after = Array(Set(people.map(\.email))).sorted()
            if before != after {
                try await sql.raw(AuditLog.entry(by: actor, "app operators set", target: app.ern, before: before, after: after, at: now)).run()
            }
            return Dictionary(people.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first }).values.sorted { $0.email < $1.email }
        }
    }
}
