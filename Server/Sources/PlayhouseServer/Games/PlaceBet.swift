import PlayhouseAPI
import Vapor

/// A bet, from the decoded request to its answer: the one way every kind of bet is placed. In order:
///
/// 1. **Checks and reads**, in one statement (``BetService/prepare(_:game:creditsFrom:kind:app:player:along:)``):
///    the game is open, the currency and economy allowed, the wager and paylines the game's own;
///    read along with the game are what the player's permission needs and, for a player's backed
///    bet on PostgreSQL, their wallet's balance and current fairness seed.
/// 2. **May this player play now** (``PlayPermission``), asked once: their own standing and their
///    play session's; it answers their limits.
/// 3. **Draws and writes** (``BetService/place(_:by:in:claim:)``): the outcome is drawn (from the
///    player's seed, nonce by nonce, for a provably fair game); a backed bet's stake must be
///    covered by the wallet, and its money (its net, ``BetRecord/movement``) is posted to the
///    ledger with the bet's record and figures, all or nothing, with the request's idempotency
///    key and its answer in the same write.
/// 4. **Answers** the bet; a backed bet's repeat with the same `Idempotency-Key` gets the first
///    answer, refusals included (``IdempotentRequest/perform(_:status:prepareIsRepeatable:prepare:claimingKey:)``).
///
/// An unbacked bet moves no money: it takes no key, and its step 3 draws and records the bet alone.
struct PlaceBet: Sendable {
    let bets: BetService
    let permission: PlayPermission
    let store: Store

    /// A player's bet of their wallet's money (`creditsFrom == nil`) or of a game's credits.
    func backed(_ body: BetRequest, game slug: String, creditsFrom: String?, app: AppRecord, playerID: UUID, session: UUID?,
                idempotent: IdempotentRequest) async throws -> Response {
        let bets = self.bets, permission = self.permission
        return try await idempotent.perform(store, prepareIsRepeatable: true, prepare: {
            () async throws -> (bet: BetService.Prepared, limits: Limits) in
            let (bet, along) = try await bets.prepare(body, game: slug, creditsFrom: creditsFrom, kind: creditsFrom == nil ? .backed : .credit,
                                                      app: app, player: playerID, along: PlayPermission.reads(playerID: playerID, session: session))
            return (bet, try await permission.require(app: app, playerID: playerID, session: session, along))
        }, claimingKey: { ready, store, claim in
            let bettor = BetService.Bettor(app: app, playerID: playerID, sessionID: session, limits: ready.limits)
            return try await bets.place(ready.bet, by: bettor, in: store, claim: claim)
        })
    }

    /// A bet that moves no money, by a player or by the game's own user behind an unbacked token;
    /// a player's still needs their permission to play.
    func unbacked(_ body: BetRequest, game slug: String, creditsFrom: String?, by bettor: BetService.Bettor) async throws -> Bet {
        let reads = bettor.playerID.map { PlayPermission.reads(playerID: $0, session: bettor.sessionID) } ?? []
        let (prepared, along) = try await bets.prepare(body, game: slug, creditsFrom: creditsFrom,
                                                       kind: creditsFrom == nil ? .unbacked : .unbackedCredit, app: bettor.app, along: reads)
        if let playerID = bettor.playerID {
            _ = try await permission.require(app: bettor.app, playerID: playerID, session: bettor.sessionID, along)
        }
        return try await store.transaction { sql in try await bets.place(prepared, by: bettor, on: sql) }
    }
}
