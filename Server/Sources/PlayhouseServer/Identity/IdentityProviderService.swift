import Foundation
import PlayhouseAPI
import SQLKit

/// Registers the sign-in providers an app trusts (`playhouse apps add-provider`).
public struct IdentityProviderService: Sendable {
    /// What kind of provider, with what it needs to check tokens.
    public enum Kind: Sendable {
        /// OpenID Connect: id_tokens signed by a key in `jwksURI`, from `issuer`, for `audience`.
        case openIDConnect(issuer: String, audience: String, jwksURI: String)
        /// Facebook-style: access tokens checked at `introspectionURL` (`input_token`, `access_token`
        /// = `appToken`), issued to the provider app `appID`; the profile is read from `profileURL`.
        case facebook(appID: String, appToken: String, introspectionURL: String, profileURL: String)

        /// Where a Facebook-style provider's tokens are checked and profiles read, unless told otherwise.
        public static let facebookIntrospectionURL = "https://graph.facebook.com/debug_token", facebookProfileURL = "https://graph.facebook.com/me"

        /// The kind the command line and the admin API name (`oidc` or `facebook`), with what it
        /// needs; `422` naming the field it lacks (an empty one counts as none), or `kind` when it is
        /// neither.
        public static func named(_ kind: String, issuer: String?, audience: String, jwksURI: String?, appToken: String?,
                                 introspectionURL: String? = nil, profileURL: String? = nil) throws -> Kind {
            switch (kind, issuer.given, jwksURI.given, appToken.given) {
            case ("oidc", let issuer?, let jwksURI?, _):
                return .openIDConnect(issuer: issuer, audience: audience, jwksURI: jwksURI)
            case ("facebook", _, _, let appToken?):
                return .facebook(appID: audience, appToken: appToken, introspectionURL: introspectionURL.given ?? facebookIntrospectionURL,
                                 profileURL: profileURL.given ?? facebookProfileURL)
            case ("oidc", _, _, _):
                throw PlayhouseProblem.validation([.init(name: issuer.given == nil ? "issuer" : "jwks_uri", code: "required")])
            case ("facebook", _, _, _):
                throw PlayhouseProblem.validation([.init(name: "app_token", code: "required")])
            default:
                throw PlayhouseProblem.validation([.init(name: "kind", code: "invalid_value")])
            }
        }
    }

    let store: Store
    let now: Date

    /// A provider's name: a lowercase letter or digit, then up to 39 more of them, `_` or `-`.
    static func isWellFormed(name: String) -> Bool {
        ASCIIShape.matches(name, length: 1...40, first: ASCIIShape.isLowercaseOrDigit) {
            ASCIIShape.isLowercaseOrDigit($0) || $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: "-")
        }
    }

    /// Audit-logged as `actor`'s (never the provider's app token).
    public func add(app reference: String, name: String, kind: Kind, by actor: AuditActor) async throws -> ProviderInfo {
        guard let app = try await AppService(store: store, now: now).find(reference) else {
            throw PlayhouseProblem.notFound(reference)
        }
        var fields: [PlayhouseProblem.Field] = []
        if !Self.isWellFormed(name: name) {
            fields.append(.init(name: "name", code: "invalid_value"))
        }
        func url(_ text: String, _ field: String) {
            guard let parsed = URL(string: text), ["https", "http"].contains(parsed.scheme ?? ""), parsed.host != nil else {
                fields.append(.init(name: field, code: "invalid_value"))
                return
            }
        }
        var provider = IdentityProvider(appID: app.id, name: name, kind: "", audience: "")
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
        let summary = ProviderInfo(name: name, kind: provider.kind, issuer: provider.issuer, audience: provider.audience)
        do {
            let now = self.now
            try await store.transaction { [provider] sql in
                try await sql.raw("""
                    INSERT INTO identity_providers (\(IdentityProvider.columns), created_at)
                    VALUES (\(bind: provider.id), \(bind: provider.appID), \(bind: provider.name), \(bind: provider.kind), \(bind: provider.issuer),
                            \(bind: provider.audience), \(bind: provider.jwksURI), \(bind: provider.introspectionURL), \(bind: provider.appToken),
                            \(bind: provider.profileURL), \(bind: now))
                    """).run()
                try await sql.raw(AuditLog.entry(by: actor, "sign-in provider added", target: app.ern + "/provider:" + name, after: summary,
                                                 at: now)).run()
            }
        } catch where Store.isConstraintViolation(error) {
            throw PlayhouseProblem.validation([.init(name: "name", code: "taken")])
        }
        return summary
    }

    public func list(app reference: String) async throws -> [ProviderInfo] {
        guard let app = try await AppService(store: store, now: now).find(reference) else { return [] }
        return try await store.read { sql in
            try await sql.raw("SELECT \(IdentityProvider.columns) FROM identity_providers WHERE app_id = \(bind: app.id) ORDER BY name").all()
        }.map { row in
            let provider = try IdentityProvider(row: row)
            return ProviderInfo(name: provider.name, kind: provider.kind, issuer: provider.issuer, audience: provider.audience)
        }
    }
}
