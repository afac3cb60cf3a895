import Fluent
import Foundation
import PlayhouseAPI

/// Registers the sign-in providers an app trusts (`playhouse apps add-provider`).
public struct IdentityProviderService: Sendable {
    /// A provider as the CLI shows it.
    public struct Summary: Sendable, Equatable {
        public var name: String
        public var kind: String
        public var issuer: String?
        public var audience: String
    }

    /// What kind of provider, with what it needs to check tokens.
    public enum Kind: Sendable {
        /// OpenID Connect: id_tokens signed by a key in `jwksURI`, from `issuer`, for `audience`.
        case openIDConnect(issuer: String, audience: String, jwksURI: String)
        /// Facebook-style: access tokens checked at `introspectionURL` (`input_token`, `access_token`
        /// = `appToken`), issued to the provider app `appID`; the profile is read from `profileURL`.
        case facebook(appID: String, appToken: String, introspectionURL: String, profileURL: String)
    }

    let database: any Database

    public init(database: any Database) { self.database = database }

    public func add(app reference: String, name: String, kind: Kind) async throws -> Summary {
        guard let app = try await AppService(database: database).find(reference) else {
            throw PlayhouseProblem.notFound(reference)
        }
        var fields: [PlayhouseProblem.Field] = []
        if name.range(of: "^[a-z0-9][a-z0-9_-]{0,39}$", options: .regularExpression) == nil {
            fields.append(.init(name: "name", code: "invalid_value"))
        }
        func url(_ text: String, _ field: String) {
            guard let parsed = URL(string: text), ["https", "http"].contains(parsed.scheme ?? ""), parsed.host != nil else {
                fields.append(.init(name: field, code: "invalid_value"))
                return
            }
        }
        let provider = IdentityProvider()
        provider.$app.id = app.id
        provider.name = name
        switch kind {
        case let .openIDConnect(issuer, audience, jwksURI):
            url(issuer, "issuer")
            url(jwksURI, "jwks_uri")
            if audience.isEmpty { fields.append(.init(name: "audience", code: "required")) }
            provider.kind = "oidc"
            provider.issuer = issuer
            provider.audience = audience
            provider.jwksURI = jwksURI
        case let .facebook(appID, appToken, introspectionURL, profileURL):
            url(introspectionURL, "introspection_url")
            url(profileURL, "profile_url")
            if appID.isEmpty { fields.append(.init(name: "audience", code: "required")) }
            if appToken.isEmpty { fields.append(.init(name: "app_token", code: "required")) }
            provider.kind = "facebook"
            provider.audience = appID
            provider.appToken = appToken
            provider.introspectionURL = introspectionURL
            provider.profileURL = profileURL
        }
        guard fields.isEmpty else { throw PlayhouseProblem.validation(fields) }
        do {
            try await provider.create(on: database)
        } catch let error as any DatabaseError where error.isConstraintFailure {
            throw PlayhouseProblem.validation([.init(name: "name", code: "taken")])
        }
        return Summary(name: name, kind: provider.kind, issuer: provider.issuer, audience: provider.audience)
    }

    public func list(app reference: String) async throws -> [Summary] {
        guard let app = try await AppService(database: database).find(reference) else { return [] }
        return try await IdentityProvider.query(on: database).filter(\.$app.$id == app.id).sort(\.$name).all()
            .map { Summary(name: $0.name, kind: $0.kind, issuer: $0.issuer, audience: $0.audience) }
    }
}
