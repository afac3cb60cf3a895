import Foundation
import PlayhouseAPI
import Vapor

extension ConsolePageController {
    /// An app's game data, read-only: its games that have any, and a page of the chosen game's
    /// versions (every region's and namespace's, the current one marked) with what each changed.
    func gameData(_ request: Request) async throws -> Response {
        struct Query: Decodable { var app: String?, game: String? }
        let query = try request.query(Query.self), page = try request.query(PageRequest.self)
        guard let session = try await OperatorSession.current(request) else { return ConsolePages.redirect("/console/sign-in") }
        guard session.person.role.may(.readApps) else { return try await ConsolePages.forbidden(request, session) }
        let (apps, chosen) = try await ConsolePages.apps(request, session, chosen: query.app)
        struct GameRow: Encodable { var game, versions: String, selected: Bool }
        struct VersionRow: Encodable { var place, version, state, documents, link, locale, created, changes, names: String, current: Bool }
        struct Context: Encodable {
            var apps: [ConsolePages.AppChoice], app: String?, games: [GameRow], game: String?, versions: [VersionRow], next: String?
        }
        var context = Context(apps: apps, app: chosen?.clientID, games: [], game: nil, versions: [], next: nil)
        if let chosen {
            let games = try await request.gameData.games(appID: chosen.id)
            let game = games.first { $0.game == query.game }?.game ?? games.first?.game
            context.game = game
            context.games = games.map { GameRow(game: $0.game, versions: ConsolePages.count($0.versions), selected: $0.game == game) }
            if let game {
                let versions = page.page(readFromOffset: try await request.gameData.versions(appID: chosen.id, game: game, all: true, page: page))
                context.next = versions.nextCursor
                context.versions = versions.data.map { version in
                    let changes = version.changes
                    let named = [("added", changes.added), ("changed", changes.changed), ("removed", changes.removed)].compactMap { kind, refs in
                        refs.isEmpty ? nil : kind + ": " + refs.map { "\($0.collection)/\($0.id)" }.joined(separator: ", ")
                    }
                    return VersionRow(place: "\(version.region) · \(version.namespace.rawValue)", version: String(version.version),
                                      state: version.current ? "current" : version.restores.map { "restores \($0)" } ?? "kept",
                                      documents: ConsolePages.count(version.documents),
                                      link: "/console/game-data/\(chosen.clientID)/\(game)?region=\(version.region)&namespace=\(version.namespace.rawValue)&version=\(version.version)",
                                      locale: version.defaultLocale,
                                      created: RFC3339.format(version.createdAt),
                                      changes: "+\(changes.addedCount) ~\(changes.changedCount) −\(changes.removedCount)",
                                      names: named.joined(separator: "; "), current: version.current)
                }
            }
        }
        return try await ConsolePages.render(request, "console-game-data", title: "Game data", session: session, context)
    }
}

extension ConsolePageController {
    /// One version of a game's data in a region and namespace (the current one unless `version`
    /// names another), read-only: its collections, and a page of the chosen one's documents (the
    /// first collection unless `collection` names another) as they are stored, every locale.
    func gameDataDocuments(_ request: Request) async throws -> Response {
        // The query first, as every page reads it, paging included: a bad one is 400 whoever asks.
        struct Query: Decodable { var collection: String? }
        let named = try request.query(Query.self).collection
        let (reading, version) = try AdminGameDataController.query(request)
        _ = try request.query(PageRequest.self)
        guard let session = try await OperatorSession.current(request) else { return ConsolePages.redirect("/console/sign-in") }
        guard session.person.role.may(.readApps) else { return try await ConsolePages.forbidden(request, session) }
        let place = reading.place(appID: try await AdminController.app(request).id), locale = reading.locale
        guard let found = try await request.gameData.collections(place, number: version) else { throw PlayhouseProblem.notFound(request.url.path) }
        let chosen = found.collections.first { $0.name == named }?.name ?? found.collections.first?.name
        struct CollectionRow: Encodable { var name, documents: String, selected: Bool }
        struct DocumentRow: Codable { var id, json: String }
        struct Context: Encodable {
            var app, game, region, namespace, version, collection: String, collections: [CollectionRow], documents: [DocumentRow], next: String?
        }
        var context = Context(app: request.parameters.get("app") ?? "", game: place.game, region: place.region, namespace: place.namespace.rawValue,
                              version: String(found.head.number), collection: chosen ?? "",
                              collections: found.collections.map { CollectionRow(name: $0.name, documents: ConsolePages.count($0.documents),
                                                                                 selected: $0.name == chosen) },
                              documents: [], next: nil)
        if let chosen {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            let shown = try await GameDataController.documents(request, place, collection: chosen, version: found.head.number, in: locale) { id, document in
                DocumentRow(id: id, json: String(decoding: try encoder.encode(document), as: UTF8.self))
            }
            context.documents = shown.page.data
            context.next = shown.page.nextCursor
        }
        return try await ConsolePages.render(request, "console-game-data-documents", title: "\(place.game): game data", session: session, context)
    }
}
