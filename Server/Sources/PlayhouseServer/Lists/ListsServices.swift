/// The services of shopping lists (``ServiceContext``).
extension ServiceContext {
    var lists: ListService { ListService(store: store, now: now, players: players, signal: playhouse.listChanges) }
    public var listFeed: ListFeed { ListFeed(store: store, now: now, signal: playhouse.listChanges, players: players) }
}
