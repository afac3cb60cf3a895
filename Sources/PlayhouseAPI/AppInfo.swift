import Foundation

/// A developer app, as `GET /v1/app` answers it to the app itself.
public struct AppInfo: Codable, Sendable, Equatable {
    public var id: String
    /// The app's Playhouse resource name, `ern:app:<id>`.
    public var ern: String
    public var name: String
    /// The public client identifier used in OAuth requests.
    public var clientID: String
    public var environment: AppEnvironment
    /// The scopes the app may request.
    public var scopes: [String]
    /// The scopes granted to the token that made the call.
    public var tokenScopes: [String]
    public var redirectURIs: [String]
    public var createdAt: Date

    public init(
        id: String, ern: String, name: String, clientID: String, environment: AppEnvironment,
        scopes: [String], tokenScopes: [String], redirectURIs: [String], createdAt: Date
    ) {
        self.id = id
        self.ern = ern
        self.name = name
        self.clientID = clientID
        self.environment = environment
        self.scopes = scopes
        self.tokenScopes = tokenScopes
        self.redirectURIs = redirectURIs
        self.createdAt = createdAt
    }

    enum CodingKeys: String, CodingKey {
        case clientID = "client_id", createdAt = "created_at", environment, ern, id, name, redirectURIs = "redirect_uris",
            scopes, tokenScopes = "token_scopes"
    }
}
