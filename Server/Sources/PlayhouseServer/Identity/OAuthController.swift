import PlayhouseAPI
import Vapor

/// The OAuth 2 endpoints: token (RFC 6749), introspection (RFC 7662), revocation (RFC 7009) and
/// authorization server metadata (RFC 8414).
struct OAuthController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        let oauth = routes.grouped("oauth")
        oauth.post("token", use: token)
        oauth.post("introspect", use: introspect)
        oauth.post("revoke", use: revoke)
        routes.get(".well-known", "oauth-authorization-server", use: metadata)
    }

    func token(_ request: Request) async throws -> Response {
        let form = try OAuthForm(request)
        let app = try await ClientAuthenticator(request: request).authenticate(form: form)
        let grantType = try form.required("grant_type")
        switch grantType {
        case GrantType.clientCredentials:
            let scopes = try grantedScopes(requested: try form.value("scope"), app: app)
            let response = try await TokenService(database: request.db, now: request.now)
                .issueAppToken(for: app, scopes: scopes, lifetime: request.playhouse.configuration.appTokenLifetime)
            return try noStore(response)
        default:
            throw PlayhouseProblem(.badRequest, .unsupportedGrantType, parameters: ["grant_type": String(grantType.prefix(100))])
        }
    }

    func introspect(_ request: Request) async throws -> Response {
        let form = try OAuthForm(request)
        let app = try await ClientAuthenticator(request: request).authenticate(form: form)
        let answer = try await TokenService(database: request.db, now: request.now)
            .introspect(try form.required("token"), by: app, issuer: request.playhouse.configuration.resolvedPublicURL)
        return try noStore(answer)
    }

    func revoke(_ request: Request) async throws -> Response {
        let form = try OAuthForm(request)
        let app = try await ClientAuthenticator(request: request).authenticate(form: form)
        try await TokenService(database: request.db, now: request.now).revoke(try form.required("token"), by: app)
        return Response(status: .ok, headers: ["Cache-Control": "no-store"])
    }

    func metadata(_ request: Request) -> AuthorizationServerMetadata {
        let base = request.playhouse.configuration.resolvedPublicURL
        return AuthorizationServerMetadata(
            issuer: base,
            tokenEndpoint: base + APIPath.token,
            introspectionEndpoint: base + APIPath.introspect,
            revocationEndpoint: base + APIPath.revoke,
            grantTypesSupported: [GrantType.clientCredentials],
            responseTypesSupported: [],
            tokenEndpointAuthMethodsSupported: ["client_secret_basic", "client_secret_post"],
            scopesSupported: AppService.defaultScopes,
            serviceDocumentation: base + APIPath.openAPI)
    }

    /// The scopes to grant: those requested (each one the app's), or all of the app's.
    private func grantedScopes(requested: String?, app: AppRecord) throws -> [String] {
        guard let requested, !requested.trimmingCharacters(in: .whitespaces).isEmpty else { return app.scopes }
        let scopes = requested.split(separator: " ").map(String.init).uniqued()
        if let unknown = scopes.first(where: { !app.scopes.contains($0) }) {
            throw PlayhouseProblem(.badRequest, .invalidScope,
                                   parameters: ["scope": String(unknown.prefix(64)), "allowed": app.scopes.joined(separator: " ")])
        }
        return scopes
    }

    private func noStore(_ value: some Encodable) throws -> Response {
        let response = Response(status: .ok, headers: ["Cache-Control": "no-store", "Pragma": "no-cache"])
        try response.content.encode(AnyEncodable(value), as: .json)
        return response
    }
}

/// Type erasure so any wire value can be written as a response body.
private struct AnyEncodable: Encodable {
    let value: any Encodable
    init(_ value: any Encodable) { self.value = value }
    func encode(to encoder: any Encoder) throws { try value.encode(to: encoder) }
}
