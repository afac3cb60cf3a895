import Foundation
import PlayhouseAPI
import SQLKit

/// Players' profiles per game: documents the app's own server writes for one of its players in a
/// game, in collections (`characters`, `achievements`, …), and the player reads with that game's
/// consent (``scope(of:)``). A document is checked as an imported game-data document is
/// (``GameDataCheck/document(_:)``), and read in the player's locale as game data is
/// (``GameDataLocale``), falling back to the default locale of the game's newest data version.
struct GameProfileService: Sendable {
    let store: Store
    let now: Date
    /// Whose profiles they are: a player of the app writing.
    let players: PlayerService

    /// The scope a player's token needs to read their profile in `game`: `{game}.profile`.
    static func scope(of game: String) -> String { game + scopeSuffix }

    /// The game a scope is the profile consent of (`realms.profile` is `realms`'s), nil for another scope.
    static func game(ofScope scope: String) -> String? {
        guard scope.hasSuffix(scopeSuffix) else { return nil }
        let game = String(scope.dropLast(scopeSuffix.count))
        return GameDataCheck.isName(game, upTo: 64) ? game : nil
    }

    /// The scope an app token needs to write players' profiles.
    static let writeScope = "profile:write"
    private static let scopeSuffix = ".profile"

    /// Where a profile document is.
    struct Ref: Sendable {
        var appID: UUID
        var playerID: UUID
        var game: String
        var collection: String
        var id: String
    }

    /// Stores `bytes` (a JSON object) as the document `ref`, replacing the one there; whether it is
    /// new, and the document as stored. `422 invalid_profile_document` lists every problem with it
    /// (and stores nothing); `404 player_not_found` when the player is not the app's.
    func put(_ ref: Ref, bytes: Data) async throws -> (created: Bool, body: String) {
        let check = GameDataCheck.document(GameDataFile(collection: ref.collection, id: ref.id, bytes: bytes), game: ref.game)
        guard check.problems.isEmpty, let document = check.document else {
            throw PlayhouseProblem(.unprocessableEntity, .invalidProfileDocument, parameters: ["problems": check.problems.joined(separator: "; ")])
        }
        guard try await players.find(ref.playerID, appID: ref.appID) != nil else { throw PlayhouseProblem(.notFound, .playerNotFound) }
        let now = self.now
        let created = try await store.transaction { sql -> Bool in
            // Whichever of two first writes inserts is the one that created it; the other replaces it.
            let inserted = try await sql.claimed("""
                INSERT INTO game_profiles (app_id, player_id, game, collection, document_id, body, digest, updated_at)
                VALUES (\(bind: ref.appID), \(bind: ref.playerID), \(bind: ref.game), \(bind: ref.collection), \(bind: ref.id),
                        \(bind: document.body), \(bind: document.digest), \(bind: now))
                ON CONFLICT (player_id, game, collection, document_id) DO NOTHING RETURNING document_id
                """)
            if !inserted {
                try await sql.raw("""
                    UPDATE game_profiles SET body = \(bind: document.body), digest = \(bind: document.digest), updated_at = \(bind: now)
                    \(Self.matching(ref, dialect: sql.dialect.name))
                    """).run()
            }
            return inserted
        }
        return (created, document.body)
    }

    /// Deletes the document `ref`; whether there was one.
    func delete(_ ref: Ref) async throws -> Bool {
        try await store.write { sql in
            try await sql.claimed("DELETE FROM game_profiles \(Self.matching(ref, dialect: sql.dialect.name)) RETURNING document_id")
        }
    }

    /// Forgets every game profile of the player (a deleted account, ``DeleteAccount``), in the
    /// caller's transaction.
    static func forget(playerID: UUID, on sql: any SQLDatabase) async throws {
        try await sql.raw("DELETE FROM game_profiles WHERE player_id = \(bind: playerID)").run()
    }

    /// The collections of `playerID`'s profile in `game`, in byte order, with how many documents
    /// each has and when one last changed.
    func collections(appID: UUID, playerID: UUID, game: String) async throws -> [GameProfileCollection] {
        try await store.read { sql in
            try await sql.raw("""
                SELECT collection, COUNT(*) AS documents, MAX(updated_at) AS updated_at FROM game_profiles
                WHERE player_id = \(bind: playerID) AND app_id = \(bind: appID) AND game = \(bind: game)
                GROUP BY collection ORDER BY \(SQLQueryString.inByteOrder("collection", dialect: sql.dialect.name))
                """).all()
        }.map {
            GameProfileCollection(name: try $0.decode(column: "collection", as: String.self), documents: try $0.decode(column: "documents", as: Int.self),
                                  updatedAt: try $0.decode(column: "updated_at", as: Date.self))
        }
    }

    /// `limit` of the documents of `collection` in `playerID`'s profile in `game`, after `offset`,
    /// in id order (byte order) and in `locale`.
    func documents(appID: UUID, playerID: UUID, game: String, collection: String, limit: Int, offset: Int64,
                   in locale: GameDataLocale) async throws -> [JSONValue] {
        let (rows, fallback) = try await store.read { sql in
            let rows = try await sql.raw("""
                SELECT body FROM game_profiles
                WHERE player_id = \(bind: playerID) AND app_id = \(bind: appID) AND game = \(bind: game) AND collection = \(bind: collection)
                ORDER BY \(SQLQueryString.inByteOrder("document_id", dialect: sql.dialect.name)) LIMIT \(bind: limit) OFFSET \(bind: offset)
                """).all().map { try $0.decode(column: "body", as: String.self) }
            return (rows, try await Self.defaultLocale(appID: appID, game: game, on: sql))
        }
        return try rows.map { locale.apply(to: try JSONValue(parsing: $0.utf8), fallback: fallback ?? "") }
    }

    /// The document `ref` in `locale`, and when it last changed; nil when there is none.
    func document(_ ref: Ref, in locale: GameDataLocale) async throws -> (document: JSONValue, updatedAt: Date)? {
        let found = try await store.read { sql -> (String, Date, String?)? in
            guard let row = try await sql.raw("SELECT body, updated_at FROM game_profiles \(Self.matching(ref, dialect: sql.dialect.name))").first() else {
                return nil
            }
            return (try row.decode(column: "body", as: String.self), try row.decode(column: "updated_at", as: Date.self),
                    try await Self.defaultLocale(appID: ref.appID, game: ref.game, on: sql))
        }
        guard let (body, updatedAt, fallback) = found else { return nil }
        return (locale.apply(to: try JSONValue(parsing: body.utf8), fallback: fallback ?? ""), updatedAt)
    }

    /// The document `ref`; its id in byte order, so that PostgreSQL reads the index (made in byte order) for it.
    private static func matching(_ ref: Ref, dialect: String) -> SQLQueryString {
        """
        WHERE player_id = \(bind: ref.playerID) AND app_id = \(bind: ref.appID) AND game = \(bind: ref.game)
          AND collection = \(bind: ref.collection) AND \(SQLQueryString.inByteOrder("document_id", dialect: dialect)) = \(bind: ref.id)
        """
    }

    /// The default locale of the newest version of `game`'s data, in any region and namespace.
    private static func defaultLocale(appID: UUID, game: String, on sql: any SQLDatabase) async throws -> String? {
        try await sql.raw("""
            SELECT default_locale FROM game_data_versions WHERE app_id = \(bind: appID) AND game = \(bind: game)
            ORDER BY created_at DESC LIMIT 1
            """).first()?.decode(column: "default_locale", as: String.self)
    }
}
