import Vapor

/// What the server keeps on its `Application`: configuration, clock, metrics. Nothing here holds
/// data another instance would need; all of that lives in the database.
struct PlayhouseState: Sendable {
    var configuration: PlayhouseConfiguration
    var clock: ServerClock
    var metrics: ServerMetrics
    var routeIndex: RouteIndex
    /// Public signing keys of OpenID Connect providers, cached for a few minutes.
    var jwks = JWKSCache()
    /// Access tokens read in the last moment (``PlayhouseConfiguration/tokenCacheLifetime``).
    var tokenCache: TokenCache
    /// Queues this process's money transactions on SQLite, which has one writer at a time.
    var moneyGate = SerialGate()
    /// The SQLite connection those money transactions run on.
    var moneyConnection: MoneyConnection
    /// Takes deposits and makes payouts: the sandbox provider, unless another is plugged in.
    var paymentProvider: any PaymentProvider
    /// How long the payment provider has to answer; a payment it has not answered by then stays
    /// pending, to be asked about again.
    var paymentProviderTimeout: Duration = .seconds(15)
}

extension Application {
    private struct PlayhouseStateKey: StorageKey {
        typealias Value = PlayhouseState
    }

    var playhouse: PlayhouseState {
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
    var playhouse: PlayhouseState { application.playhouse }
    var now: Date { application.playhouse.clock.now() }
}
