import Foundation

// The admin API's settings of an app (`/admin/v1/apps/{app}/providers`, `/promotions`; currencies
// are `CurrencyInfo`).

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
