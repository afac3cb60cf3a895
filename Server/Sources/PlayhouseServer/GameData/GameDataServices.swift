/// The services of game data (``ServiceContext``).
extension ServiceContext {
    /// Game data by game, region and namespace, imported by operators and read by apps.
    public var gameData: GameDataService { GameDataService(store: store, now: now, searchIndexes: playhouse.gameDataSearchIndexes, answers: playhouse.gameDataAnswers,
                                                     current: playhouse.gameDataCurrent) }

    /// Players' profiles per game, written by the app's server and read by the player.
    var gameProfiles: GameProfileService { GameProfileService(store: store, now: now, players: players) }
}
