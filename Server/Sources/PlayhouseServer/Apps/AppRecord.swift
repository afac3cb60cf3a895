import Foundation
import PlayhouseAPI

/// A developer app as the rest of the server sees it: a plain value, detached from the database.
public struct AppRecord: Sendable, Equatable {
    public var id: UUID
    public var name: String
    public var clientID: String
    public var environment: AppEnvironment
    public var scopes: [String]
    public var redirectURIs: [String]
    /// A public client has no secret; it signs players in but gets no app token.
    public var isPublic: Bool
    /// Players younger than this may not deposit or bet (nil: the app checks no age).
    public var minimumAge: Int?
    /// How many calls of game data the app may make (``RequestRateLimits``).
    public var rateLimits: RequestRateLimits
    public var createdAt: Date

    init(id: UUID, name: String, clientID: String, environment: AppEnvironment, scopes: [String],
         redirectURIs: [String], isPublic: Bool, minimumAge: Int? = nil, rateLimits: RequestRateLimits = RequestRateLimits(), createdAt: Date) {
        self.isPublic = isPublic
        self.rateLimits = rateLimits
        self.minimumAge = minimumAge
        self.id = id
        self.name = name
        self.clientID = clientID
        self.environment = environment
        self.scopes = scopes
        self.redirectURIs = redirectURIs
        self.createdAt = createdAt
    }

    public var ern: String { ERN.make("app", id.uuidString.lowercased()) }
}

/// An app as the admin API sends it, and as the audit log keeps it (never its secret).
extension AppRecord: Codable {
    enum CodingKeys: String, CodingKey {
        case clientID = "client_id", createdAt = "created_at", environment, ern, id, minimumAge = "minimum_age", name,
            isPublic = "public_client", rateLimits = "rate_limits", redirectURIs = "redirect_uris", scopes
    }

    enum LimitKeys: String, CodingKey {
        case perSecond = "per_second"
        case perHour = "per_hour"
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id.uuidString.lowercased(), forKey: .id)
        try container.encode(ern, forKey: .ern)
        try container.encode(name, forKey: .name)
        try container.encode(clientID, forKey: .clientID)
        try container.encode(environment, forKey: .environment)
        try container.encode(scopes, forKey: .scopes)
        try container.encode(redirectURIs, forKey: .redirectURIs)
        try container.encode(isPublic, forKey: .isPublic)
        try container.encodeIfPresent(minimumAge, forKey: .minimumAge)
        var limits = container.nestedContainer(keyedBy: LimitKeys.self, forKey: .rateLimits)
        try limits.encode(rateLimits.second, forKey: .perSecond)
        try limits.encode(rateLimits.hour, forKey: .perHour)
        try container.encode(createdAt, forKey: .createdAt)
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let limits = try container.nestedContainer(keyedBy: LimitKeys.self, forKey: .rateLimits)
        self.init(id: try container.decode(UUID.self, forKey: .id), name: try container.decode(String.self, forKey: .name),
                  clientID: try container.decode(String.self, forKey: .clientID), environment: try container.decode(AppEnvironment.self, forKey: .environment),
                  scopes: try container.decode([String].self, forKey: .scopes), redirectURIs: try container.decode([String].self, forKey: .redirectURIs),
                  isPublic: try container.decode(Bool.self, forKey: .isPublic), minimumAge: try container.decodeIfPresent(Int.self, forKey: .minimumAge),
                  rateLimits: RequestRateLimits(perSecond: try limits.decode(Int.self, forKey: .perSecond), perHour: try limits.decode(Int.self, forKey: .perHour)),
                  createdAt: try container.decode(Date.self, forKey: .createdAt))
    }
}

/// The calls an app may make per second and per hour, across all instances (Battle.net's limits by
/// default: 100 a second, 36,000 an hour). Nil is the default.
public struct RequestRateLimits: Sendable, Equatable {
    public static let defaultPerSecond = 100
    public static let defaultPerHour = 36_000

    public var perSecond: Int?
    public var perHour: Int?

    public init(perSecond: Int? = nil, perHour: Int? = nil) {
        self.perSecond = perSecond
        self.perHour = perHour
    }

    /// What applies: the app's own, else the default.
    public var second: Int { perSecond ?? Self.defaultPerSecond }
    public var hour: Int { perHour ?? Self.defaultPerHour }
}

/// A newly created (or re-keyed) app with its client secret, which is shown this once only
/// (nil for a public client, which has none).
public struct AppCredentials: Sendable {
    public var app: AppRecord
    public var clientSecret: String?
}
