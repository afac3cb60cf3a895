import Foundation

// The admin API's settings of an app (`/admin/v1/apps/{app}/providers`, `/promotions` and
// `/currencies`, whose answer is `CurrencyInfo`): what is shown, and what is sent to add one.

/// A sign-in provider an app trusts, as the admin API and the command line show it: never its secrets.
public struct ProviderInfo: Codable, Sendable, Equatable {
    public var name: String
    /// `oidc` or `facebook`.
    public var kind: String
    public var issuer: String?
    public var audience: String

    public init(name: String, kind: String, issuer: String?, audience: String) {
        self.name = name
        self.kind = kind
        self.issuer = issuer
        self.audience = audience
    }
}

/// A promotion as the operator's command line and the admin API show it.
public struct PromotionInfo: Codable, Sendable, Equatable {
    public var code: String
    public var name: String
    public var amount: Money
    public var economy: Economy
    public var maxRedemptions: Int?
    public var redemptions: Int
    public var startsAt: Date?
    public var expiresAt: Date?
    /// The link players can open (the hosted redeem page) or an app can pass to `redeem`.
    public var url: String

    enum CodingKeys: String, CodingKey {
        case amount, code, economy, expiresAt = "expires_at", maxRedemptions = "max_redemptions", name, redemptions, startsAt = "starts_at", url
    }

    public init(code: String, name: String, amount: Money, economy: Economy, maxRedemptions: Int?, redemptions: Int, startsAt: Date?,
                expiresAt: Date?, url: String) {
        self.code = code
        self.name = name
        self.amount = amount
        self.economy = economy
        self.maxRedemptions = maxRedemptions
        self.redemptions = redemptions
        self.startsAt = startsAt
        self.expiresAt = expiresAt
        self.url = url
    }
}

/// A sign-in provider an app comes to trust (`POST /admin/v1/apps/{app}/providers`): `oidc` with
/// its `issuer`, `audience` and `jwks_uri`, or `facebook` with the provider app's id (`audience`)
/// and its `app_token` (and optionally its endpoints).
public struct NewProvider: Codable, Sendable, Equatable {
    public var name: String
    /// `oidc` or `facebook`.
    public var kind: String
    public var issuer: String?
    public var audience: String
    public var jwksURI: String?
    public var appToken: String?
    public var introspectionURL: String?
    public var profileURL: String?

    public init(name: String, kind: String, issuer: String? = nil, audience: String, jwksURI: String? = nil, appToken: String? = nil,
                introspectionURL: String? = nil, profileURL: String? = nil) {
        self.name = name
        self.kind = kind
        self.issuer = issuer
        self.audience = audience
        self.jwksURI = jwksURI
        self.appToken = appToken
        self.introspectionURL = introspectionURL
        self.profileURL = profileURL
    }

    enum CodingKeys: String, CodingKey {
        case appToken = "app_token", audience, introspectionURL = "introspection_url", issuer, jwksURI = "jwks_uri", kind, name,
            profileURL = "profile_url"
    }
}

/// A promotion code made (`POST /admin/v1/apps/{app}/promotions`).
public struct NewPromotion: Codable, Sendable, Equatable {
    public var code: String
    /// A positive decimal string in `currency`.
    public var amount: String
    public var currency: String
    /// `real` or `sandbox`; none (or empty) for the app's own.
    public var economy: String?
    public var name: String?
    public var maxRedemptions: Int?
    /// RFC 3339; none (or empty) for now and for never.
    public var startsAt: String?
    public var expiresAt: String?

    public init(code: String, amount: String, currency: String, economy: String? = nil, name: String? = nil, maxRedemptions: Int? = nil,
                startsAt: String? = nil, expiresAt: String? = nil) {
        self.code = code
        self.amount = amount
        self.currency = currency
        self.economy = economy
        self.name = name
        self.maxRedemptions = maxRedemptions
        self.startsAt = startsAt
        self.expiresAt = expiresAt
    }

    enum CodingKeys: String, CodingKey {
        case amount, code, currency, economy, expiresAt = "expires_at", maxRedemptions = "max_redemptions", name, startsAt = "starts_at"
    }
}

/// A currency an app comes to use (`POST /admin/v1/apps/{app}/currencies`).
public struct NewCurrency: Codable, Sendable, Equatable {
    public var code: String
    public var kind: CurrencyKind
    /// Digits after the decimal point; when left out, ISO 4217's for a real currency, 0 for a virtual one.
    public var minorUnits: Int?
    public var name: String?

    public init(code: String, kind: CurrencyKind, minorUnits: Int? = nil, name: String? = nil) {
        self.code = code
        self.kind = kind
        self.minorUnits = minorUnits
        self.name = name
    }

    enum CodingKeys: String, CodingKey { case code, kind, minorUnits = "minor_units", name }
}
