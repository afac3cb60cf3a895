import Foundation
import PlayhouseAPI
import SQLKit

/// Game data by game, region and namespace: imports, each a new version switched to at once
/// (``importFiles(_:appID:game:region:namespace:defaultLocale:)``), the versions and what each
/// changed, rollback, and the documents of the current version for readers.
///
/// A version holds all of its documents. Which version readers get is one row of
/// `game_data_current`, which an import writes in the transaction that stores the version, and a
/// reader reads in the statement that reads the documents: every reader, on every instance, sees
/// the old version or the new one, never some of each.
public struct GameDataService: Sendable {
    let store: Store
    let now: Date

    /// Where readers' data is: an app's game, in a region and namespace.
    public struct Place: Sendable {
        public var appID: UUID
        public var game: String
        public var region: String
        public var namespace: GameDataNamespace

        public init(appID: UUID, game: String, region: String, namespace: GameDataNamespace) {
            self.appID = appID
            self.game = game
            self.region = region
            self.namespace = namespace
        }
    }

    /// The current version of a place, as a reader's answer names it.
    struct Head: Sendable {
        var id: UUID
        var number: Int
        var defaultLocale: String
        var createdAt: Date
    }

    /// Checks every file (every problem listed, `invalid_game_data`, and nothing stored when there
    /// is any), then stores them as the next version of the game's data in `region` and
    /// `namespace`, with what changed against the current one, and makes it current. `progress`
    /// hears how many of the documents are stored (done, total) as they are.
    public func importFiles(_ files: [GameDataFile], appID: UUID, game: String, region: String, namespace: String, defaultLocale: String,
                            progress: (@Sendable (_ done: Int, _ total: Int) -> Void)? = nil) async throws -> GameDataVersion {
        let check = GameDataCheck(files, game: game, region: region, namespace: namespace, defaultLocale: defaultLocale)
        guard check.problems.isEmpty, let namespace = GameDataNamespace(rawValue: namespace) else {
            throw PlayhouseProblem(.unprocessableEntity, .invalidGameData, parameters: ["problems": check.problems.joined(separator: "; ")])
        }
        let documents = check.documents, place = Place(appID: appID, game: game, region: region, namespace: namespace), now = self.now
        let (number, changes) = try await store.transaction { sql in
            var previous: [GameDataDocumentRef: String] = [:]
            if let current = try await Self.head(of: place, on: sql) {
                for row in try await sql.raw("""
                    SELECT collection, document_id, digest FROM game_data_documents WHERE version_id = \(bind: current.id)
                    """).all() {
                    previous[GameDataDocumentRef(collection: try row.decode(column: "collection", as: String.self),
                                                 id: try row.decode(column: "document_id", as: String.self))] = try row.decode(column: "digest", as: String.self)
                }
            }
            var added: [GameDataDocumentRef] = [], changed: [GameDataDocumentRef] = []
            for document in documents {
                switch previous.removeValue(forKey: document.ref) {
                case nil: added.append(document.ref)
                case document.digest: break
                default: changed.append(document.ref)
                }
            }
            let removed = previous.keys.sorted { ($0.collection, $0.id) < ($1.collection, $1.id) }
            let number = 1 + (try await sql.raw("""
                SELECT COALESCE(MAX(number), 0) AS n FROM game_data_versions
                WHERE app_id = \(bind: place.appID) AND game = \(bind: place.game) AND region = \(bind: place.region)
                  AND namespace = \(bind: place.namespace.rawValue)
                """).first()?.decode(column: "n", as: Int.self) ?? 0)
            let versionID = UUID.random()
            try await sql.raw("""
                INSERT INTO game_data_versions (id, app_id, game, region, namespace, number, default_locale, documents, added, changed, removed, created_at)
                VALUES (\(bind: versionID), \(bind: place.appID), \(bind: place.game), \(bind: place.region), \(bind: place.namespace.rawValue),
                        \(bind: number), \(bind: defaultLocale), \(bind: documents.count), \(bind: added.count), \(bind: changed.count),
                        \(bind: removed.count), \(bind: now))
                """).run()
            for chunk in stride(from: 0, to: documents.count, by: 500).map({ documents[$0..<min($0 + 500, documents.count)] }) {
                let rows: [SQLQueryString] = chunk.map {
                    "(\(bind: versionID), \(bind: $0.ref.collection), \(bind: $0.ref.id), \(bind: $0.body), \(bind: $0.digest))"
                }
                try await sql.raw("""
                    INSERT INTO game_data_documents (version_id, collection, document_id, body, digest) VALUES \(rows.joined(separator: ", "))
                    """).run()
                progress?(chunk.endIndex, documents.count)
            }
            let changes = added.map { ($0, "added") } + changed.map { ($0, "changed") } + removed.map { ($0, "removed") }
            for chunk in stride(from: 0, to: changes.count, by: 500).map({ changes[$0..<min($0 + 500, changes.count)] }) {
                let rows: [SQLQueryString] = chunk.map { "(\(bind: versionID), \(bind: $0.0.collection), \(bind: $0.0.id), \(bind: $0.1))" }
                try await sql.raw("""
                    INSERT INTO game_data_changes (version_id, collection, document_id, change) VALUES \(rows.joined(separator: ", "))
                    """).run()
            }
            try await Self.makeCurrent(versionID, of: place, at: now, on: sql)
            return (number, GameDataChanges(added: added, changed: changed, removed: removed))
        }
        return GameDataVersion(region: region, namespace: namespace, version: number, current: true,
                               defaultLocale: defaultLocale, documents: documents.count, createdAt: now, changes: changes)
    }

    /// The game's versions, each with what it changed: only the current one of each region and
    /// namespace, or (`all`) every version, in region, namespace and number order.
    public func versions(appID: UUID, game: String, all: Bool = false) async throws -> [GameDataVersion] {
        let rows = try await store.read { sql in
            try await sql.raw("""
                SELECT v.id, v.region, v.namespace, v.number, v.default_locale, v.documents, v.added, v.changed, v.removed, v.created_at,
                       c.version_id AS current_id
                FROM game_data_versions v
                LEFT JOIN game_data_current c ON c.app_id = v.app_id AND c.game = v.game AND c.region = v.region
                    AND c.namespace = v.namespace AND c.version_id = v.id
                WHERE v.app_id = \(bind: appID) AND v.game = \(bind: game)
                ORDER BY v.region, v.namespace, v.number
                """).all()
        }
        var versions: [GameDataVersion] = []
        for row in rows {
            let current = try row.decode(column: "current_id", as: UUID?.self) != nil
            guard all || current else { continue }
            versions.append(try await version(row, current: current))
        }
        return versions
    }

    /// Makes version `number` of the game's data in `region` and `namespace` current again.
    /// Nil, changing nothing, when there is no such version.
    public func rollback(_ place: Place, to number: Int) async throws -> GameDataVersion? {
        let now = self.now
        let found = try await store.transaction { sql -> UUID? in
            guard let id = try await sql.raw("""
                SELECT id FROM game_data_versions WHERE app_id = \(bind: place.appID) AND game = \(bind: place.game)
                  AND region = \(bind: place.region) AND namespace = \(bind: place.namespace.rawValue) AND number = \(bind: number)
                """).first()?.decode(column: "id", as: UUID.self) else { return nil }
            try await Self.makeCurrent(id, of: place, at: now, on: sql)
            return id
        }
        guard let found else { return nil }
        return try await version(found)
    }

    /// The current version of `place` and the document `collection`/`id` of it (nil when it has
    /// none); nil when `place` has no data.
    func document(_ place: Place, collection: String, id: String) async throws -> (head: Head, body: String?)? {
        guard let row = try await store.read({ sql in
            try await sql.raw("""
                SELECT v.id, v.number, v.default_locale, v.created_at, d.body
                FROM game_data_current c JOIN game_data_versions v ON v.id = c.version_id
                LEFT JOIN game_data_documents d ON d.version_id = c.version_id AND d.collection = \(bind: collection) AND d.document_id = \(bind: id)
                WHERE c.app_id = \(bind: place.appID) AND c.game = \(bind: place.game) AND c.region = \(bind: place.region)
                  AND c.namespace = \(bind: place.namespace.rawValue)
                """).first()
        }) else { return nil }
        return (try Self.head(row), try row.decode(column: "body", as: String?.self))
    }

    /// The current version of `place` and a page of the documents of `collection` in it, in id
    /// order (`page.position`: how many came before); nil when `place` has no data. A version's
    /// documents never change, so the page is all of one version, whatever an import does meanwhile.
    func documents(_ place: Place, collection: String, page: PageRequest) async throws -> (head: Head, bodies: [String])? {
        try await store.read { sql in
            guard let head = try await Self.head(of: place, on: sql) else { return nil }
            let bodies = try await sql.raw("""
                SELECT body FROM game_data_documents WHERE version_id = \(bind: head.id) AND collection = \(bind: collection)
                ORDER BY document_id LIMIT \(bind: page.readLimit) OFFSET \(bind: page.position ?? 0)
                """).all().map { try $0.decode(column: "body", as: String.self) }
            return (head, bodies)
        }
    }

    // MARK: - Rows

    private static func head(of place: Place, on sql: any SQLDatabase) async throws -> Head? {
        try await sql.raw("""
            SELECT v.id, v.number, v.default_locale, v.created_at
            FROM game_data_current c JOIN game_data_versions v ON v.id = c.version_id
            WHERE c.app_id = \(bind: place.appID) AND c.game = \(bind: place.game) AND c.region = \(bind: place.region)
              AND c.namespace = \(bind: place.namespace.rawValue)
            """).first().map(head)
    }

    private static func head(_ row: any SQLRow) throws -> Head {
        Head(id: try row.decode(column: "id", as: UUID.self), number: try row.decode(column: "number", as: Int.self),
             defaultLocale: try row.decode(column: "default_locale", as: String.self), createdAt: try row.decode(column: "created_at", as: Date.self))
    }

    private static func makeCurrent(_ versionID: UUID, of place: Place, at now: Date, on sql: any SQLDatabase) async throws {
        try await sql.raw("""
            INSERT INTO game_data_current (app_id, game, region, namespace, version_id, updated_at)
            VALUES (\(bind: place.appID), \(bind: place.game), \(bind: place.region), \(bind: place.namespace.rawValue), \(bind: versionID), \(bind: now))
            ON CONFLICT (app_id, game, region, namespace) DO UPDATE SET version_id = excluded.version_id, updated_at = excluded.updated_at
            """).run()
    }

    /// The version `id`, as ``versions(appID:game:all:)`` lists it.
    private func version(_ id: UUID) async throws -> GameDataVersion? {
        guard let row = try await store.read({ sql in
            try await sql.raw("""
                SELECT v.id, v.region, v.namespace, v.number, v.default_locale, v.documents, v.added, v.changed, v.removed, v.created_at,
                       c.version_id AS current_id
                FROM game_data_versions v
                LEFT JOIN game_data_current c ON c.app_id = v.app_id AND c.game = v.game AND c.region = v.region
                    AND c.namespace = v.namespace AND c.version_id = v.id
                WHERE v.id = \(bind: id)
                """).first()
        }) else { return nil }
        return try await version(row, current: try row.decode(column: "current_id", as: UUID?.self) != nil)
    }

    /// A version's row, with the documents its changes name (at most ``GameDataChanges/listed`` of each kind).
    private func version(_ row: any SQLRow, current: Bool) async throws -> GameDataVersion {
        let id = try row.decode(column: "id", as: UUID.self)
        var named: [String: [GameDataDocumentRef]] = [:]
        for change in ["added", "changed", "removed"] {
            named[change] = try await store.read { sql in
                try await sql.raw("""
                    SELECT collection, document_id FROM game_data_changes WHERE version_id = \(bind: id) AND change = \(bind: change)
                    ORDER BY collection, document_id LIMIT \(bind: GameDataChanges.listed)
                    """).all().map {
                    GameDataDocumentRef(collection: try $0.decode(column: "collection", as: String.self), id: try $0.decode(column: "document_id", as: String.self))
                }
            }
        }
        var changes = GameDataChanges(added: named["added"] ?? [], changed: named["changed"] ?? [], removed: named["removed"] ?? [])
        changes.addedCount = try row.decode(column: "added", as: Int.self)
        changes.changedCount = try row.decode(column: "changed", as: Int.self)
        changes.removedCount = try row.decode(column: "removed", as: Int.self)
        return GameDataVersion(region: try row.decode(column: "region", as: String.self),
                               namespace: GameDataNamespace(rawValue: try row.decode(column: "namespace", as: String.self)) ?? .static,
                               version: try row.decode(column: "number", as: Int.self), current: current,
                               defaultLocale: try row.decode(column: "default_locale", as: String.self),
                               documents: try row.decode(column: "documents", as: Int.self),
                               createdAt: try row.decode(column: "created_at", as: Date.self), changes: changes)
    }
}
