import Fluent
import Foundation
import SQLKit

/// A sign-in provider an app trusts for federated sign-in (token exchange): an OpenID Connect
/// provider, whose id_tokens are checked against its JWKS, or a Facebook-style provider, whose
/// access tokens are checked with its debug endpoint.
struct IdentityProvider: Sendable {
    var id: UUID
    var appID: UUID
    var name: String
    /// `oidc` or `facebook`.
    var kind: String
    /// OIDC: the issuer (`iss`); Facebook-style: unused.
    var issuer: String?
    /// OIDC: the app's client id at the provider (`aud`); Facebook-style: the provider's app id.
    var audience: String
    var jwksURI: String?
    var introspectionURL: String?
    /// Facebook-style: the app access token the debug endpoint needs. Stored as given, since it has
    /// to be sent to the provider.
    var appToken: String?
    var profileURL: String?

    private static let names = ["id", "app_id", "name", "kind", "issuer", "audience", "jwks_uri", "introspection_url", "app_token", "profile_url"]
    static let columns = SQLQueryString(names.joined(separator: ", "))

    init(id: UUID = UUID.random(), appID: UUID, name: String, kind: String, issuer: String? = nil, audience: String, jwksURI: String? = nil,
         introspectionURL: String? = nil, appToken: String? = nil, profileURL: String? = nil) {
        self.id = id
        self.appID = appID
        self.name = name
        self.kind = kind
        self.issuer = issuer
        self.audience = audience
        self.jwksURI = jwksURI
        self.introspectionURL = introspectionURL
        self.appToken = appToken
        self.profileURL = profileURL
    }

    /// The columns of the table aliased `alias`, each named `provider_` and its name, for a row
    /// where other tables' columns stand beside them (``init(row:prefix:)`` with `provider_`).
    static func columns(_ alias: SQLAlias) -> SQLQueryString {
        names.map { "\(alias).\(unsafeRaw: $0) AS provider_\(unsafeRaw: $0)" as SQLQueryString }.joined(separator: ", ")
    }

    /// The provider in a row read with ``columns``, or, with `prefix`, ``columns(_:)``.
    init(row: some SQLRow, prefix: String = "") throws {
        func column(_ name: String) -> String { prefix + name }
        self.init(id: try row.decode(column: column("id"), as: UUID.self), appID: try row.decode(column: column("app_id"), as: UUID.self),
                  name: try row.decode(column: column("name"), as: String.self), kind: try row.decode(column: column("kind"), as: String.self),
                  issuer: try row.decode(column: column("issuer"), as: String?.self), audience: try row.decode(column: column("audience"), as: String.self),
                  jwksURI: try row.decode(column: column("jwks_uri"), as: String?.self),
                  introspectionURL: try row.decode(column: column("introspection_url"), as: String?.self),
                  appToken: try row.decode(column: column("app_token"), as: String?.self),
                  profileURL: try row.decode(column: column("profile_url"), as: String?.self))
    }
}
