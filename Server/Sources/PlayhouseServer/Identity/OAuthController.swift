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
        oauth.post("device_authorization", use: deviceAuthorization)
        oauth.grouped(BearerAuthMiddleware()).get("userinfo", use: userinfo)
        oauth.get("jwks", use: jwks)
        routes.get(".well-known", "oauth-authorization-server", use: metadata)
        routes.get(".well-known", "openid-configuration", use: metadata)
    }

    func token(_ request: Request) async throws -> Response {
        let form = try OAuthForm(request)
        // A sign-up's own lookups are read with the client, in one statement.
        let along: [ReadAlong] = switch try? form.value("grant_type") {
        case GrantType.guest: [GuestSignIn.along(app: AppService.clientAppID, installationID: try? form.value("installation_id"))]
        case GrantType.tokenExchange:
            FederatedSignInService.along(app: AppService.clientAppID, providerName: try? form.value("provider"), token: try? form.value("subject_token"))
        default: []
        }
        let (app, found) = try await ClientAuthenticator(request: request).authenticate(form: form, allowPublic: true, along: along)
        let grantType = try form.required("grant_type")
        switch grantType {
        case GrantType.clientCredentials:
            // RFC 6749 §4.4: only confidential clients get app tokens.
            guard !app.isPublic else { throw PlayhouseProblem(.badRequest, .unauthorizedClient) }
            var scopes = try grantedScopes(requested: try form.value("scope"), app: app)
            let clientUserID = try form.value("client_user_id")
            if let clientUserID {
                // Betable's unbacked token: play only, for the game's own user id.
                guard clientUserID.utf8.count <= 200, AppService.isWellFormedClientID(clientUserID) else {
                    throw PlayhouseProblem.invalidRequest("invalid_parameter", ["name": "client_user_id"])
                }
                guard scopes.contains("play") else {
                    throw PlayhouseProblem(.badRequest, .invalidScope, parameters: ["scope": "play", "allowed": app.scopes.joined(separator: " ")])
                }
                scopes = ["play"]
            }
            let response = try await request.tokens
                .issueAppToken(for: app, scopes: scopes, lifetime: request.playhouse.configuration.appTokenLifetime,
                               clientUserID: clientUserID)
            return try noStore(response)
        case GrantType.authorizationCode:
            let response = try await request.authorizationCodes
                .exchange(code: try form.required("code"), redirectURI: try form.value("redirect_uri"),
                          verifier: try form.value("code_verifier"), app: app)
            return try noStore(response)
        case GrantType.phonePin:
            let scopes = try grantedScopes(requested: try form.value("scope"), app: app)
            let response = try await request.phonePins
                .signIn(phoneNumber: try form.required("phone_number"), pin: try form.required("pin"), app: app,
                        with: request.playerSignIn, scope: scopes.joined(separator: " "))
            return try noStore(response)
        case GrantType.guest:
            let scopes = try grantedScopes(requested: try form.value("scope"), app: app)
            let response = try await request.guestSignIn
                .signIn(app: app, installationID: try form.required("installation_id"), found: found, with: request.playerSignIn,
                        scope: scopes.joined(separator: " "))
            return try noStore(response)
        case GrantType.deviceCode:
            let response = try await request.deviceAuthorizations
                .poll(deviceCode: try form.required("device_code"), app: app)
            return try noStore(response)
        case GrantType.tokenExchange:
            if let requested = try form.value("requested_token_type"), requested != FederatedSignInService.accessTokenType {
                throw PlayhouseProblem.invalidRequest("invalid_parameter", ["name": "requested_token_type"])
            }
            let scopes = try grantedScopes(requested: try form.value("scope"), app: app)
            var response = try await request.federatedSignIn
                .signIn(app: app, providerName: try form.required("provider"), token: try form.required("subject_token"),
                        tokenType: try form.required("subject_token_type"), found: found, with: request.playerSignIn,
                        scope: scopes.joined(separator: " "))
            response.issuedTokenType = FederatedSignInService.accessTokenType
            return try noStore(response)
        case GrantType.refreshToken:
            let response = try await request.refreshTokens
                .refresh(try form.required("refresh_token"), requestedScope: try form.value("scope"), app: app)
            return try noStore(response)
        default:
            throw PlayhouseProblem(.badRequest, .unsupportedGrantType, parameters: ["grant_type": String(grantType.prefix(100))])
        }
    }

    /// RFC 8628 §3.1: a device asks to be authorized; it shows the user code and polls `/oauth/token`.
    func deviceAuthorization(_ request: Request) async throws -> Response {
        let form = try OAuthForm(request)
        let app = try await ClientAuthenticator(request: request).authenticate(form: form, allowPublic: true)
        let scopes = try grantedScopes(requested: try form.value("scope"), app: app)
        let answer = try await request.deviceAuthorizations
            .start(app: app, scope: scopes.joined(separator: " "))
        return try noStore(answer)
    }

    func introspect(_ request: Request) async throws -> Response {
        let form = try OAuthForm(request)
        let app = try await ClientAuthenticator(request: request).authenticate(form: form)
        let answer = try await request.tokens
            .introspect(try form.required("token"), by: app, issuer: request.playhouse.configuration.resolvedPublicURL)
        return try noStore(answer)
    }

    func revoke(_ request: Request) async throws -> Response {
        let form = try OAuthForm(request)
        let app = try await ClientAuthenticator(request: request).authenticate(form: form, allowPublic: true)
        try await request.tokens.revoke(try form.required("token"), by: app)
        return Response(status: .ok, headers: ["Cache-Control": "no-store"])
    }

    /// OpenID Connect style claims about the signed-in player; profile claims need the `profile` scope.
    func userinfo(_ request: Request) async throws -> Response {
        let principal = try request.principal
        guard let playerID = principal.playerID, let player = try await request.players.find(playerID, appID: principal.app.id) else {
            throw PlayhouseProblem(.forbidden, .playerTokenRequired)
        }
        return try noStore(player.userInfo(withProfile: principal.scopes.contains("profile")))
    }

    func metadata(_ request: Request) -> AuthorizationServerMetadata {
        let base = request.playhouse.configuration.resolvedPublicURL
        var metadata = AuthorizationServerMetadata(
            issuer: base,
            authorizationEndpoint: base + APIPath.authorize,
            deviceAuthorizationEndpoint: base + APIPath.deviceAuthorization,
            tokenEndpoint: base + APIPath.token,
            introspectionEndpoint: base + APIPath.introspect,
            revocationEndpoint: base + APIPath.revoke,
            userinfoEndpoint: base + APIPath.userinfo,
            grantTypesSupported: [GrantType.clientCredentials, GrantType.authorizationCode, GrantType.refreshToken, GrantType.phonePin,
                                  GrantType.deviceCode, GrantType.tokenExchange, GrantType.guest],
            responseTypesSupported: ["code"],
            codeChallengeMethodsSupported: [PKCE.method],
            tokenEndpointAuthMethodsSupported: ["client_secret_basic", "client_secret_post", "none"],
            scopesSupported: ["openid"] + AppService.defaultScopes,
            authorizationResponseIssParameterSupported: true,
            serviceDocumentation: base + APIPath.openAPI)
        metadata.jwksURI = base + APIPath.jwks
        metadata.endSessionEndpoint = base + APIPath.browserLogout
        metadata.subjectTypesSupported = ["public"]
        metadata.idTokenSigningAlgValuesSupported = ["ES256"]
        metadata.claimsSupported = IDToken.claimsSupported
        // Public clients ("none") may sign players in and revoke their tokens, but not introspect.
        metadata.introspectionEndpointAuthMethodsSupported = ["client_secret_basic", "client_secret_post"]
        return metadata
    }

    /// The keys that sign id_tokens, as a JWK Set: the current one and those replaced lately, so
    /// that a token signed before a rotation still verifies.
    func jwks(_ request: Request) async throws -> Response {
        try Response.jwkSet(try await request.signingKeys().published())
    }

    /// The scopes to grant: those requested (each one the app's), or all of the app's.
    private func grantedScopes(requested: String?, app: AppRecord) throws -> [String] {
        guard let requested = requested.given else { return app.scopes }
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
