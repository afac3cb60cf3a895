import Foundation

/// The root of the Playhouse SDK. Create one per server and app, keep it for the app's lifetime,
/// and reach each feature through its namespace (``app``, …).
///
/// ```swift
/// let client = PlayhouseClient(configuration: .init(
///     baseURL: URL(string: "https://play.example.com")!,
///     clientID: "ph_…", clientSecret: "phs_…"))
/// let app = try await client.app.current()
/// ```
public final class PlayhouseClient: Sendable {
    /// The configuration the client was created with.
    public let configuration: Configuration
    /// The calling app.
    public let app: AppAPI
    /// Player sign-in, refresh and sign-out.
    public let auth: AuthAPI
    /// The signed-in player's profile.
    public let profile: ProfileAPI
    /// The signed-in player's account, balances, history, deposits, withdrawals and promotions.
    public let wallet: WalletAPI
    /// The app's games, the player's bets and their provably fair seeds.
    public let games: GamesAPI
    /// The signed-in player's play session and its reality checks.
    public let session: SessionAPI
    /// Content placements, rewards with signed receipts, badges and opens.
    public let content: ContentAPI
    /// Dealers, stores, catalogs and offers near the player, answered from the cache and then the network.
    public let catalog: CatalogAPI
    /// The player's shopping lists, kept on the device and synced (offline first).
    public let lists: ListsAPI
    /// The app's game data by game, region and locale.
    public let gameData: GameDataAPI
    let api: APIClient

    /// Stops the lists' syncing, which would otherwise go on for a client the app let go of.
    deinit {
        let sync = lists.sync
        Task { await sync.stop() }
    }

    public init(configuration: Configuration) {
        self.configuration = configuration
        let api = APIClient(configuration: configuration)
        self.api = api
        self.app = AppAPI(api: api)
        self.auth = AuthAPI(api: api)
        self.profile = ProfileAPI(api: api)
        self.wallet = WalletAPI(api: api)
        self.games = GamesAPI(api: api)
        self.session = SessionAPI(api: api)
        self.content = ContentAPI(api: api, claimed: configuration.claimedRewards,
                                  verifier: RewardVerifier { () async throws -> Data in try await api.publicDocument(APIPath.rewardKeys) })
        self.catalog = CatalogAPI(api: api, options: configuration.catalog)
        self.lists = ListsAPI(api: api, options: configuration.lists)
        self.gameData = GameDataAPI(api: api, options: configuration.gameData)
        if configuration.recordsOpens {
            let content = self.content
            Task { _ = try? await content.recordOpen() }
        }
    }
}
