import Foundation
import PlayhouseAPI
import Vapor

/// The admin API's game data, `/admin/v1/apps/{app}/data`, beside the players' (``GameDataController``), read-only: the app's games that have
/// game data, a game's versions (every region's and namespace's, current or kept) with what each
/// changed, and a version's collections and documents as they are stored (every locale). Every
/// role. Imports and rollbacks are `playhouse data`'s.
struct AdminGameDataController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        let data = AdminController.signedIn(routes).grouped("apps", ":app", "data")
        data.requiring(.readApps).get(use: games)
        data.requiring(.readApps).get(":game", "versions", use: versions)
        data.requiring(.readApps).get(":game", "collections", use: collections)
        data.requiring(.readApps).get(":game", "collections", ":collection", use: documents)
    }

    func games(_ request: Request) async throws -> Page<GameWithData> {
        let app = try await AdminController.app(request)
        let page = try request.query(PageRequest.self)
        return page.page(ofAll: try await request.gameData.games(appID: app.id).map { GameWithData(game: $0.game, versions: $0.versions) })
    }

    /// A page of the game's versions, every one it keeps, in region, namespace and number order.
    func versions(_ request: Request) async throws -> Page<GameDataVersion> {
        let page = try request.query(PageRequest.self)
        let app = try await AdminController.app(request)
        return page.page(readFromOffset: try await request.gameData.versions(appID: app.id, game: try request.parameters.require("game"), all: true, page: page))
    }

    /// A page of the collections of the version the query names (`region`, `namespace`, `version`;
    /// the current one when it names none). The cursor holds the version as well as how far into
    /// its collections the page starts, as a page of documents' does, so that the pages are of one
    /// version whatever is imported meanwhile.
    func collections(_ request: Request) async throws -> GameDataCollections {
        let (place, _, version) = try await Self.place(request)
        let page = try request.query(PageRequest.self)
        let (number, offset) = GameDataController.inVersion(page, else: version)
        guard let found = try await request.gameData.collections(place, number: number) else {
            if page.position != nil { throw PageRequest.refused("cursor", "invalid_value") }
            throw PlayhouseProblem.notFound(request.url.path)
        }
        let all = found.collections.map { GameDataCollections.Collection(collection: $0.name, documents: $0.documents) }
        let start = Int(min(offset, Int64(all.count))), end = min(start + page.limit, all.count)
        return GameDataCollections(version: found.head.number, data: Array(all[start..<end]),
                                   nextCursor: end < all.count ? GameDataController.position(version: found.head.number, offset: Int64(end))
                                       .map(PageRequest.cursor) : nil)
    }

    /// A page of a collection's documents in the version the query names, in id order, as stored
    /// (every locale, unless `locale` names one).
    func documents(_ request: Request) async throws -> Page<JSONValue> {
        let (place, locale, version) = try await Self.place(request)
        return try await GameDataController.documents(request, place, collection: try request.parameters.require("collection"), version: version,
                                                      in: locale) { $1 }.page
    }

    /// What a request names: the path's app and game, and the query's `region`, `namespace`,
    /// `locale` and `version` (the current one when left out).
    static func place(_ request: Request) async throws -> (GameDataService.Place, GameDataLocale, version: Int?) {
        let (reading, version) = try query(request)
        return (reading.place(appID: try await AdminController.app(request).id), reading.locale, version)
    }

    /// The query of a version's read, before its app is looked up: `400` naming a field that does not hold.
    static func query(_ request: Request) throws -> (GameDataController.Reading, version: Int?) {
        struct Query: Decodable { var version: Int? }
        let version = try request.query(Query.self).version
        if let version, version < 1 { throw PlayhouseProblem.invalidQuery("version") }
        return (try GameDataController.reading(request), version)
    }
}
