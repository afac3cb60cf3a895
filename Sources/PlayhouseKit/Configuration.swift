import Foundation

extension PlayhouseClient {
    /// How a ``PlayhouseClient`` reaches its server and identifies the app.
    public struct Configuration: Sendable {
        /// The server's base URL, e.g. `https://play.example.com`.
        public var baseURL: URL
        /// The app's client id (`playhouse apps create` prints it).
        public var clientID: String
        /// The app's client secret. Needed for app tokens (client credentials); a secret shipped
        /// inside a mobile binary is extractable, so give such apps only sandbox or low-privilege scopes.
        public var clientSecret: String?
        /// The language for server messages, sent as `Accept-Language`.
        public var locale: Locale
        /// How requests travel; ``URLSessionTransport`` by default.
        public var transport: any Transport
        /// When failed requests are repeated.
        public var retryPolicy: RetryPolicy
        /// Extra interceptors, run outermost first (e.g. ``LoggingInterceptor``).
        public var interceptors: [any Interceptor]
        /// Seconds before expiry at which a token counts as expired and is renewed.
        public var tokenRenewalMargin: TimeInterval
        /// The current time; tests inject their own.
        public var now: @Sendable () -> Date
        /// Where the app receives the sign-in redirect, e.g. `mygame://authorize`; one of the app's
        /// registered redirect URIs.
        public var redirectURI: URL?
        /// Where the signed-in player's tokens are kept between launches.
        public var tokenStore: any TokenStore
        /// This installation of the app; tokens stored by another installation are not reused. It is
        /// also a guest's credential (``AuthAPI/signInAsGuest(scopes:)``): 16 to 128
        /// letters, digits, `.`, `_` or `-`, random (``Installation/current(clientID:)`` makes a UUID and keeps it).
        public var installationID: String
        /// The clock the heartbeats run on; tests inject a ``ManualClock``.
        public var clock: any PlayhouseClock
        /// When heartbeats come and how failed ones are retried.
        public var heartbeat: HeartbeatSchedule
        /// Where the heartbeats and the lists' pull hear that the app went to the background and came
        /// back: UIKit's notifications by default; nil leaves it to the app (``SessionAPI/enterBackground()``).
        public var appLifecycle: AppLifecycle?
        /// Where the reward receipts this installation claims are remembered, so that each unlocks
        /// once: a SQLite file in Application Support by default (``SQLiteClaimedRewards``).
        public var claimedRewards: any ClaimedRewards
        /// Whether the client records an open of the app (``ContentAPI/recordOpen()``) when it is made.
        public var recordsOpens: Bool
        /// How the catalog calls cache their answers (``CatalogAPI``).
        public var catalog: CatalogCacheOptions
        /// Where the shopping lists are kept and how they sync (``ListsAPI``).
        public var lists: ListsOptions
        /// The region, locale and namespace game data is read in (``GameDataAPI``).
        public var gameData: GameDataOptions

        public init(baseURL: URL, clientID: String, clientSecret: String? = nil, locale: Locale = .current,
                    transport: any Transport = URLSessionTransport(), retryPolicy: RetryPolicy = RetryPolicy(),
                    interceptors: [any Interceptor] = [], tokenRenewalMargin: TimeInterval = 60,
                    now: @escaping @Sendable () -> Date = { Date() }, redirectURI: URL? = nil,
                    tokenStore: (any TokenStore)? = nil, installationID: String? = nil,
                    clock: any PlayhouseClock = SystemPlayhouseClock(), heartbeat: HeartbeatSchedule = HeartbeatSchedule(),
                    appLifecycle: AppLifecycle? = .uiKit, claimedRewards: (any ClaimedRewards)? = nil, recordsOpens: Bool = false,
                    catalog: CatalogCacheOptions = CatalogCacheOptions(), lists: ListsOptions = ListsOptions(),
                    gameData: GameDataOptions = GameDataOptions()) {
            self.clock = clock
            self.heartbeat = heartbeat
            self.appLifecycle = appLifecycle
            self.baseURL = baseURL
            self.clientID = clientID
            self.clientSecret = clientSecret
            self.locale = locale
            self.transport = transport
            self.retryPolicy = retryPolicy
            self.interceptors = interceptors
            self.tokenRenewalMargin = tokenRenewalMargin
            self.now = now
            self.redirectURI = redirectURI
            self.tokenStore = tokenStore ?? Self.defaultTokenStore(clientID: clientID)
            self.installationID = installationID ?? Installation.current(clientID: clientID)
            self.claimedRewards = claimedRewards ?? StandardClaimedRewards(clientID: clientID)
            self.recordsOpens = recordsOpens
            self.catalog = catalog
            self.lists = lists
            self.gameData = gameData
        }

        /// The Keychain on Apple platforms, a 0600 file in Application Support elsewhere.
        static func defaultTokenStore(clientID: String) -> any TokenStore {
            #if canImport(Security)
            KeychainTokenStore(clientID: clientID)
            #else
            FileTokenStore.standard(clientID: clientID)
            #endif
        }

        /// The `Accept-Language` value for ``locale``, with English as a fallback.
        var acceptLanguage: String {
            let identifier = locale.identifier.replacingOccurrences(of: "_", with: "-")
            let language = identifier.split(separator: "-").first.map(String.init) ?? "en"
            if identifier.isEmpty || language == "en" { return "en" }
            return identifier == language ? "\(language), en;q=0.5" : "\(identifier), \(language);q=0.9, en;q=0.5"
        }
    }
}
