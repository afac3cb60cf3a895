import Foundation
import GameMath
import PlayhouseAPI
import Vapor

/// The admin API's games, `/admin/v1/apps/{app}/games`: every role lists them with their exact
/// return to player; owners and developers import definitions, open and close games and run
/// simulations; the roles that read statistics see a game's bets per day. Imports, opening and
/// closing are audit-logged. Support sees a player's bets with their fairness
/// (`/admin/v1/apps/{app}/players/{player}/bets`).
struct AdminGamesController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        let games = AdminController.signedIn(routes).grouped("apps", ":app", "games")
        games.requiring(.readApps).get(use: list)
        games.requiring(.manageGames).post(use: importGame)
        games.requiring(.manageGames).post(":game", "open") { try await setOpen(true, $0) }
        games.requiring(.manageGames).post(":game", "close") { try await setOpen(false, $0) }
        games.requiring(.manageGames).post(":game", "simulation", use: simulate)
        games.requiring(.readStatistics).get(":game", "bets", use: betsPerDay)
        let player = AdminController.signedIn(routes).grouped("apps", ":app", "players", ":player")
        player.requiring(.readPlayers).get("bets", use: playerBets)
    }

    /// The player's bets, newest first, with their fairness (the server seed once revealed), as
    /// the player's own `GET /v1/bets` pages them.
    func playerBets(_ request: Request) async throws -> Page<Bet> {
        let (app, player) = try await AdminController.player(request)
        return try await request.betHistory.history(.init(app: app, playerID: player.id), game: nil, page: try request.query(PageRequest.self))
    }

    func list(_ request: Request) async throws -> Page<GameInfo> {
        let page = try request.query(PageRequest.self)
        return page.page(ofAll: try await request.games.list(appID: try await AdminController.app(request).id))
    }

    /// Imports the definition in the body (JSON, as `playhouse games import` reads it).
    func importGame(_ request: Request) async throws -> Response {
        let session = try request.operatorSession
        let app = try await AdminController.app(request)
        let definition = try request.decodeBody(GameDefinition.self)
        let imported = try await request.games.importGame(appID: app.id, definition, by: session.actor)
        return try await GameImport(game: imported.game, created: imported.created, combinations: imported.report.combinations)
            .encodeResponse(status: imported.created ? .created : .ok, for: request)
    }

    func setOpen(_ open: Bool, _ request: Request) async throws -> GameInfo {
        let session = try request.operatorSession
        let app = try await AdminController.app(request), slug = request.parameters.get("game") ?? ""
        guard try await request.games.setOpen(open, appID: app.id, slug: slug, by: session.actor),
              let game = try await request.games.find(appID: app.id, slug: slug) else { throw PlayhouseProblem.gameNotFound(slug) }
        return game
    }

    static let largestPart = 200_000
    /// One simulation at a time on the whole instance: the thread pool it runs on hashes passwords too.
    private static let simulations = SerialGate()

    /// Plays the game `spins` times (every payline), off the event loop, one simulation at a time.
    func simulate(_ request: Request) async throws -> GameSimulationPart {
        let spins = try request.decodeBody(GameSimulationOrder.self).spins
        guard (1...Self.largestPart).contains(spins) else {
            throw PlayhouseProblem.validation([.init(name: "spins", code: "out_of_range", parameters: ["min": "1", "max": String(Self.largestPart)])])
        }
        let app = try await AdminController.app(request), slug = request.parameters.get("game") ?? ""
        guard let game = try await request.games.find(appID: app.id, slug: slug),
              let machine = try await request.games.machine(appID: app.id, slug: slug) else { throw PlayhouseProblem.gameNotFound(slug) }
        let threadPool = request.threadPool
        let simulation = try await Self.simulations.run {
            try await threadPool.runIfActive {
                var source = SimulationOutcomeSource()
                return machine.simulate(spins: spins, using: &source)
            }
        }
        let standardError = simulation.standardError
        return GameSimulationPart(spins: simulation.spins, stake: simulation.stake, totalPays: simulation.totalPays, hits: simulation.hits,
                              sumOfSquaredReturns: simulation.sumOfSquaredReturns, rtp: simulation.rtp,
                              standardError: standardError.isFinite ? standardError : 0, exactRTP: game.rtp)
    }

    func betsPerDay(_ request: Request) async throws -> DashboardSeries {
        let app = try await AdminController.app(request), slug = request.parameters.get("game") ?? ""
        guard try await request.games.find(appID: app.id, slug: slug) != nil else { throw PlayhouseProblem.gameNotFound(slug) }
        return try await request.dashboard.bets(appID: app.id, game: slug)
    }
}
