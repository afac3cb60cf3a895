/// OAuth 2.0 authorization server metadata (RFC 8414), served at
/// `/.well-known/oauth-authorization-server`.
public struct AuthorizationServerMetadata: Codable, Sendable, Equatable {
    public var issuer: String
    public var tokenEndpoint: String
    public var introspectionEndpoint: String
    public var revocationEndpoint: String
    public var grantTypesSupported: [String]
    public var responseTypesSupported: [String]
    public var tokenEndpointAuthMethodsSupported: [String]
    public var introspectionEndpointAuthMethodsSupported: [String]
    public var revocationEndpointAuthMethodsSupported: [String]
    public var scopesSupported: [String]
    public var serviceDocumentation: String?

    public init(issuer: String, tokenEndpoint: String, introspectionEndpoint: String, revocationEndpoint: String,
                grantTypesSupported: [String], responseTypesSupported: [String], tokenEndpointAuthMethodsSupported: [String],
                scopesSupported: [String], serviceDocumentation: String?) {
        self.issuer = issuer
        self.tokenEndpoint = tokenEndpoint
        self.introspectionEndpoint = introspectionEndpoint
        self.revocationEndpoint = revocationEndpoint
        self.grantTypesSupported = grantTypesSupported
        self.responseTypesSupported = responseTypesSupported
        self.tokenEndpointAuthMethodsSupported = tokenEndpointAuthMethodsSupported
        self.introspectionEndpointAuthMethodsSupported = tokenEndpointAuthMethodsSupported
        self.revocationEndpointAuthMethodsSupported = tokenEndpointAuthMethodsSupported
        self.scopesSupported = scopesSupported
        self.serviceDocumentation = serviceDocumentation
    }

    enum CodingKeys: String, CodingKey {
        case issuer
        case tokenEndpoint = "token_endpoint"
        case introspectionEndpoint = "introspection_endpoint"
        case revocationEndpoint = "revocation_endpoint"
        case grantTypesSupported = "grant_types_supported"
        case responseTypesSupported = "response_types_supported"
        case tokenEndpointAuthMethodsSupported = "token_endpoint_auth_methods_supported"
        case introspectionEndpointAuthMethodsSupported = "introspection_endpoint_auth_methods_supported"
        case revocationEndpointAuthMethodsSupported = "revocation_endpoint_auth_methods_supported"
        case scopesSupported = "scopes_supported"
        case serviceDocumentation = "service_documentation"
    }
}
