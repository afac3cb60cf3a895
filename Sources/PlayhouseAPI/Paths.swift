/// The paths of the Playhouse HTTP API, shared by the SDK and the server.
public enum APIPath {
    public static let authorize = "/oauth/authorize"
    public static let token = "/oauth/token"
    public static let deviceAuthorization = "/oauth/device_authorization"
    /// The hosted page where a player enters a device's user code.
    public static let device = "/device"
    public static let introspect = "/oauth/introspect"
    public static let revoke = "/oauth/revoke"
    public static let userinfo = "/oauth/userinfo"
    public static let authorizationServerMetadata = "/.well-known/oauth-authorization-server"
    /// OpenID Connect Discovery: the same metadata, with what OpenID Connect clients look for.
    public static let openIDConfiguration = "/.well-known/openid-configuration"
    /// The keys that sign id_tokens (a JWK Set).
    public static let jwks = "/oauth/jwks"
    /// Signs a browser out of the hosted pages (OpenID Connect RP-initiated logout).
    public static let browserLogout = "/oauth/logout"
    public static let app = "/v1/app"
    public static let me = "/v1/me"
    /// `POST`: deletes the signed-in player's account.
    public static let accountDeletion = "/v1/me/deletion"
    /// `GET`: every record the server holds about the signed-in player.
    public static let accountExport = "/v1/me/export"
    public static let logout = "/v1/auth/logout"
    public static let phonePin = "/v1/auth/phone/pin"
    /// `POST`: links a phone number (with the PIN texted to it) to the signed-in player.
    public static let linkPhone = "/v1/me/links/phone"
    /// `POST`: links a sign-in provider's account (its token) to the signed-in player.
    public static let linkProvider = "/v1/me/links/provider"
    public static let account = "/v1/account"
    public static let currencies = "/v1/currencies"
    public static let wallet = "/v1/wallet"
    public static let walletTransactions = "/v1/wallet/transactions"
    public static let deposits = "/v1/wallet/deposits"
    public static let withdrawals = "/v1/wallet/withdrawals"
    public static let redeemPromotion = "/v1/promotions/redeem"
    /// `POST`: a one-time URL of a hosted page (wallet, deposit, withdraw, redeem) for a web view.
    public static let pages = "/v1/pages"
    /// The app's games; `/v1/games/{id}`, its `definition`, `bet` and `unbacked-bet` below it.
    public static let games = "/v1/games"
    /// The player's bets, newest first; `/v1/bets/{id}` for one.
    public static let bets = "/v1/bets"
    /// The signed-in player's play session (GET, DELETE); `keep-alive` (POST) below it.
    public static let currentSession = "/v1/sessions/current"
    /// The player's responsible-play limits (GET, PUT).
    public static let limits = "/v1/me/limits"
    /// Whether the player may deposit and bet now, and why not.
    public static let canIGamble = "/v1/can-i-gamble"
    /// Up to 50 sub-requests in one call, run in dependency order.
    public static let batch = "/v1/batch"
    /// The player's fairness seeds; `client-seed` (PUT) and `rotate` (POST) below it.
    public static let fairness = "/v1/fairness"
    /// Where a hosted page navigates when the player is done; the SDK closes the web view there.
    public static let pageClose = "/pages/close"
    public static let health = "/healthz"
    public static let ready = "/readyz"
    public static let metrics = "/metrics"
    public static let openAPI = "/openapi.json"
    /// An open of the app.
    public static let opens = "/v1/opens"
    /// A placement's content: `/v1/placements/{placement}/content`.
    public static func placementContent(_ placement: String) -> String { "/v1/placements/\(placement)/content" }
    /// A placement's badge: `/v1/placements/{placement}/notification`.
    public static func placementNotification(_ placement: String) -> String { "/v1/placements/\(placement)/notification" }
    public static let contentEvents = "/v1/content/events"
    /// The catalog (any token of the app): dealers, their stores, catalogs and offers, each list's
    /// `/{id}` one of them; a catalog's `/{id}/pages` and `/{id}/hotspots`.
    public static let dealers = "/v1/dealers"
    public static let stores = "/v1/stores"
    public static let catalogs = "/v1/catalogs"
    public static let offers = "/v1/offers"
    public static let offerSearch = "/v1/offers/search"
    /// Game data (any token of the app): `/{game}/{collection}`, `/{game}/{collection}/{id}` and `/{game}/versions`.
    public static let gameData = "/v1/data"
    /// The signed-in player's profiles per game: `/{game}`, `/{game}/{collection}`, `/{game}/{collection}/{id}`.
    public static let gameProfiles = "/v1/me/profiles"
    public static let contentProperties = "/v1/content/properties"
    /// The player's reward receipts; `/{id}` one, `/{id}/claim` its claim.
    public static let rewards = "/v1/rewards"
    /// The public keys reward receipts are signed with.
    public static let rewardKeys = "/.well-known/reward-keys"
    /// The player's shopping lists with their items (a snapshot).
    public static let lists = "/v1/lists"
    /// `POST`: a batch of list operations, each applied at most once.
    public static let listOperations = "/v1/lists/operations"
    /// The change feed of the player's lists, items and shares.
    public static let listChanges = "/v1/lists/changes"
}

/// OAuth grant types Playhouse understands.
public enum GrantType {
    public static let clientCredentials = "client_credentials"
    public static let authorizationCode = "authorization_code"
    public static let refreshToken = "refresh_token"
    /// Exchanges a texted PIN (`phone_number`, `pin`) for player tokens.
    public static let phonePin = "urn:playhouse:grant-type:phone-pin"
    /// RFC 8628: polls for the tokens of a device authorization.
    public static let deviceCode = "urn:ietf:params:oauth:grant-type:device_code"
    /// RFC 8693: exchanges a sign-in provider's token (`subject_token`, `subject_token_type`,
    /// `provider`) for player tokens.
    public static let tokenExchange = "urn:ietf:params:oauth:grant-type:token-exchange"
    /// Signs a guest in by an installation of the app (`installation_id`), making the player on first use.
    public static let guest = "urn:playhouse:grant-type:guest"
}
