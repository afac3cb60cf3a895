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

/// A new app (`POST /admin/v1/apps`): sandbox, the default scopes and a confidential client
/// unless said otherwise.
public struct NewApp: Codable, Sendable, Equatable {
    public var name: String
    public var environment: AppEnvironment?
    public var redirectURIs: [String]?
    /// Replaces the default scopes when given.
    public var scopes: [String]?
    public var publicClient: Bool?

    public init(name: String, environment: AppEnvironment? = nil, redirectURIs: [String]? = nil, scopes: [String]? = nil, publicClient: Bool? = nil) {
        self.name = name
        self.environment = environment
        self.redirectURIs = redirectURIs
        self.scopes = scopes
        self.publicClient = publicClient
    }

    enum CodingKeys: String, CodingKey {
        case environment, name, publicClient = "public_client", redirectURIs = "redirect_uris", scopes
    }
}

/// An app's limits on its calls of game data (`PUT /admin/v1/apps/{app}/rate-limits`); one left
/// out goes back to the server's default.
public struct RateLimitsUpdate: Codable, Sendable, Equatable {
    public var perSecond: Int?
    public var perHour: Int?

    public init(perSecond: Int? = nil, perHour: Int? = nil) {
        self.perSecond = perSecond
        self.perHour = perHour
    }

    enum CodingKeys: String, CodingKey {
        case perHour = "per_hour", perSecond = "per_second"
    }
}

/// The operators an app is limited to, by email (`PUT /admin/v1/apps/{app}/operators`); none opens
/// it to every operator again.
public struct AppOperatorsUpdate: Codable, Sendable, Equatable {
    public var operators: [String]

    public init(operators: [String]) {
        self.operators = operators
    }
}
