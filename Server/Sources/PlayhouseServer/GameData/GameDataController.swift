import Foundation
import PlayhouseAPI
import Vapor

/// Game data (Battle.net's game data API, for an app's own games), for any token of the app: a
/// collection's documents, one document, and what each region's and namespace's current version
/// changed. Reads name the `region`, and may name the `namespace` (`static` when left out) and the
/// `locale` (``GameDataLocale``). Every answer carries an `ETag` and the version's time as
/// `Last-Modified` (the latest version's, for the versions); `If-None-Match` with the answer's
/// `ETag` gets `304`.
struct GameDataController {
    /// How long an app may keep an answer before it asks again (with its `ETag`), in seconds.
    static let lifetime = 60

    /// Registers a document's read on `documents`, which answers from memory mostly (and may run
    /// on the event loop), and the versions, pages and searches, which read and render more, on `routes`.
    func register(on routes: any RoutesBuilder, documents: any RoutesBuilder) {
        routes.get("data", ":game", "versions", use: versions)
        routes.get("data", ":game", ":collection", use: index)
        routes.get("data", ":game", ":collection", "search", use: search)
        documents.get("data", ":game", ":collection", ":document", use: document)
    }

    func versions(_ request: Request) async throws -> Response {
        let versions = try await request.gameData.versions(appID: try request.principal.app.id, game: try request.parameters.require("game"))
        return try Response.cached(GameDataVersions(data: versions), lifetime: Self.lifetime, lastModified: versions.map(\.createdAt).max(), request)
    }

    /// A page of a version's documents. The cursor holds the version as well as how far into it the
    /// page starts, so that a reader paging through a collection stays in one version, whatever is
    /// imported meanwhile (versions are kept).
    func index(_ request: Request) async throws -> Response {
        let (place, locale) = try Self.place(request, appID: try request.principal.app.id)
        let found = try await Self.documents(request, place, collection: try request.parameters.require("collection"), in: locale) { $1 }
        return try Response.cached(found.page, lifetime: Self.lifetime, lastModified: found.head.createdAt, request)
    }

    /// The page of the documents of `collection` that the request's cursor names, in the version
    /// the cursor names, or else `version` (the current one when nil), each as `item` makes it of
    /// its id and body.
    static func documents<Item: Codable & Sendable>(_ request: Request, _ place: GameDataService.Place, collection: String, version: Int? = nil,
                                                    in locale: GameDataLocale,
                                                    as item: (_ id: String, _ body: JSONValue) throws -> Item) async throws
        -> (page: Page<Item>, head: GameDataService.Head) {
        let page = try request.query(PageRequest.self)
        let (number, offset) = Self.inVersion(page, else: version)
        guard let found = try await request.gameData.documents(place, number: number, collection: collection,
                                                                limit: page.readLimit, offset: offset, in: locale) else {
            if page.position != nil { throw PageRequest.refused("cursor", "invalid_value") }
            throw PlayhouseProblem.notFound(request.url.path)
        }
        let following = offset + Int64(page.limit)
        let next = found.documents.count > page.limit ? Self.position(version: found.head.number, offset: following) : nil
        return (page.page(try found.documents.prefix(page.limit).map { try item($0.id, $0.body) }, next: next), found.head)
    }

    /// Where a page of one version's list starts (a collection's documents, a version's
    /// collections): the version, from the cursor (else `version`, the current one when nil), and
    /// how far into it. The cursor holds both, so that a reader's pages stay in one version,
    /// whatever is imported meanwhile.
    static func inVersion(_ page: PageRequest, else version: Int?) -> (version: Int?, offset: Int64) {
        (page.position.map { Int($0 >> 32) } ?? version, page.offset & 0xFFFF_FFFF)
    }

    /// The position of the page `offset` into `version`'s list; nil past what a position holds.
    static func position(version: Int, offset: Int64) -> Int64? {
        offset <= 0xFFFF_FFFF ? Int64(version) << 32 | offset : nil
    }

    func document(_ request: Request) async throws -> Response {
        let (place, locale) = try Self.place(request, appID: try request.principal.app.id)
        guard let found = try await request.gameData.document(place, collection: try request.parameters.require("collection"),
                                                               id: try request.parameters.require("document"), in: locale),
              let answer = found.answer else {
            throw PlayhouseProblem.notFound(request.url.path)
        }
        return Response.cached(answer, lifetime: Self.lifetime, lastModified: found.head.createdAt, request)
    }

    /// A page of the documents a search finds (``GameDataSearch``): `400` naming a parameter the
    /// search cannot read, or a field no document of the collection has.
    func search(_ request: Request) async throws -> Response {
        let (place, locale) = try Self.place(request, appID: try request.principal.app.id)
        let collection: String = try request.parameters.require("collection")
        let search = try GameDataSearch(query: request.url.query)
        guard let found = try await request.gameData.search(place, collection: collection, search, in: locale) else {
            throw PlayhouseProblem.notFound(request.url.path)
        }
        return try Response.cached(found.page, lifetime: Self.lifetime, lastModified: found.head.createdAt, request)
    }

    /// The query of a read: `region`, `namespace` and `locale`.
    private struct Query: Decodable {
        var region: String?
        var namespace: GameDataNamespace?
        var locale: String?
    }

    /// Where a read is, but for its app, and in which locale.
    struct Reading {
        var game: String
        var region: String
        var namespace: GameDataNamespace
        var locale: GameDataLocale

        func place(appID: UUID) -> GameDataService.Place {
            GameDataService.Place(appID: appID, game: game, region: region, namespace: namespace)
        }
    }

    /// The path's `game` and the query's `region`, `namespace` (`static` when left out) and
    /// `locale`; `400` naming a query field that does not hold.
    static func reading(_ request: Request) throws -> Reading {
        let query = try request.query(Query.self)
        guard let region = query.region else { throw PlayhouseProblem.invalidQuery("region", "required") }
        guard GameDataCheck.isName(region, upTo: 32) else { throw PlayhouseProblem.invalidQuery("region") }
        guard let locale = GameDataLocale(query: query.locale) else { throw PlayhouseProblem.invalidQuery("locale") }
        return Reading(game: try request.parameters.require("game"), region: region, namespace: query.namespace ?? .static, locale: locale)
    }

    /// Where the read is in the app `appID`, and in which locale (``reading(_:)``).
    private static func place(_ request: Request, appID: UUID) throws -> (GameDataService.Place, GameDataLocale) {
        let reading = try reading(request)
        return (reading.place(appID: appID), reading.locale)
    }
}
