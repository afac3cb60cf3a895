/// The services of play sessions and responsible play (``ServiceContext``).
extension ServiceContext {
    var playSessions: SessionService { SessionService(store: store, now: now, tokenCache: playhouse.tokenCache) }
    var limits: LimitsService { LimitsService(store: store, now: now) }
    var responsiblePlay: ResponsiblePlay { ResponsiblePlay(players: players, now: now) }
    var playPermission: PlayPermission { PlayPermission(responsiblePlay: responsiblePlay, sessions: playSessions, rules: serverSessionRules) }

    /// The server's session rules, before any player's own limits.
    var serverSessionRules: SessionService.Rules {
        SessionService.Rules(inactivityTimeout: playhouse.configuration.sessionInactivityTimeout,
                             realityCheckInterval: playhouse.configuration.realityCheckInterval, sessionTimeLimit: nil)
    }
}
