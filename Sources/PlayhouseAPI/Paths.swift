/// The paths of the Playhouse HTTP API, shared by the SDK and the server.
public enum APIPath {
    public static let token = "/oauth/token"
    public static let introspect = "/oauth/introspect"
    public static let revoke = "/oauth/revoke"
    public static let authorizationServerMetadata = "/.well-known/oauth-authorization-server"
    public static let app = "/v1/app"
    public static let health = "/healthz"
    public static let ready = "/readyz"
    public static let metrics = "/metrics"
    public static let openAPI = "/openapi.json"
}

/// OAuth grant types Playhouse understands.
public enum GrantType {
    public static let clientCredentials = "client_credentials"
}
