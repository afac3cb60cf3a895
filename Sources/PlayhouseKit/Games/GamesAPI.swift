import Foundation
import GameMath
import PlayhouseAPI

/// The app's games and the signed-in player's bets: `client.games`. Needs the `play` scope.
///
/// ```swift
/// let bet = try await client.games.bet(game: "lucky-sevens", wager: Decimal(string: "0.10")!, currency: "EUR")
/// print(bet.window, bet.stake, bet.payout)   // 0.10 on each of 10 lines: a stake of 1.00
/// ```
///
/// A backed bet sends an `Idempotency-Key` (a new one per call unless you pass your own), and the
/// SDK's automatic retries reuse it, so a retried bet is never placed twice.
public struct GamesAPI: Sendable {
    let api: APIClient

    /// The app's games, by id, with their limits, paylines and exact return to player, fetched page
    /// by page as you iterate: `for try await game in client.games.list() { … }`.
    public func list(pageSize: Int = 25) -> PagedSequence<GameInfo> {
        PagedSequence(pageSize: pageSize) { limit, cursor throws(PlayhouseError) in try await listPage(limit: limit, cursor: cursor) }
    }

    /// One page of the app's games; pass the previous page's `nextCursor` as `cursor`.
    public func listPage(limit: Int = 25, cursor: String? = nil) async throws(PlayhouseError) -> Page<GameInfo> {
        var query = [URLQueryItem(name: "limit", value: String(limit))]
        if let cursor { query.append(URLQueryItem(name: "cursor", value: cursor)) }
        return try await api.player("GET", APIPath.games, query: query)
    }

    /// One game.
    public func game(id: String) async throws(PlayhouseError) -> GameInfo {
        try await api.player("GET", APIPath.games + "/" + id.pathSegment)
    }

    /// The game's full definition (reels, paylines, paytable or segments), typed: what
    /// ``FairnessVerifier`` re-derives outcomes with.
    public func definition(id: String) async throws(PlayhouseError) -> GameDefinition {
        try await api.player("GET", APIPath.games + "/" + id.pathSegment + "/definition")
    }

    /// Bets the player's money (Betable's `betForGame`): `wager` per payline of `currency`; every
    /// payline when `paylines` is nil, so the stake is `wager` × the lines played (0.10 on a 10-line
    /// slot stakes 1.00; `Bet.stake` says it). The answer carries the window, the wins, the payout
    /// and the balance after.
    public func bet(game: String, wager: Decimal, currency: String, economy: Economy? = nil, paylines: [[Int]]? = nil,
                    clientSeed: String? = nil, idempotencyKey: String = UUID().uuidString) async throws(PlayhouseError) -> Bet {
        try await api.player("POST", Self.betPath(game: game, unbacked: false),
                             body: BetRequest(currency: currency, economy: economy, wager: Self.decimal(wager), paylines: paylines,
                                              clientSeed: clientSeed),
                             headers: ["Idempotency-Key": idempotencyKey])
    }

    /// The same math with no money (Betable's `unbackedBetForGame`); the currency only sets the decimals.
    public func unbackedBet(game: String, wager: Decimal, currency: String? = nil, paylines: [[Int]]? = nil,
                            clientSeed: String? = nil) async throws(PlayhouseError) -> Bet {
        try await api.player("POST", Self.betPath(game: game, unbacked: true),
                             body: BetRequest(currency: currency, wager: Self.decimal(wager), paylines: paylines, clientSeed: clientSeed))
    }

    /// Bets credits won in `creditsFrom` (that game's credit currency) on `game` (Betable's
    /// `creditBetForGame`); the payout is in the same credits.
    public func creditBet(game: String, creditsFrom: String, wager: Decimal, paylines: [[Int]]? = nil, clientSeed: String? = nil,
                          idempotencyKey: String = UUID().uuidString) async throws(PlayhouseError) -> Bet {
        try await api.player("POST", Self.betPath(game: game, creditsFrom: creditsFrom, unbacked: false),
                             body: BetRequest(wager: Self.decimal(wager), paylines: paylines, clientSeed: clientSeed),
                             headers: ["Idempotency-Key": idempotencyKey])
    }

    /// A credit bet's math with no money.
    public func unbackedCreditBet(game: String, creditsFrom: String, wager: Decimal, paylines: [[Int]]? = nil,
                                  clientSeed: String? = nil) async throws(PlayhouseError) -> Bet {
        try await api.player("POST", Self.betPath(game: game, creditsFrom: creditsFrom, unbacked: true),
                             body: BetRequest(wager: Self.decimal(wager), paylines: paylines, clientSeed: clientSeed))
    }

    /// The player's bets, newest first, fetched page by page as you iterate.
    public func bets(game: String? = nil, pageSize: Int = 25) -> PagedSequence<Bet> {
        PagedSequence(pageSize: pageSize) { limit, cursor throws(PlayhouseError) in try await betsPage(game: game, limit: limit, cursor: cursor) }
    }

    /// One page of the player's bets; pass the previous page's `nextCursor` as `cursor`.
    public func betsPage(game: String? = nil, limit: Int = 25, cursor: String? = nil) async throws(PlayhouseError) -> Page<Bet> {
        var query = [URLQueryItem(name: "limit", value: String(limit))]
        if let game { query.append(URLQueryItem(name: "game", value: game)) }
        if let cursor { query.append(URLQueryItem(name: "cursor", value: cursor)) }
        return try await api.player("GET", APIPath.bets, query: query)
    }

    /// One of the player's bets; its fairness carries the server seed once rotated.
    public func bet(id: String) async throws(PlayhouseError) -> Bet {
        try await api.player("GET", APIPath.bets + "/" + id.pathSegment)
    }

    // MARK: Provable fairness

    /// The hash of the server seed the next bets are drawn from, the client seed and the next nonce.
    public func fairnessSeeds() async throws(PlayhouseError) -> FairnessSeeds {
        try await api.player("GET", APIPath.fairness)
    }

    /// Sets the client seed of the bets to come (1 to 64 visible ASCII characters).
    public func setClientSeed(_ clientSeed: String) async throws(PlayhouseError) -> FairnessSeeds {
        try await api.player("PUT", APIPath.fairness + "/client-seed", body: ClientSeedUpdate(clientSeed: clientSeed))
    }

    /// Reveals the current server seed, so every bet drawn from it can be verified, and starts a new one.
    public func rotateSeed() async throws(PlayhouseError) -> FairnessRotation {
        try await api.player("POST", APIPath.fairness + "/rotate")
    }

    /// Fetches the bet (with its revealed seed) and its game's definition, and re-derives the
    /// outcome on the device.
    public func verify(betID: String) async throws(PlayhouseError) -> FairnessVerifier.Verdict {
        let bet = try await bet(id: betID)
        let definition = try await definition(id: bet.game)
        let game = try await game(id: bet.game)
        guard game.version == bet.gameVersion else { return .definitionChanged(betVersion: bet.gameVersion, currentVersion: game.version) }
        return FairnessVerifier.verify(bet, definition: definition)
    }

    static func decimal(_ value: Decimal) -> String { Money(value, currency: "").amount }

    /// Where a bet goes: `/v1/games/{game}/bet`, `…/unbacked-bet`, and for a credit bet
    /// `/v1/games/{creditsFrom}/{game}/…` (Betable's paths).
    static func betPath(game: String, creditsFrom: String? = nil, unbacked: Bool) -> String {
        APIPath.games + (creditsFrom.map { "/" + $0.pathSegment } ?? "") + "/" + game.pathSegment + (unbacked ? "/unbacked-bet" : "/bet")
    }

    // MARK: Completion handlers

    /// Completion-handler form of ``listPage(limit:cursor:)``; `completion` runs on the main queue.
    public func listPage(limit: Int = 25, cursor: String? = nil,
                         completion: @escaping @MainActor @Sendable (Result<Page<GameInfo>, PlayhouseError>) -> Void) {
        deliver(completion) { () async throws(PlayhouseError) -> Page<GameInfo> in try await listPage(limit: limit, cursor: cursor) }
    }

    /// Completion-handler form of ``bet(game:wager:currency:economy:paylines:clientSeed:idempotencyKey:)``.
    public func bet(game: String, wager: Decimal, currency: String, economy: Economy? = nil, paylines: [[Int]]? = nil,
                    completion: @escaping @MainActor @Sendable (Result<Bet, PlayhouseError>) -> Void) {
        let key = UUID().uuidString
        deliver(completion) { () async throws(PlayhouseError) -> Bet in
            try await bet(game: game, wager: wager, currency: currency, economy: economy, paylines: paylines, idempotencyKey: key)
        }
    }

    /// Completion-handler form of ``unbackedBet(game:wager:currency:paylines:clientSeed:)``.
    public func unbackedBet(game: String, wager: Decimal, currency: String? = nil, paylines: [[Int]]? = nil,
                            completion: @escaping @MainActor @Sendable (Result<Bet, PlayhouseError>) -> Void) {
        deliver(completion) { () async throws(PlayhouseError) -> Bet in
            try await unbackedBet(game: game, wager: wager, currency: currency, paylines: paylines)
        }
    }
}

// MARK: Completion-handler forms

extension GamesAPI {
    /// Completion-handler form of ``game(id:)``; `completion` runs on the main queue.
    public func game(id: String, completion: @escaping @MainActor @Sendable (Result<GameInfo, PlayhouseError>) -> Void) {
        deliver(completion) { () async throws(PlayhouseError) -> GameInfo in try await game(id: id) }
    }

    /// Completion-handler form of ``definition(id:)``; `completion` runs on the main queue.
    public func definition(id: String, completion: @escaping @MainActor @Sendable (Result<GameDefinition, PlayhouseError>) -> Void) {
        deliver(completion) { () async throws(PlayhouseError) -> GameDefinition in try await definition(id: id) }
    }

    /// Completion-handler form of ``creditBet(game:creditsFrom:wager:paylines:clientSeed:idempotencyKey:)``; `completion` runs on the main queue.
    public func creditBet(game: String, creditsFrom: String, wager: Decimal, paylines: [[Int]]? = nil, clientSeed: String? = nil, idempotencyKey: String = UUID().uuidString, completion: @escaping @MainActor @Sendable (Result<Bet, PlayhouseError>) -> Void) {
        deliver(completion) { () async throws(PlayhouseError) -> Bet in try await creditBet(game: game, creditsFrom: creditsFrom, wager: wager, paylines: paylines, clientSeed: clientSeed, idempotencyKey: idempotencyKey) }
    }

    /// Completion-handler form of ``unbackedCreditBet(game:creditsFrom:wager:paylines:clientSeed:)``; `completion` runs on the main queue.
    public func unbackedCreditBet(game: String, creditsFrom: String, wager: Decimal, paylines: [[Int]]? = nil, clientSeed: String? = nil, completion: @escaping @MainActor @Sendable (Result<Bet, PlayhouseError>) -> Void) {
        deliver(completion) { () async throws(PlayhouseError) -> Bet in try await unbackedCreditBet(game: game, creditsFrom: creditsFrom, wager: wager, paylines: paylines, clientSeed: clientSeed) }
    }

    /// Completion-handler form of ``betsPage(game:limit:cursor:)``; `completion` runs on the main queue.
    public func betsPage(game: String? = nil, limit: Int = 25, cursor: String? = nil, completion: @escaping @MainActor @Sendable (Result<Page<Bet>, PlayhouseError>) -> Void) {
        deliver(completion) { () async throws(PlayhouseError) -> Page<Bet> in try await betsPage(game: game, limit: limit, cursor: cursor) }
    }

    /// Completion-handler form of ``bet(id:)``; `completion` runs on the main queue.
    public func bet(id: String, completion: @escaping @MainActor @Sendable (Result<Bet, PlayhouseError>) -> Void) {
        deliver(completion) { () async throws(PlayhouseError) -> Bet in try await bet(id: id) }
    }

    /// Completion-handler form of ``fairnessSeeds()``; `completion` runs on the main queue.
    public func fairnessSeeds(completion: @escaping @MainActor @Sendable (Result<FairnessSeeds, PlayhouseError>) -> Void) {
        deliver(completion) { () async throws(PlayhouseError) -> FairnessSeeds in try await fairnessSeeds() }
    }

    /// Completion-handler form of ``setClientSeed(_:)``; `completion` runs on the main queue.
    public func setClientSeed(_ clientSeed: String, completion: @escaping @MainActor @Sendable (Result<FairnessSeeds, PlayhouseError>) -> Void) {
        deliver(completion) { () async throws(PlayhouseError) -> FairnessSeeds in try await setClientSeed(clientSeed) }
    }

    /// Completion-handler form of ``rotateSeed()``; `completion` runs on the main queue.
    public func rotateSeed(completion: @escaping @MainActor @Sendable (Result<FairnessRotation, PlayhouseError>) -> Void) {
        deliver(completion) { () async throws(PlayhouseError) -> FairnessRotation in try await rotateSeed() }
    }

    /// Completion-handler form of ``verify(betID:)``; `completion` runs on the main queue.
    public func verify(betID: String, completion: @escaping @MainActor @Sendable (Result<FairnessVerifier.Verdict, PlayhouseError>) -> Void) {
        deliver(completion) { () async throws(PlayhouseError) -> FairnessVerifier.Verdict in try await verify(betID: betID) }
    }
}
