import Foundation

/// A developer app as the admin API sends it (`/admin/v1/apps`) and the audit log keeps it: never
/// its secret.
public struct AdminApp: Codable, Sendable, Equatable {
    /// The calls of game data the app may make, across all instances.
    public struct RateLimits: Codable, Sendable, Equatable {
        public var perSecond: Int
        public var perHour: Int

        public init(perSecond: Int, perHour: Int) {
            self.perSecond = perSecond
            self.perHour = perHour
        }

        enum CodingKeys: String, CodingKey {
            case perHour = "per_hour", perSecond = "per_second"
        }
    }

    public var id: String
    /// `ern:app:<id>`.
    public var ern: String
    public var name: String
    public var clientID: String
    public var environment: AppEnvironment
    public var scopes: [String]
    public var redirectURIs: [String]
    /// A public client has no secret: it signs players in, and gets no app token.
    public var publicClient: Bool
    /// Players younger than this may not deposit or bet (none: the app checks no age).
    public var minimumAge: Int?
    public var rateLimits: RateLimits
    public var createdAt: Date

    public init(id: String, ern: String, name: String, clientID: String, environment: AppEnvironment, scopes: [String], redirectURIs: [String],
                publicClient: Bool, minimumAge: Int? = nil, rateLimits: RateLimits, createdAt: Date) {
        self.id = id
        self.ern = ern
        self.name = name
        self.clientID = clientID
        self.environment = environment
        self.scopes = scopes
        self.redirectURIs = redirectURIs
        self.publicClient = publicClient
        self.minimumAge = minimumAge
        self.rateLimits = rateLimits
        self.createdAt = createdAt
    }

    enum CodingKeys: String, CodingKey {
        case clientID = "client_id", createdAt = "created_at", environment, ern, id, minimumAge = "minimum_age", name,
            publicClient = "public_client", rateLimits = "rate_limits", redirectURIs = "redirect_uris", scopes
    }
}

/// An app created, or its secret rotated: the client secret is shown this once (none for a public
/// client).
public struct AdminAppCreated: Codable, Sendable, Equatable {
    public var app: AdminApp
    public var clientSecret: String?

    public init(app: AdminApp, clientSecret: String?) {
        self.app = app
        self.clientSecret = clientSecret
    }

    enum CodingKeys: String, CodingKey {
        case app, clientSecret = "client_secret"
    }
}
