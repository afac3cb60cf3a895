import Vapor

/// What the server keeps on its `Application`: configuration, clock, metrics. Nothing here holds
/// data another instance would need; all of that lives in the database.
///
/// One object, read by every request several times (``Request/store``, ``Request/now``…): a
/// reference, so that each read takes one reference rather than copying some twenty. Its fields
/// are set by `configure(_:with:migrate:)` and, in tests, before the first request is sent; never
/// while requests are served, which is why the compiler is told it may be shared
/// (`@unchecked Sendable`).
public final class PlayhouseState: @unchecked Sendable {
    var configuration: PlayhouseConfiguration
    let clock: ServerClock
    let metrics: ServerMetrics
    let routeIndex: RouteIndex
    /// Public signing keys of OpenID Connect providers, cached for a few minutes.
    let jwks = JWKSCache()
    /// Access tokens read in the last moment (``PlayhouseConfiguration/tokenCacheLifetime``).
    let tokenCache: TokenCache
    /// Where every feature's statements run (``Store``).
    let storeEngine: StoreEngine
    /// Takes deposits and makes payouts: the sandbox provider, unless another is plugged in.
    var paymentProvider: any PaymentProvider
    /// How long the payment provider has to answer; a payment it has not answered by then stays
    /// pending, to be asked about again.
    var paymentProviderTimeout: Duration = .seconds(15)
    /// Placements' campaigns, read at most once per ``PlayhouseConfiguration/contentCacheLifetime``.
    let campaignCache: CampaignCache
    /// The key impressions are signed with, read once.
    let impressionKey = ImpressionKey()
    /// Content statistics counted since the last flush.
    let contentStats = ContentStats()
    /// Wakes the list change feed's long polls.
    let listChanges: ListChangeSignal
    /// Each app's calls of game data against its limits.
    let requestRateLimiter = RequestRateLimiter()
    /// Game data's search indexes, one per version and collection searched.
    let gameDataSearchIndexes = GameDataSearchIndexes()
    /// Game data's documents as rendered in a locale, by version.
    let gameDataAnswers = GameDataAnswers()
    /// Which version of each place's game data readers get, as this instance remembers it.
    let gameDataCurrent: GameDataCurrent
    /// Deposits completed at once, written together on PostgreSQL.
    let completedDeposits: CombinedWrites<CompletedDeposit>
    /// Bets placed at once, written together on PostgreSQL.
    let betsAtOnce: CombinedWrites<BetAtOnce>

    init(configuration: PlayhouseConfiguration, clock: ServerClock, metrics: ServerMetrics, routeIndex: RouteIndex, tokenCache: TokenCache,
         storeEngine: StoreEngine, paymentProvider: any PaymentProvider, campaignCache: CampaignCache, listChanges: ListChangeSignal,
         gameDataCurrent: GameDataCurrent) {
        self.configuration = configuration
        self.clock = clock
        self.metrics = metrics
        self.routeIndex = routeIndex
        self.tokenCache = tokenCache
        self.storeEngine = storeEngine
        self.paymentProvider = paymentProvider
        self.campaignCache = campaignCache
        self.listChanges = listChanges
        self.gameDataCurrent = gameDataCurrent
        completedDeposits = CombinedWrites("deposit", metrics: metrics, statement: CompletedDeposit.write)
        betsAtOnce = CombinedWrites("bet", metrics: metrics, statement: BetAtOnce.write)
    }
}

extension Application {
    private struct PlayhouseStateKey: StorageKey {
        typealias Value = PlayhouseState
    }

    public internal(set) var playhouse: PlayhouseState {
        get {
            guard let state = storage[PlayhouseStateKey.self] else {
                fatalError("configure(_:with:) has not been called on this Application")
            }
            return state
        }
        set { storage[PlayhouseStateKey.self] = newValue }
    }

    /// The server clock; tests advance it.
    public var playhouseClock: ServerClock { playhouse.clock }
}

extension Request {
    public var playhouse: PlayhouseState { application.playhouse }
    public var now: Date { application.playhouse.clock.now() }
    /// The database, for this request's work.
    public var store: Store { application.playhouse.storeEngine.store(logger: logger, eventLoop: eventLoop) }
}

extension Application {
    /// The database, for the CLI's and the tests' work.
    public var store: Store { playhouse.storeEngine.store(logger: logger, eventLoop: eventLoopGroup.any()) }
}

/// Closes the store's connections when the application shuts down.
struct StoreLifecycle: LifecycleHandler {
    func shutdownAsync(_ application: Application) async {
        await application.playhouse.gameDataCurrent.close()
        await application.playhouse.campaignCache.changes.close()
        await application.playhouse.tokenCache.changes.close()
        await application.playhouse.storeEngine.shutdown()
    }
}
