import Foundation

/// How game data changes: `static` with a release, `dynamic` at any time (Battle.net's namespaces).
public enum GameDataNamespace: String, Codable, Sendable, CaseIterable {
    case `static`
    case dynamic
}

/// One document of a version's changes: its collection and id.
public struct GameDataDocumentRef: Codable, Sendable, Equatable, Hashable {
    public var collection: String
    public var id: String

    public init(collection: String, id: String) {
        self.collection = collection
        self.id = id
    }
}

/// What a version changed against the version readers had before it (`GET /v1/data/{game}/versions`): the
/// documents added, changed and removed, each list in collection and id order, at most
/// ``listed`` of each; the counts are whole.
public struct GameDataChanges: Codable, Sendable, Equatable {
    /// At most this many documents are named in each list.
    public static let listed = 1000

    public var addedCount: Int
    public var changedCount: Int
    public var removedCount: Int
    public var added: [GameDataDocumentRef]
    public var changed: [GameDataDocumentRef]
    public var removed: [GameDataDocumentRef]

    public init(added: [GameDataDocumentRef], changed: [GameDataDocumentRef], removed: [GameDataDocumentRef]) {
        addedCount = added.count
        changedCount = changed.count
        removedCount = removed.count
        self.added = Array(added.prefix(Self.listed))
        self.changed = Array(changed.prefix(Self.listed))
        self.removed = Array(removed.prefix(Self.listed))
    }

    enum CodingKeys: String, CodingKey {
        case added, addedCount = "added_count", changed, changedCount = "changed_count", removed, removedCount = "removed_count"
    }
}

/// A version of one game's data in one region and namespace: every import, and every rollback (a
/// copy of the version it restores), makes the next one.
public struct GameDataVersion: Codable, Sendable, Equatable {
    public var region: String
    public var namespace: GameDataNamespace
    /// 1 for the first import, then one more each import.
    public var version: Int
    /// Whether readers get this version now: the latest import or rollback.
    public var current: Bool
    /// For a rollback: the version whose documents it restores.
    public var restores: Int?
    /// The locale a text falls back to when a document has none in the locale asked for.
    public var defaultLocale: String
    public var documents: Int
    public var createdAt: Date
    public var changes: GameDataChanges

    public init(region: String, namespace: GameDataNamespace, version: Int, current: Bool, restores: Int? = nil, defaultLocale: String,
                documents: Int, createdAt: Date, changes: GameDataChanges) {
        self.region = region
        self.namespace = namespace
        self.version = version
        self.current = current
        self.restores = restores
        self.defaultLocale = defaultLocale
        self.documents = documents
        self.createdAt = createdAt
        self.changes = changes
    }

    enum CodingKeys: String, CodingKey {
        case changes, createdAt = "created_at", current, defaultLocale = "default_locale", documents, namespace, region,
            restores, version
    }
}

/// A game's current versions, one for each region and namespace it has data in.
public struct GameDataVersions: Codable, Sendable, Equatable {
    public var data: [GameDataVersion]

    public init(data: [GameDataVersion]) {
        self.data = data
    }
}

/// A page of a search of game data (`GET /v1/data/{game}/{collection}/search`), numbered as
/// Battle.net's searches are: `page` from 1, `pageCount` pages of `pageSize` documents, `total`
/// documents found in all.
public struct GameDataSearchPage<Element: Sendable>: Sendable {
    public var page: Int
    public var pageSize: Int
    /// The largest `_pageSize` a search takes.
    public var maxPageSize: Int
    public var pageCount: Int
    public var total: Int
    public var data: [Element]

    public init(page: Int, pageSize: Int, maxPageSize: Int, pageCount: Int, total: Int, data: [Element]) {
        self.page = page
        self.pageSize = pageSize
        self.maxPageSize = maxPageSize
        self.pageCount = pageCount
        self.total = total
        self.data = data
    }

    enum CodingKeys: String, CodingKey {
        case data, maxPageSize = "max_page_size", page, pageCount = "page_count", pageSize = "page_size", total
    }
}

extension GameDataSearchPage: Decodable where Element: Decodable {}
extension GameDataSearchPage: Encodable where Element: Encodable {}
extension GameDataSearchPage: Equatable where Element: Equatable {}

/// One collection of a player's profile in a game: its name, how many documents it has, and when
/// one of them last changed.
public struct GameProfileCollection: Codable, Sendable, Equatable {
    public var name: String
    public var documents: Int
    public var updatedAt: Date

    public init(name: String, documents: Int, updatedAt: Date) {
        self.name = name
        self.documents = documents
        self.updatedAt = updatedAt
    }

    enum CodingKeys: String, CodingKey {
        case documents, name, updatedAt = "updated_at"
    }
}

/// A player's profile in a game (`GET /v1/me/profiles/{game}`): its collections, in byte order.
public struct GameProfile: Codable, Sendable, Equatable {
    public var game: String
    public var collections: [GameProfileCollection]

    public init(game: String, collections: [GameProfileCollection]) {
        self.game = game
        self.collections = collections
    }
}

/// An app's game that has game data, and how many versions of it are kept (the admin API's
/// `GET /admin/v1/apps/{app}/data`).
public struct GameWithData: Codable, Sendable, Equatable {
    public var game: String
    public var versions: Int

    public init(game: String, versions: Int) {
        self.game = game
        self.versions = versions
    }
}

/// A page of one version's collections, each with how many documents it holds (the admin API's
/// `GET /admin/v1/apps/{app}/data/{game}/collections`): the ``Page`` envelope, with the version's
/// number beside it.
public struct GameDataCollections: Codable, Sendable, Equatable {
    public struct Collection: Codable, Sendable, Equatable {
        public var collection: String
        public var documents: Int

        public init(collection: String, documents: Int) {
            self.collection = collection
            self.documents = documents
        }
    }

    public var version: Int
    public var data: [Collection]
    /// The next page's cursor; none on the last page.
    public var nextCursor: String?

    public init(version: Int, data: [Collection], nextCursor: String? = nil) {
        self.version = version
        self.data = data
        self.nextCursor = nextCursor
    }

    enum CodingKeys: String, CodingKey {
        case data, nextCursor = "next_cursor", version
    }
}
