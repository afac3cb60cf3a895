import Vapor

/// Registers every feature's routes.
func routes(_ app: Application) throws {
    try app.register(collection: HealthController())
    try app.register(collection: MetricsController())
    try app.register(collection: OpenAPIController(document: OpenAPIDocument.bundled.get()))
    try app.register(collection: OAuthController())
    try app.register(collection: AuthorizePageController())
    try app.register(collection: WalletPageController())
    try app.register(collection: RealityCheckPageController())
    try app.register(collection: LinkEmailPageController())
    try app.register(collection: AssetsController())
    try app.register(collection: ContentPageController())
    try app.register(collection: CatalogViewerController())
    try app.register(collection: RewardKeysController())
    try app.register(collection: AdminController())
    try app.register(collection: AdminAppsController())
    try app.register(collection: AdminPlayersController())
    try app.register(collection: AdminListsController())
    try app.register(collection: AdminMoneyController())
    try app.register(collection: AdminTokensController())
    try app.register(collection: AdminStatisticsController())
    try app.register(collection: AdminGamesController())
    try app.register(collection: AdminCatalogController())
    try app.register(collection: AdminContentController())
    try app.register(collection: AdminGameDataController())
    try app.register(collection: AdminCurrenciesController())
    try app.register(collection: AdminPromotionsController())
    try app.register(collection: AdminProvidersController())
    try app.register(collection: ConsolePageController())

    let v1 = app.grouped("v1").grouped(BearerAuthMiddleware())
    try v1.register(collection: ProfileController())
    try v1.register(collection: PlayerLinksController())
    try v1.register(collection: WalletController())
    try v1.register(collection: GamesController())
    try v1.register(collection: BatchController())
    try v1.register(collection: SessionsController())
    try v1.register(collection: LimitsController())
    try v1.register(collection: PageSessionController())
    try v1.register(collection: ListsController())
    // Players' profiles count against the app's limits as its game data does.
    try app.grouped("v1").grouped(BearerAuthMiddleware(limitsCalls: true)).register(collection: GameProfileController())

    // What a signed-out player may use (the app, a sign-in PIN, content placements, the catalog, game data):
    // with a token, or with a public client's id alone.
    let signedOut = app.grouped("v1").grouped(BearerAuthMiddleware.signedOutPublicClients)
    try signedOut.register(collection: AppsController())
    try signedOut.register(collection: PlayerAuthController())
    try signedOut.register(collection: ContentController())
    try signedOut.register(collection: CatalogController())
    // A game data document is answered from memory mostly: on SQLite, on the request's event loop, without a
    // thread switch. (A PostgreSQL server runs every task on the event loops already, `runTasksOnEventLoops`, and
    // a preference for one would only add a step to each of its jobs: a 304 ran at 0.78 of /healthz with it, 0.89
    // without.) Pages and searches parse and render up to a thousand documents: not on an event loop.
    let onEventLoop = if case .sqlite = app.playhouse.storeEngine { true } else { false }
    let gameData = BearerAuthMiddleware(admitsSignedOutPublicClients: true, limitsCalls: true)
    let gameDataDocuments = BearerAuthMiddleware(admitsSignedOutPublicClients: true, limitsCalls: true, runsOnEventLoop: onEventLoop)
    GameDataController().register(on: app.grouped("v1").grouped(gameData), documents: app.grouped("v1").grouped(gameDataDocuments))
}
