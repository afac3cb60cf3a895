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

extension AppRecord {
    /// The app as the admin API sends it, and as the audit log keeps it (never its secret).
    public var admin: AdminApp {
        AdminApp(id: id.uuidString.lowercased(), ern: ern, name: name, clientID: clientID, environment: environment, scopes: scopes,
                 redirectURIs: redirectURIs, publicClient: isPublic, minimumAge: minimumAge,
                 rateLimits: AdminApp.RateLimits(perSecond: rateLimits.second, perHour: rateLimits.hour), createdAt: createdAt)
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
