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
    public var createdAt: Date

    init(id: UUID, name: String, clientID: String, environment: AppEnvironment, scopes: [String],
         redirectURIs: [String], isPublic: Bool, minimumAge: Int? = nil, createdAt: Date) {
        self.isPublic = isPublic
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

/// A newly created (or re-keyed) app with its client secret, which is shown this once only
/// (nil for a public client, which has none).
public struct AppCredentials: Sendable {
    public var app: AppRecord
    public var clientSecret: String?
}
