/// The services of catalogs and offers (``ServiceContext``).
extension ServiceContext {
    /// Dealers, stores, catalogs and offers, imported by operators.
    public var catalog: CatalogService { CatalogService(store: store, now: now) }
    /// The catalog viewer's showings and their figures.
    public var catalogViews: CatalogViewService { CatalogViewService(store: store, now: now) }
}
