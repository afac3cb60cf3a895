/// The services of game data (``ServiceContext``).
extension ServiceContext {
    /// Game data by game, region and namespace, imported by operators and read by apps.
    public var gameData: GameDataService { GameDataService(store: store, now: now, searchIndexes: playhouse.gameDataSearchIndexes, answers: playhouse.gameDataAnswers) }
}
