/// The services of developer apps (``ServiceContext``).
extension ServiceContext {
    /// Developer apps: registration, credentials, redirect URIs, environments.
    public var apps: AppService { AppService(store: store, now: now, tokenCache: playhouse.tokenCache) }
}
