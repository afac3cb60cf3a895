/// A successful answer of `POST /oauth/token` (RFC 6749 §5.1).
public struct TokenResponse: Codable, Sendable, Equatable {
    public var accessToken: String
    /// Always `Bearer`.
    public var tokenType: String
    /// Seconds until the access token expires.
    public var expiresIn: Int
    /// The granted scopes, space-separated.
    public var scope: String
    public var refreshToken: String?
    /// The play session the token belongs to, for player tokens.
    public var sessionID: String?
    /// True when this sign-in created the player (first phone or federated sign-in).
    public var playerCreated: Bool?
    /// Token exchange (RFC 8693): always `urn:ietf:params:oauth:token-type:access_token`.
    public var issuedTokenType: String?
    /// OpenID Connect: a signed JWT saying who signed in (scope `openid`), verifiable with the keys
    /// at the server's `jwks_uri`.
    public var idToken: String?

    public init(accessToken: String, tokenType: String = "Bearer", expiresIn: Int, scope: String, refreshToken: String? = nil, sessionID: String? = nil) {
        self.accessToken = accessToken
        self.tokenType = tokenType
        self.expiresIn = expiresIn
        self.scope = scope
        self.refreshToken = refreshToken
        self.sessionID = sessionID
    }

    enum CodingKeys: String, CodingKey {
        case accessToken = "access_token", expiresIn = "expires_in", idToken = "id_token", issuedTokenType = "issued_token_type",
            playerCreated = "player_created", refreshToken = "refresh_token", scope, sessionID = "session_id",
            tokenType = "token_type"
    }
}

/// The answer of `POST /oauth/introspect` (RFC 7662 §2.2).
public struct IntrospectionResponse: Codable, Sendable, Equatable {
    public var active: Bool
    public var scope: String?
    public var clientID: String?
    public var tokenType: String?
    /// Expiry, seconds since 1970.
    public var exp: Int?
    /// Issue time, seconds since 1970.
    public var iat: Int?
    /// The subject: the player id for player tokens, the client id for app tokens.
    public var sub: String?
    public var aud: String?
    public var iss: String?

    public init(active: Bool, scope: String? = nil, clientID: String? = nil, tokenType: String? = nil,
                exp: Int? = nil, iat: Int? = nil, sub: String? = nil, aud: String? = nil, iss: String? = nil) {
        self.active = active
        self.scope = scope
        self.clientID = clientID
        self.tokenType = tokenType
        self.exp = exp
        self.iat = iat
        self.sub = sub
        self.aud = aud
        self.iss = iss
    }

    enum CodingKeys: String, CodingKey {
        case active, aud, clientID = "client_id", exp, iat, iss, scope, sub, tokenType = "token_type"
    }
}
