import Foundation

/// The services of players, sign-in and tokens (``ServiceContext``).
extension ServiceContext {
    /// Tokens, with this instance's cache of recently read ones.
    var tokens: TokenService { TokenService(store: store, now: now, cache: playhouse.tokenCache) }

    var passwordHasher: PasswordHasher {
        PasswordHasher(cost: playhouse.configuration.passwordHashCost, threadPool: threadPool)
    }

    /// Players, with the configured password hasher.
    var players: PlayerService { PlayerService(store: store, hasher: passwordHasher, now: now) }

    /// A player's account deleted, by the player or an operator.
    public var deleteAccount: DeleteAccount {
        DeleteAccount(store: store, now: now, tokenCache: playhouse.tokenCache, wallet: wallet, lists: lists)
    }

    /// Every record about a player, as one document.
    public var playerExport: PlayerExport {
        PlayerExport(store: store, now: now, limits: limits, wallet: wallet, sessions: playSessions, payments: payments, bets: betHistory,
                     lists: listFeed, rewards: rewards)
    }

    /// A player as support sees them, for the admin API and the console.
    var supportView: SupportView { SupportView(store: store, wallet: wallet, limits: limits, playSessions: playSessions) }

    /// The grants of the token endpoint that sign a player in from earlier proof.
    var authorizationCodes: AuthorizationCodeGrant {
        AuthorizationCodeGrant(store: store, now: now, configuration: playhouse.configuration, tokenCache: playhouse.tokenCache, idTokens: idTokens)
    }

    var refreshTokens: RefreshTokenGrant {
        RefreshTokenGrant(store: store, now: now, configuration: playhouse.configuration, tokenCache: playhouse.tokenCache, idTokens: idTokens)
    }

    /// Guests, signed in by an installation of the app.
    var guestSignIn: GuestSignIn { GuestSignIn(store: store, now: now) }

    /// A browser's sign-in on the hosted page, remembered for the apps it signed in to.
    var browserSignIns: BrowserSignIns { BrowserSignIns(store: store, now: now) }

    /// A player's email, phone and provider links.
    var playerLinks: PlayerLinks { PlayerLinks(store: store, now: now) }

    /// Failed client authentications, counted by the caller's address.
    var clientAuthLimiter: WindowRateLimiter {
        WindowRateLimiter(store: store, limit: playhouse.configuration.clientAuthFailureLimit,
                          window: playhouse.configuration.clientAuthFailureWindow, now: now)
    }

    /// Wrong passwords and device codes on the hosted pages.
    var loginLimiter: WindowRateLimiter {
        WindowRateLimiter(store: store, limit: playhouse.configuration.loginFailureLimit,
                          window: playhouse.configuration.clientAuthFailureWindow, now: now)
    }

    /// Sessions and tokens for the players a request signs in.
    var playerSignIn: PlayerSignIn { PlayerSignIn(store: store, now: now, configuration: playhouse.configuration) }

    /// The hosted sign-in page's requests and their codes.
    var authorization: AuthorizationService {
        AuthorizationService(store: store, now: now, configuration: playhouse.configuration)
    }

    /// Device sign-in (RFC 8628).
    var deviceAuthorizations: DeviceAuthorizationService {
        DeviceAuthorizationService(store: store, now: now, configuration: playhouse.configuration)
    }

    /// Sign-in PINs texted to phone numbers.
    var phonePins: PhonePinService { PhonePinService(store: store, now: now) }

    /// The configured text message provider.
    var smsSender: any SMSSender {
        switch playhouse.configuration.smsProvider {
        case .log: LogSMSSender(store: store, now: now)
        case .http(let url, let token): HTTPSMSSender(client: client, url: url, token: token)
        }
    }

    /// Texts sent by the log SMS provider.
    public var smsOutbox: SMSOutbox { SMSOutbox(store: store) }

    /// The sign-in providers apps trust for federated sign-in.
    public var identityProviders: IdentityProviderService { IdentityProviderService(store: store, now: now) }

    /// Sign-in with the providers the app trusts.
    var federatedSignIn: FederatedSignInService {
        FederatedSignInService(store: store, client: client, jwks: playhouse.jwks, now: now, logger: logger)
    }

    /// The keys id_tokens, reward receipts or impressions are signed with.
    public func signingKeys(_ purpose: SigningKeys.Purpose = .idTokens) -> SigningKeys {
        SigningKeys(store: store, now: now, purpose: purpose)
    }

    /// id_tokens, for the player grants asked for one (scope `openid`).
    var idTokens: IDTokenIssuer {
        IDTokenIssuer(players: players, keys: signingKeys(), issuer: playhouse.configuration.resolvedPublicURL)
    }
}
