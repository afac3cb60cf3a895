/// OAuth 2.0 authorization server metadata (RFC 8414), served at
/// `/.well-known/oauth-authorization-server`.
public struct AuthorizationServerMetadata: Codable, Sendable, Equatable {
    public var issuer: String
    public var authorizationEndpoint: String?
    /// RFC 8628.
    public var deviceAuthorizationEndpoint: String?
    public var tokenEndpoint: String
    public var introspectionEndpoint: String
    public var revocationEndpoint: String
    public var userinfoEndpoint: String?
    public var grantTypesSupported: [String]
    public var responseTypesSupported: [String]
    public var codeChallengeMethodsSupported: [String]?
    public var tokenEndpointAuthMethodsSupported: [String]
    public var introspectionEndpointAuthMethodsSupported: [String]
    public var revocationEndpointAuthMethodsSupported: [String]
    public var scopesSupported: [String]
    /// RFC 9207: authorization responses carry an `iss` parameter.
    public var authorizationResponseIssParameterSupported: Bool?
    public var serviceDocumentation: String?
    /// OpenID Connect: where the keys that sign id_tokens are published.
    public var jwksURI: String?
    /// OpenID Connect RP-initiated logout: where a browser is signed out of the hosted pages.
    public var endSessionEndpoint: String?
    /// OpenID Connect Discovery: `public`.
    public var subjectTypesSupported: [String]?
    /// OpenID Connect Discovery: `ES256`.
    public var idTokenSigningAlgValuesSupported: [String]?
    /// OpenID Connect Discovery: the claims an id_token and the userinfo answer may carry.
    public var claimsSupported: [String]?

    public init(issuer: String, authorizationEndpoint: String? = nil, deviceAuthorizationEndpoint: String? = nil, tokenEndpoint: String, introspectionEndpoint: String,
                revocationEndpoint: String, userinfoEndpoint: String? = nil, grantTypesSupported: [String],
                responseTypesSupported: [String], codeChallengeMethodsSupported: [String]? = nil,
                tokenEndpointAuthMethodsSupported: [String], scopesSupported: [String],
                authorizationResponseIssParameterSupported: Bool? = nil, serviceDocumentation: String?) {
        self.issuer = issuer
        self.authorizationEndpoint = authorizationEndpoint
        self.deviceAuthorizationEndpoint = deviceAuthorizationEndpoint
        self.tokenEndpoint = tokenEndpoint
        self.introspectionEndpoint = introspectionEndpoint
        self.revocationEndpoint = revocationEndpoint
        self.userinfoEndpoint = userinfoEndpoint
        self.grantTypesSupported = grantTypesSupported
        self.responseTypesSupported = responseTypesSupported
        self.codeChallengeMethodsSupported = codeChallengeMethodsSupported
        self.tokenEndpointAuthMethodsSupported = tokenEndpointAuthMethodsSupported
        self.introspectionEndpointAuthMethodsSupported = tokenEndpointAuthMethodsSupported
        self.revocationEndpointAuthMethodsSupported = tokenEndpointAuthMethodsSupported
        self.scopesSupported = scopesSupported
        self.authorizationResponseIssParameterSupported = authorizationResponseIssParameterSupported
        self.serviceDocumentation = serviceDocumentation
    }

    enum CodingKeys: String, CodingKey {
        case authorizationEndpoint = "authorization_endpoint",
            authorizationResponseIssParameterSupported = "authorization_response_iss_parameter_supported",
            claimsSupported = "claims_supported", codeChallengeMethodsSupported = "code_challenge_methods_supported",
            deviceAuthorizationEndpoint = "device_authorization_endpoint", endSessionEndpoint = "end_session_endpoint",
            grantTypesSupported = "grant_types_supported",
            idTokenSigningAlgValuesSupported = "id_token_signing_alg_values_supported",
            introspectionEndpoint = "introspection_endpoint",
            introspectionEndpointAuthMethodsSupported = "introspection_endpoint_auth_methods_supported", issuer,
            jwksURI = "jwks_uri", responseTypesSupported = "response_types_supported",
            revocationEndpoint = "revocation_endpoint",
            revocationEndpointAuthMethodsSupported = "revocation_endpoint_auth_methods_supported",
            scopesSupported = "scopes_supported", serviceDocumentation = "service_documentation",
            subjectTypesSupported = "subject_types_supported", tokenEndpoint = "token_endpoint",
            tokenEndpointAuthMethodsSupported = "token_endpoint_auth_methods_supported", userinfoEndpoint = "userinfo_endpoint"
    }
}
