import GameMath
import PlayhouseAPI
import SQLKit
import Vapor

/// The app's games, bets on them and the player's fairness seeds (scope `play`). A backed bet
/// needs a player's token and accepts `Idempotency-Key`; an unbacked bet also takes an unbacked
/// token (client credentials with `client_user_id`).
struct GamesController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        let games = routes.grouped("games")
        games.get(use: list)
        games.get(":game", use: show)
        games.get(":game", "definition", use: definition)
        games.post(":game", "bet", use: bet)
        games.post(":game", "unbacked-bet", use: unbackedBet)
        // Betable's credit bets: credits won in :game, bet on :play_game.
        games.post(":game", ":play_game", "bet", use: creditBet)
        games.post(":game", ":play_game", "unbacked-bet", use: unbackedCreditBet)
        routes.get("bets", use: history)
        routes.get("bets", ":bet_id", use: showBet)
        routes.get("fairness", use: fairness)
        routes.put("fairness", "client-seed", use: setClientSeed)
        routes.post("fairness", "rotate", use: rotate)
    }

    func list(_ request: Request) async throws -> Page<GameInfo> {
        let principal = try request.principal
        try principal.require(scope: "play")
        let page = try request.query(PageRequest.self)
        return page.page(ofAll: try await request.games.list(appID: principal.app.id))
    }

    func show(_ request: Request) async throws -> GameInfo {
        let principal = try request.principal
        try principal.require(scope: "play")
        let slug = try request.parameters.require("game")
        guard let game = try await request.games.find(appID: principal.app.id, slug: slug) else {
            throw PlayhouseProblem.gameNotFound(slug)
        }
        return game
    }

    /// The definition as imported: what a device needs to re-derive a bet's outcome.
    func definition(_ request: Request) async throws -> GameDefinition {
        let principal = try request.principal
        try principal.require(scope: "play")
        let slug = try request.parameters.require("game")
        guard let definition = try await request.games.definition(appID: principal.app.id, slug: slug) else {
            throw PlayhouseProblem.gameNotFound(slug)
        }
        return definition
    }

    func bet(_ request: Request) async throws -> Response {
        try await backedBet(request, game: try request.parameters.require("game"), creditsFrom: nil)
    }

    func unbackedBet(_ request: Request) async throws -> Response {
        try await unbackedBet(request, game: try request.parameters.require("game"), creditsFrom: nil)
    }

    func creditBet(_ request: Request) async throws -> Response {
        try await backedBet(request, game: try request.parameters.require("play_game"), creditsFrom: try request.parameters.require("game"))
    }

    func unbackedCreditBet(_ request: Request) async throws -> Response {
        try await unbackedBet(request, game: try request.parameters.require("play_game"), creditsFrom: try request.parameters.require("game"))
    }

    private func backedBet(_ request: Request, game slug: String, creditsFrom: String?) async throws -> Response {
        let principal = try request.principal
        let playerID = try principal.requirePlayer(scope: "play")
        let body = try request.decodeBody(BetRequest.self)
        return try await request.placeBet.backed(body, game: slug, creditsFrom: creditsFrom, app: principal.app, playerID: playerID,
                                                 session: principal.sessionID,
                                                 idempotent: try IdempotentRequest(request, appID: principal.app.id, playerID: playerID))
    }

    private func unbackedBet(_ request: Request, game slug: String, creditsFrom: String?) async throws -> Response {
        let bettor = try unbackedBettor(request)
        let body = try request.decodeBody(BetRequest.self)
        let bet = try await request.placeBet.unbacked(body, game: slug, creditsFrom: creditsFrom, by: bettor)
        return try await bet.encodeResponse(status: .created, for: request)
    }

    func history(_ request: Request) async throws -> PlayhouseAPI.Page<Bet> {
        let bettor = try unbackedBettor(request)
        struct Query: Decodable { var game: String? }
        let game = try request.query(Query.self).game
        return try await request.betHistory.history(bettor, game: game, page: try request.query(PageRequest.self))
    }

    func showBet(_ request: Request) async throws -> Bet {
        let bettor = try unbackedBettor(request)
        guard let id = request.parameters.get("bet_id", as: UUID.self), let bet = try await request.betHistory.find(id, for: bettor) else {
            throw PlayhouseProblem.notFound(request.url.path)
        }
        return bet
    }

    func fairness(_ request: Request) async throws -> FairnessSeeds {
        let (appID, owner) = try fairnessOwner(request)
        return try await request.fairness.current(appID: appID, owner: owner)
    }

    func setClientSeed(_ request: Request) async throws -> FairnessSeeds {
        let (appID, owner) = try fairnessOwner(request)
        let body = try request.decodeBody(ClientSeedUpdate.self)
        return try await request.fairness.setClientSeed(body.clientSeed, appID: appID, owner: owner)
    }

    func rotate(_ request: Request) async throws -> FairnessRotation {
        let (appID, owner) = try fairnessOwner(request)
        return try await request.fairness.rotate(appID: appID, owner: owner)
    }

    /// A player, or the game's own user behind an unbacked token.
    private func unbackedBettor(_ request: Request) throws -> BetService.Bettor {
        let principal = try request.principal
        try principal.require(scope: "play")
        guard principal.playerID != nil || principal.clientUserID != nil else { throw PlayhouseProblem(.forbidden, .playerTokenRequired) }
        return BetService.Bettor(app: principal.app, playerID: principal.playerID, clientUserID: principal.clientUserID,
                                 sessionID: principal.sessionID)
    }

    private func fairnessOwner(_ request: Request) throws -> (UUID, String) {
        let bettor = try unbackedBettor(request)
        guard let owner = bettor.fairnessOwner else { throw PlayhouseProblem(.forbidden, .playerTokenRequired) }
        return (bettor.app.id, owner)
    }
}
