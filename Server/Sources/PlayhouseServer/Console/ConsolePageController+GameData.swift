import Foundation
import PlayhouseAPI
import Vapor

extension ConsolePageController {
    /// An app's game data, read-only: its games that have any, and the chosen game's versions (every
    /// region's and namespace's, the current one marked) with what each changed.
    func gameData(_ request: Request) async throws -> Response {
        struct Query: Decodable { var app: String?, game: String? }
        let query = try request.query(Query.self)
        guard let session = try await OperatorSession.current(request) else { return ConsolePages.redirect("/console/sign-in") }
        guard session.person.role.may(.readApps) else { return try await ConsolePages.forbidden(request, session) }
        let (apps, chosen) = try await ConsolePages.apps(request, session, chosen: query.app)
        struct GameRow: Encodable { var game, versions: String, selected: Bool }
        struct VersionRow: Encodable { var place, version, state, documents, locale, created, changes, names: String, current: Bool }
        struct Context: Encodable { var apps: [ConsolePages.AppChoice], app: String?, games: [GameRow], game: String?, versions: [VersionRow] }
        var context = Context(apps: apps, app: chosen?.clientID, games: [], game: nil, versions: [])
        if let chosen {
            let games = try await request.gameData.games(appID: chosen.id)
            let game = games.first { $0.game == query.game }?.game ?? games.first?.game
            context.game = game
            context.games = games.map { GameRow(game: $0.game, versions: ConsolePages.count($0.versions), selected: $0.game == game) }
            if let game {
                context.versions = try await request.gameData.versions(appID: chosen.id, game: game, all: true).map { version in
                    let changes = version.changes
                    let named = [("added", changes.added), ("changed", changes.changed), ("removed", changes.removed)].compactMap { kind, refs in
                        refs.isEmpty ? nil : kind + ": " + refs.map { "\($0.collection)/\($0.id)" }.joined(separator: ", ")
                    }
                    return VersionRow(place: "\(version.region) · \(version.namespace.rawValue)", version: String(version.version),
                                      state: version.current ? "current" : version.restores.map { "restores \($0)" } ?? "kept",
                                      documents: ConsolePages.count(version.documents), locale: version.defaultLocale,
                                      created: RFC3339.format(version.createdAt),
                                      changes: "+\(changes.addedCount) ~\(changes.changedCount) −\(changes.removedCount)",
                                      names: named.joined(separator: "; "), current: version.current)
                }
            }
        }
        return try await ConsolePages.render(request, "console-game-data", title: "Game data", session: session, context)
    }
}
