import Foundation
import PlayhouseAPI
import Vapor

/// Game data (Battle.net's game data API, for an app's own games), for any token of the app: a
/// collection's documents, one document, and what each region's and namespace's current version
/// changed. Reads name the `region`, and may name the `namespace` (`static` when left out) and the
/// `locale` (``GameDataLocale``). Every answer carries an `ETag` and the version's time as
/// `Last-Modified`; `If-None-Match` with the answer's `ETag` gets `304`.
struct GameDataController: RouteCollection {
    /// How long an app may keep an answer before it asks again (with its `ETag`), in seconds.
    static let lifetime = 60

    func boot(routes: any RoutesBuilder) throws {
        routes.get("data", ":game", "versions", use: versions)
        routes.get("data", ":game", ":collection", use: index)
        routes.get("data", ":game", ":collection", ":document", use: document)
    }

    func versions(_ request: Request) async throws -> Response {
        let versions = try await request.gameData.versions(appID: try request.principal.app.id, game: try request.parameters.require("game"))
        return try Response.cached(GameDataVersions(data: versions), lifetime: Self.lifetime, request)
    }

    func index(_ request: Request) async throws -> Response {
        let (place, locale) = try Self.place(request)
        let page = try request.query(PageRequest.self)
        guard let found = try await request.gameData.documents(place, collection: try request.parameters.require("collection"), page: page) else {
            throw PlayhouseProblem.notFound(request.url.path)
        }
        let documents = try found.bodies.prefix(page.limit).map { locale.apply(to: try Self.decode($0), fallback: found.head.defaultLocale) }
        let next = found.bodies.count > page.limit ? (page.position ?? 0) + Int64(page.limit) : nil
        return try Response.cached(page.page(documents, next: next), lifetime: Self.lifetime, lastModified: found.head.createdAt, request)
    }

    func document(_ request: Request) async throws -> Response {
        let (place, locale) = try Self.place(request)
        guard let found = try await request.gameData.document(place, collection: try request.parameters.require("collection"),
                                                               id: try request.parameters.require("document")),
              let body = found.body else {
            throw PlayhouseProblem.notFound(request.url.path)
        }
        return try Response.cached(locale.apply(to: try Self.decode(body), fallback: found.head.defaultLocale), lifetime: Self.lifetime,
                                   lastModified: found.head.createdAt, request)
    }

    /// The query of a read: `region`, `namespace` and `locale`.
    private struct Query: Decodable {
        var region: String?
        var namespace: String?
        var locale: String?
    }

    /// Where the read is, and in which locale; `400` naming a query field that does not hold.
    private static func place(_ request: Request) throws -> (GameDataService.Place, GameDataLocale) {
        let query = try request.query(Query.self)
        guard let region = query.region, GameDataCheck.isName(region, upTo: 32) else { throw PageRequest.refused("region", query.region == nil ? "required" : "invalid_value") }
        guard let namespace = GameDataNamespace(rawValue: query.namespace ?? "static") else { throw PageRequest.refused("namespace", "invalid_value") }
        guard let locale = GameDataLocale(query: query.locale) else { throw PageRequest.refused("locale", "invalid_value") }
        let place = GameDataService.Place(appID: try request.principal.app.id, game: try request.parameters.require("game"), region: region,
                                          namespace: namespace)
        return (place, locale)
    }

    private static func decode(_ body: String) throws -> JSONValue {
        try JSONDecoder().decode(JSONValue.self, from: Data(body.utf8))
    }
}
