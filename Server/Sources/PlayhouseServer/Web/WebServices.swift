/// The services of the hosted pages (``ServiceContext``).
extension ServiceContext {
    /// Page sessions: the one-time tickets and cookies of the hosted pages.
    var pageSessions: PageSessionService { PageSessionService(store: store, now: now) }
}
