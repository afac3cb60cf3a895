/// The services of content placements and rewards (``ServiceContext``).
extension ServiceContext {
    /// Content units and campaigns, imported by operators.
    public var contentUnits: ContentService { ContentService(store: store, now: now, cache: playhouse.campaignCache) }

    var placements: PlacementService {
        PlacementService(store: store, now: now, cache: playhouse.campaignCache, impressionKey: playhouse.impressionKey,
                         stats: playhouse.contentStats, publicURL: playhouse.configuration.resolvedPublicURL)
    }

    var rewards: RewardService {
        RewardService(store: store, now: now, issuer: playhouse.configuration.resolvedPublicURL)
    }

    /// A reward's receipt claimed by its player.
    var claimReward: ClaimReward { ClaimReward(store: store, now: now, rewards: rewards, stats: playhouse.contentStats) }

    var contentEvents: ContentEventService {
        ContentEventService(store: store, now: now, impressionKey: playhouse.impressionKey, stats: playhouse.contentStats, rewards: rewards)
    }

    var opens: OpensService { OpensService(store: store, now: now) }
}
