/// The services of play sessions and responsible play (``ServiceContext``).
extension ServiceContext {
    var playSessions: SessionService { SessionService(store: store, now: now, tokenCache: playhouse.tokenCache) }
    var limits: LimitsService { LimitsService(store: store, now: now) }
    var responsiblePlay: ResponsiblePlay { ResponsiblePlay(players: players, now: now) }
}
