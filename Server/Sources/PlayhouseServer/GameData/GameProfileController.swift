import Foundation
import PlayhouseAPI
import Vapor

/// Players' profiles per game (``GameProfileService``). The app's own server writes a player's
/// documents with an app token that has `profile:write`:
/// `PUT` and `DELETE /v1/players/{player}/profiles/{game}/{collection}/{id}`. The player reads
/// them with a token that has the game's consent (`{game}.profile`): `GET /v1/me/profiles/{game}`
/// (the collections), `/{collection}` (a page of its documents) and `/{collection}/{id}`, each
/// with an optional `locale` as game data reads take it (``GameDataLocale``).
struct GameProfileController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        let document = routes.grouped("players", ":player", "profiles", ":game", ":collection", ":document")
        document.on(.PUT, body: .collect(maxSize: ByteCount(value: GameDataCheck.maxDocumentBytes + 1)), use: put)
        document.delete(use: delete)
        routes.get("me", "profiles", ":game", use: profile)
        routes.get("me", "profiles", ":game", ":collection", use: documents)
        routes.get("me", "profiles", ":game", ":collection", ":document", use: read)
    }

    /// `201` with the document as stored when it is new, `200` when it replaced one.
    func put(_ request: Request) async throws -> Response {
        let ref = try written(request)
        try request.requireJSONBody()
        let bytes = request.body.data.map { Data(buffer: $0) } ?? Data()
        let stored = try await request.gameProfiles.put(ref, bytes: bytes)
        var headers: HTTPHeaders = ["Content-Type": HTTPHeaders.jsonContentType]
        if stored.created { headers.replaceOrAdd(name: .location, value: request.url.path) }
        return Response(status: stored.created ? .created : .ok, headers: headers, body: .init(string: stored.body))
    }

    /// `204` when the document was deleted; `404` when there was none.
    func delete(_ request: Request) async throws -> Response {
        guard try await request.gameProfiles.delete(try written(request)) else {
            throw PlayhouseProblem.notFound(request.url.path)
        }
        return Response(status: .noContent)
    }

    func profile(_ request: Request) async throws -> Response {
        let (appID, playerID, game) = try reader(request)
        let collections = try await request.gameProfiles.collections(appID: appID, playerID: playerID, game: game)
        return try Response.cached(GameProfile(game: game, collections: collections), lifetime: 0,
                                   lastModified: collections.map(\.updatedAt).max(), request)
    }

    /// A page of a collection's documents, in id order; an empty page for a collection the profile does not have.
    func documents(_ request: Request) async throws -> Response {
        let (appID, playerID, game) = try reader(request)
        let page = try request.query(PageRequest.self)
        let documents = try await request.gameProfiles
            .documents(appID: appID, playerID: playerID, game: game, collection: try request.parameters.require("collection"),
                       limit: page.readLimit, offset: page.offset, in: try Self.locale(request))
        return try Response.cached(page.page(readFromOffset: documents), lifetime: 0, request)
    }

    func read(_ request: Request) async throws -> Response {
        let (appID, playerID, game) = try reader(request)
        let ref = GameProfileService.Ref(appID: appID, playerID: playerID, game: game, collection: try request.parameters.require("collection"),
                                         id: try request.parameters.require("document"))
        guard let found = try await request.gameProfiles.document(ref, in: try Self.locale(request)) else {
            throw PlayhouseProblem.notFound(request.url.path)
        }
        return try Response.cached(found.document, lifetime: 0, lastModified: found.updatedAt, request)
    }

    /// The document a write names, for an app token with `profile:write`.
    private func written(_ request: Request) throws -> GameProfileService.Ref {
        let principal = try request.principal
        let app = try principal.requireAppToken()
        try principal.require(scope: GameProfileService.writeScope)
        guard let player = UUID(uuidString: try request.parameters.require("player")) else {
            throw PlayhouseProblem(.notFound, .playerNotFound)
        }
        return GameProfileService.Ref(appID: app.id, playerID: player, game: try request.parameters.require("game"),
                                      collection: try request.parameters.require("collection"), id: try request.parameters.require("document"))
    }

    /// The player who reads, and the game, for a player's token with the game's consent.
    private func reader(_ request: Request) throws -> (appID: UUID, playerID: UUID, game: String) {
        let principal = try request.principal
        let game: String = try request.parameters.require("game")
        let playerID = try principal.requirePlayer(scope: GameProfileService.scope(of: game))
        return (principal.app.id, playerID, game)
    }

    private struct Query: Decodable {
        var locale: String?
    }

    private static func locale(_ request: Request) throws -> GameDataLocale {
        guard let locale = GameDataLocale(query: try request.query(Query.self).locale) else {
            throw PlayhouseProblem.invalidQuery("locale")
        }
        return locale
    }
}
