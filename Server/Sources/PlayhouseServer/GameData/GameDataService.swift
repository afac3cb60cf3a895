import Foundation
import PlayhouseAPI
import SQLKit

/// Game data by game, region and namespace: imports, each a new version switched to at once
/// (``importFiles(_:appID:game:region:namespace:defaultLocale:progress:by:)``), rollbacks, the
/// versions and what each changed, and the documents of a version for readers.
///
/// A version holds all of its documents and never changes. Which version readers get is one row of
/// `game_data_current`, which an import writes in the transaction that stores the version: every
/// reader, on every instance, reads the old version or the new one, never some of each. A rollback
/// is a version too, a copy of the one it restores, so that the versions' numbers, times and
/// changes always go forward: each version's changes are against the version readers had before it.
/// Imports and rollbacks run one at a time (on PostgreSQL under an advisory lock; SQLite's
/// transaction holds its only writer lock), so each is numbered and compared after the one before.
public struct GameDataService: Sendable {
    let store: Store
    let now: Date
    let searchIndexes: GameDataSearchIndexes
    let answers: GameDataAnswers
    /// Which version each place's readers get, as this instance remembers it.
    let current: GameDataCurrent

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

        /// What the audit log names the place by.
        var ern: String { ERN.make("game-data", "\(appID.uuidString.lowercased())/\(game)/\(region)/\(namespace.rawValue)") }
    }

    /// A version as a reader's answer names it.
    struct Head: Sendable {
        var id: UUID
        var number: Int
        var defaultLocale: String
        var createdAt: Date
    }

    /// The PostgreSQL advisory lock an import or a rollback holds for its transaction ("PHgdimp1").
    static let importLock: Int64 = 0x5048_6764_696D_7031

    /// Checks every file (every problem listed, `invalid_game_data`, and nothing stored when there
    /// is any), then stores them as the next version of the game's data in `region` and
    /// `namespace`, with what changed against the current one, and makes it current. `progress`
    /// hears how many of the documents are stored (done, total) as they are. Audit-logged as `actor`'s.
    public func importFiles(_ files: [GameDataFile], appID: UUID, game: String, region: String, namespace: String, defaultLocale: String,
                            progress: (@Sendable (_ done: Int, _ total: Int) -> Void)? = nil, by actor: AuditActor) async throws -> GameDataVersion {
        let check = GameDataCheck(files, game: game, region: region, namespace: namespace, defaultLocale: defaultLocale)
        guard check.problems.isEmpty, let namespace = GameDataNamespace(rawValue: namespace) else {
            throw PlayhouseProblem(.unprocessableEntity, .invalidGameData, parameters: ["problems": check.problems.joined(separator: "; ")])
        }
        let documents = check.documents, place = Place(appID: appID, game: game, region: region, namespace: namespace), now = self.now
        // Images first, as assets: named by their bytes, they are the same whether or not the version is stored.
        for image in check.images { try await Assets(store: store, now: now).put(image.bytes, contentType: image.contentType) }
        let digests = Dictionary(documents.map { ($0.ref, $0.digest) }, uniquingKeysWith: { first, _ in first })
        let notices = current.changes
        let version = try await store.transaction { sql in
            try await Self.storeVersion(of: place, defaultLocale: defaultLocale, digests: digests, restores: nil, at: now, announcing: notices,
                                        by: actor, on: sql) { versionID in
                for start in stride(from: 0, to: documents.count, by: 500) {
                    let chunk = documents[start..<min(start + 500, documents.count)]
                    let rows: [SQLQueryString] = chunk.map {
                        "(\(bind: versionID), \(bind: $0.ref.collection), \(bind: $0.ref.id), \(bind: $0.body), \(bind: $0.digest))"
                    }
                    try await sql.raw("""
                        INSERT INTO game_data_documents (version_id, collection, document_id, body, digest) VALUES \(rows.joined(separator: ", "))
                        """).run()
                    progress?(chunk.endIndex, documents.count)
                }
            }
        }
        current.forget()
        try? await Self.analyze(store)  // the version is stored: a failure here only leaves the plans as they were
        return version
    }

    /// Makes the documents of version `number` current again, as a new version that copies them
    /// (its changes are against the version readers had). Nil, changing nothing, when there is no
    /// such version. Audit-logged as `actor`'s.
    public func rollback(_ place: Place, to number: Int, by actor: AuditActor) async throws -> GameDataVersion? {
        let now = self.now, notices = current.changes
        let version = try await store.transaction { sql -> GameDataVersion? in
            guard let restored = try await sql.raw("""
                SELECT id, default_locale FROM game_data_versions WHERE app_id = \(bind: place.appID) AND game = \(bind: place.game)
                  AND region = \(bind: place.region) AND namespace = \(bind: place.namespace.rawValue) AND number = \(bind: number)
                """).first() else { return nil }
            let restoredID = try restored.decode(column: "id", as: UUID.self)
            let digests = try await Self.digests(of: restoredID, on: sql)
            return try await Self.storeVersion(of: place, defaultLocale: try restored.decode(column: "default_locale", as: String.self),
                                               digests: digests, restores: number, at: now, announcing: notices, by: actor, on: sql) { versionID in
                try await sql.raw("""
                    INSERT INTO game_data_documents (version_id, collection, document_id, body, digest)
                    SELECT \(bind: versionID), collection, document_id, body, digest FROM game_data_documents WHERE version_id = \(bind: restoredID)
                    """).run()
            }
        }
        if version != nil {
            current.forget()
            try? await Self.analyze(store)
        }
        return version
    }

    /// The app's games that have game data, by id, each with how many versions it keeps.
    public func games(appID: UUID) async throws -> [(game: String, versions: Int)] {
        let rows = try await store.read { sql in
            try await sql.raw("""
                SELECT game, COUNT(*) AS versions FROM game_data_versions WHERE app_id = \(bind: appID)
                GROUP BY game ORDER BY \(SQLQueryString.inByteOrder("game", dialect: sql.dialect.name))
                """).all()
        }
        return try rows.map { (try $0.decode(column: "game", as: String.self), try $0.decode(column: "versions", as: Int.self)) }
    }

    /// The game's versions, each with what it changed: only the current one of each region and
    /// namespace, or (`all`) every version, in region, namespace and number order.
    public func versions(appID: UUID, game: String, all: Bool = false) async throws -> [GameDataVersion] {
        try await versions(appID: appID, game: game, all: all, page: nil)
    }

    /// The rows of `page` of ``versions(appID:game:all:)`` (``PageRequest/page(readFromOffset:)``):
    /// a game keeps every version it had.
    func versions(appID: UUID, game: String, all: Bool, page: PageRequest?) async throws -> [GameDataVersion] {
        let page: SQLQueryString = page.map { "LIMIT \(bind: $0.readLimit) OFFSET \(bind: $0.offset)" } ?? ""
        let rows = try await store.read { sql in
            let dialect = sql.dialect.name
            return try await sql.raw("""
                SELECT \(Self.versionColumns) FROM game_data_versions v
                LEFT JOIN game_data_current c ON c.app_id = v.app_id AND c.game = v.game AND c.region = v.region
                    AND c.namespace = v.namespace AND c.version_id = v.id
                WHERE v.app_id = \(bind: appID) AND v.game = \(bind: game)\(unsafeRaw: all ? "" : " AND c.version_id IS NOT NULL")
                ORDER BY \(SQLQueryString.inByteOrder("v.region", dialect: dialect)), v.namespace, v.number
                \(page)
                """).all()
        }
        var versions: [GameDataVersion] = []
        for row in rows { versions.append(try await version(row)) }
        return versions
    }

    /// The version of `place` readers get now and its document `collection`/`id` rendered in
    /// `locale` (nil when it has none); nil when `place` has no data. What this instance read and
    /// rendered before costs no database round trip (``GameDataCurrent``, ``GameDataAnswers``).
    func document(_ place: Place, collection: String, id: String, in locale: GameDataLocale) async throws -> (head: Head, answer: RenderedAnswer?)? {
        guard let head = try await currentHead(of: place) else { return nil }
        let key = GameDataAnswers.Key(version: head.id, collection: collection, id: id, locale: locale)
        if let known = answers.known(key) { return (head, known) }
        let body = try await store.read { sql in
            // The id in byte order, so that PostgreSQL reads the index (made in byte order) for it.
            try await sql.raw("""
                SELECT body FROM game_data_documents WHERE version_id = \(bind: head.id) AND collection = \(bind: collection)
                  AND \(SQLQueryString.inByteOrder("document_id", dialect: sql.dialect.name)) = \(bind: id)
                """).first()?.decode(column: "body", as: String.self)
        }
        let answer = try body.map { try RenderedAnswer(try Self.document($0, in: locale, of: head)) }
        answers.remember(key, answer)
        return (head, answer)
    }

    /// The version of `place` readers get now, or (`number`) another of its versions, and the
    /// documents of `collection` in it in id order (byte order) and in `locale`, each with its id,
    /// `limit` of them after `offset`; nil when there is no such version.
    func documents(_ place: Place, number: Int? = nil, collection: String, limit: Int, offset: Int64,
                   in locale: GameDataLocale) async throws -> (head: Head, documents: [(id: String, body: JSONValue)])? {
        guard let head = try await head(of: place, number: number) else { return nil }
        let rows = try await store.read { sql in
            try await sql.raw("""
                SELECT document_id, body FROM game_data_documents WHERE version_id = \(bind: head.id) AND collection = \(bind: collection)
                ORDER BY \(SQLQueryString.inByteOrder("document_id", dialect: sql.dialect.name)) LIMIT \(bind: limit) OFFSET \(bind: offset)
                """).all().map { (id: try $0.decode(column: "document_id", as: String.self), body: try $0.decode(column: "body", as: String.self)) }
        }
        return (head, try rows.map { (id: $0.id, body: try Self.document($0.body, in: locale, of: head)) })
    }

    /// The version of `place` readers get now, or (`number`) another of its versions, and its
    /// collections by name, each with how many documents it holds; nil when there is no such version.
    func collections(_ place: Place, number: Int? = nil) async throws -> (head: Head, collections: [(name: String, documents: Int)])? {
        guard let head = try await head(of: place, number: number) else { return nil }
        let collections = try await store.read { sql in
            try await sql.raw("""
                SELECT collection, COUNT(*) AS documents FROM game_data_documents WHERE version_id = \(bind: head.id)
                GROUP BY collection ORDER BY collection
                """).all().map { (name: try $0.decode(column: "collection", as: String.self), documents: try $0.decode(column: "documents", as: Int.self)) }
        }
        return (head, collections)
    }

    /// The version of `place` readers get now, or (`number`) another of its versions.
    private func head(of place: Place, number: Int?) async throws -> Head? {
        guard let number else { return try await currentHead(of: place) }
        return try await store.read { sql in try await Self.head(of: place, number: number, on: sql) }
    }

    /// The version of `place` readers get now and the page of the documents of `collection` in it
    /// that `search` finds, in `locale`; nil when `place` has no data. A 400 (``PlayhouseProblem/unknownGameDataField(_:of:parameter:)``)
    /// names a field no document of the collection has.
    func search(_ place: Place, collection: String, _ search: GameDataSearch,
                in locale: GameDataLocale) async throws -> (head: Head, page: GameDataSearchPage<JSONValue>)? {
        guard let head = try await currentHead(of: place) else { return nil }
        let store = self.store
        let index = try await searchIndexes.index(version: head.id, collection: collection) {
            let rows = try await store.read { sql in
                try await sql.raw("""
                    SELECT document_id, body FROM game_data_documents WHERE version_id = \(bind: head.id) AND collection = \(bind: collection)
                    """).all().map { (id: try $0.decode(column: "document_id", as: String.self), body: try $0.decode(column: "body", as: String.self)) }
            }
            return GameDataSearchIndex(try rows.map { (id: $0.id, body: try Self.decode($0.body)) })
        }
        let found = try index.run(search, collection: collection)
        var bodies: [String: String] = [:]
        if !found.ids.isEmpty {
            for row in try await store.read({ sql in
                try await sql.raw("""
                    SELECT document_id, body FROM game_data_documents
                    WHERE version_id = \(bind: head.id) AND collection = \(bind: collection)
                      AND \(SQLQueryString.inByteOrder("document_id", dialect: sql.dialect.name)) IN (\(binds: found.ids))
                    """).all()
            }) {
                bodies[try row.decode(column: "document_id", as: String.self)] = try row.decode(column: "body", as: String.self)
            }
        }
        let documents = try found.ids.compactMap { id in try bodies[id].map { try Self.document($0, in: locale, of: head) } }
        let page = GameDataSearchPage(page: search.page, pageSize: search.pageSize, maxPageSize: GameDataSearch.maxPageSize,
                                      pageCount: (found.total + search.pageSize - 1) / search.pageSize, total: found.total, data: documents)
        return (head, page)
    }

    /// The version of `place` readers get now (``GameDataCurrent``).
    private func currentHead(of place: Place) async throws -> Head? {
        let store = self.store
        return try await current.head(of: place, logger: store.logger, eventLoop: store.eventLoop) {
            try await store.read { sql in try await Self.head(of: place, number: nil, on: sql) }
        }
    }

    /// A stored document as a reader in `locale` gets it from version `head`.
    private static func document(_ body: String, in locale: GameDataLocale, of head: Head) throws -> JSONValue {
        locale.apply(to: try decode(body), fallback: head.defaultLocale)
    }

    /// A stored document's JSON.
    private static func decode(_ body: String) throws -> JSONValue {
        try JSONValue(parsing: body.utf8)
    }

    // MARK: - Storing a version

    /// Has PostgreSQL count the documents again after a version is stored, so that it plans reads
    /// of the new version as reads of a large one (without it, it takes a version it has not
    /// counted for a handful of rows, and scans all of them for a page of ids).
    private static func analyze(_ store: Store) async throws {
        try await store.write { sql in
            if sql.dialect.name == "postgresql" { try await sql.raw("ANALYZE game_data_documents").run() }
        }
    }

    private static func lock(on sql: any SQLDatabase) async throws {
        if sql.dialect.name == "postgresql" { try await sql.raw("SELECT pg_advisory_xact_lock(\(bind: importLock))").run() }
    }

    /// Stores the next version of `place`, whose documents (by their digests) are `digests` and
    /// which `insertDocuments` writes, with what changed against the current version, and makes it
    /// current, announcing it (``ChangeNotices``, PostgreSQL), and writes it to the audit log as `actor`'s;
    /// inside the caller's transaction, under the import lock.
    private static func storeVersion(of place: Place, defaultLocale: String, digests: [GameDataDocumentRef: String], restores: Int?,
                                     at now: Date, announcing notices: ChangeNotices, by actor: AuditActor, on sql: any SQLDatabase,
                                     documents insertDocuments: (UUID) async throws -> Void) async throws -> GameDataVersion {
        try await lock(on: sql)
        var previous: [GameDataDocumentRef: String] = [:]
        if let current = try await Self.head(of: place, number: nil, on: sql) { previous = try await Self.digests(of: current.id, on: sql) }
        var added: [GameDataDocumentRef] = [], changed: [GameDataDocumentRef] = []
        for (ref, digest) in digests {
            switch previous.removeValue(forKey: ref) {
            case nil: added.append(ref)
            case digest: break
            default: changed.append(ref)
            }
        }
        let order: (GameDataDocumentRef, GameDataDocumentRef) -> Bool = {
            ($0.collection.utf8.lexicographicallyPrecedes($1.collection.utf8)) || ($0.collection == $1.collection && $0.id.utf8.lexicographicallyPrecedes($1.id.utf8))
        }
        added.sort(by: order)
        changed.sort(by: order)
        let removed = previous.keys.sorted(by: order)
        let number = 1 + (try await sql.raw("""
            SELECT COALESCE(MAX(number), 0) AS n FROM game_data_versions
            WHERE app_id = \(bind: place.appID) AND game = \(bind: place.game) AND region = \(bind: place.region)
              AND namespace = \(bind: place.namespace.rawValue)
            """).first()?.decode(column: "n", as: Int.self) ?? 0)
        let versionID = UUID.random()
        try await sql.raw("""
            INSERT INTO game_data_versions (id, app_id, game, region, namespace, number, default_locale, restores, documents, added, changed, removed, created_at)
            VALUES (\(bind: versionID), \(bind: place.appID), \(bind: place.game), \(bind: place.region), \(bind: place.namespace.rawValue),
                    \(bind: number), \(bind: defaultLocale), \(bind: restores), \(bind: digests.count), \(bind: added.count), \(bind: changed.count),
                    \(bind: removed.count), \(bind: now))
            """).run()
        try await insertDocuments(versionID)
        // Only the documents a version's answer names are kept (its counts are whole).
        let changes = added.prefix(GameDataChanges.listed).map { ($0, "added") } + changed.prefix(GameDataChanges.listed).map { ($0, "changed") }
            + removed.prefix(GameDataChanges.listed).map { ($0, "removed") }
        for start in stride(from: 0, to: changes.count, by: 500) {
            let rows: [SQLQueryString] = changes[start..<min(start + 500, changes.count)].map {
                "(\(bind: versionID), \(bind: $0.0.collection), \(bind: $0.0.id), \(bind: $0.1))"
            }
            try await sql.raw("""
                INSERT INTO game_data_changes (version_id, collection, document_id, change) VALUES \(rows.joined(separator: ", "))
                """).run()
        }
        try await sql.raw("""
            INSERT INTO game_data_current (app_id, game, region, namespace, version_id, updated_at)
            VALUES (\(bind: place.appID), \(bind: place.game), \(bind: place.region), \(bind: place.namespace.rawValue), \(bind: versionID), \(bind: now))
            ON CONFLICT (app_id, game, region, namespace) DO UPDATE SET version_id = excluded.version_id, updated_at = excluded.updated_at
            """).run()
        // Every instance forgets which version was current when this commits (``GameDataCurrent``).
        try await notices.announce("", on: sql)
        let stored = GameDataVersion(region: place.region, namespace: place.namespace, version: number, current: true, restores: restores,
                                     defaultLocale: defaultLocale, documents: digests.count, createdAt: now,
                                     changes: GameDataChanges(added: added, changed: changed, removed: removed))
        try await sql.raw(AuditLog.entry(by: actor, restores == nil ? "game data imported" : "game data rolled back", target: place.ern,
                                         after: AuditedVersion(stored), at: now)).run()
        return stored
    }

    /// A version as the audit log keeps it: its counts, not the documents it names.
    private struct AuditedVersion: Encodable {
        var version: Int
        var restores: Int?
        var documents: Int
        var added: Int
        var changed: Int
        var removed: Int

        init(_ version: GameDataVersion) {
            (self.version, restores, documents) = (version.version, version.restores, version.documents)
            (added, changed, removed) = (version.changes.addedCount, version.changes.changedCount, version.changes.removedCount)
        }
    }

    private static func digests(of versionID: UUID, on sql: any SQLDatabase) async throws -> [GameDataDocumentRef: String] {
        var digests: [GameDataDocumentRef: String] = [:]
        for row in try await sql.raw("SELECT collection, document_id, digest FROM game_data_documents WHERE version_id = \(bind: versionID)").all() {
            digests[GameDataDocumentRef(collection: try row.decode(column: "collection", as: String.self),
                                        id: try row.decode(column: "document_id", as: String.self))] = try row.decode(column: "digest", as: String.self)
        }
        return digests
    }

    // MARK: - Rows

    /// The current version of `place`, or its version `number`.
    private static func head(of place: Place, number: Int?, on sql: any SQLDatabase) async throws -> Head? {
        let row: (any SQLRow)?
        if let number {
            row = try await sql.raw("""
                SELECT id, number, default_locale, created_at FROM game_data_versions
                WHERE app_id = \(bind: place.appID) AND game = \(bind: place.game) AND region = \(bind: place.region)
                  AND namespace = \(bind: place.namespace.rawValue) AND number = \(bind: number)
                """).first()
        } else {
            row = try await sql.raw("""
                SELECT v.id, v.number, v.default_locale, v.created_at
                FROM game_data_current c JOIN game_data_versions v ON v.id = c.version_id
                WHERE c.app_id = \(bind: place.appID) AND c.game = \(bind: place.game) AND c.region = \(bind: place.region)
                  AND c.namespace = \(bind: place.namespace.rawValue)
                """).first()
        }
        return try row.map(Self.head)
    }

    /// A version's `id`, `number`, `default_locale` and `created_at` in a row.
    private static func head(_ row: any SQLRow) throws -> Head {
        Head(id: try row.decode(column: "id", as: UUID.self), number: try row.decode(column: "number", as: Int.self),
             defaultLocale: try row.decode(column: "default_locale", as: String.self), createdAt: try row.decode(column: "created_at", as: Date.self))
    }

    private static let versionColumns: SQLQueryString = """
        v.id, v.region, v.namespace, v.number, v.default_locale, v.restores, v.documents, v.added, v.changed, v.removed, v.created_at,
        c.version_id AS current_id
        """

    /// A version's row (``versionColumns``), with the documents its changes name (the first
    /// ``GameDataChanges/listed`` of each kind, in byte order).
    private func version(_ row: any SQLRow) async throws -> GameDataVersion {
        let id = try row.decode(column: "id", as: UUID.self)
        let named = try await store.read { sql in
            var named: [String: [GameDataDocumentRef]] = [:]
            let dialect = sql.dialect.name
            for change in ["added", "changed", "removed"] {
                named[change] = try await sql.raw("""
                    SELECT collection, document_id FROM game_data_changes WHERE version_id = \(bind: id) AND change = \(bind: change)
                    ORDER BY \(SQLQueryString.inByteOrder("collection", dialect: dialect)), \(SQLQueryString.inByteOrder("document_id", dialect: dialect))
                    LIMIT \(bind: GameDataChanges.listed)
                    """).all().map {
                    GameDataDocumentRef(collection: try $0.decode(column: "collection", as: String.self), id: try $0.decode(column: "document_id", as: String.self))
                }
            }
            return named
        }
        var changes = GameDataChanges(added: named["added"] ?? [], changed: named["changed"] ?? [], removed: named["removed"] ?? [])
        changes.addedCount = try row.decode(column: "added", as: Int.self)
        changes.changedCount = try row.decode(column: "changed", as: Int.self)
        changes.removedCount = try row.decode(column: "removed", as: Int.self)
        return GameDataVersion(region: try row.decode(column: "region", as: String.self),
                               namespace: GameDataNamespace(rawValue: try row.decode(column: "namespace", as: String.self)) ?? .static,
                               version: try row.decode(column: "number", as: Int.self),
                               current: try row.decode(column: "current_id", as: UUID?.self) != nil,
                               restores: try row.decode(column: "restores", as: Int?.self),
                               defaultLocale: try row.decode(column: "default_locale", as: String.self),
                               documents: try row.decode(column: "documents", as: Int.self),
                               createdAt: try row.decode(column: "created_at", as: Date.self), changes: changes)
    }
}
