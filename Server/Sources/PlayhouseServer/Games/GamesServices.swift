/// The services of games and bets (``ServiceContext``).
extension ServiceContext {
    /// The games apps offer, imported by operators.
    public var games: GameService { GameService(store: store, now: now) }
    var bets: BetService { BetService(store: store, now: now, betsAtOnce: playhouse.betsAtOnce) }
    /// Every bet, from the decoded request to its answer.
    var placeBet: PlaceBet { PlaceBet(bets: bets, permission: playPermission, store: store) }
    var betHistory: BetHistoryService { BetHistoryService(store: store) }
    var fairness: FairnessService { FairnessService(store: store, now: now) }
}
