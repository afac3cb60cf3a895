import Fluent
import Leaf
import PlayhouseAPI
import Vapor

/// Sets up a Playhouse server on `app`: database, migrations, middleware and routes.
/// Runs pending migrations unless `migrate` is false.
public func configure(_ app: Application, with configuration: PlayhouseConfiguration, migrate: Bool = true) async throws {
    app.logger.logLevel = configuration.logLevel
    app.http.server.configuration.hostname = configuration.host
    app.http.server.configuration.port = configuration.port
    app.routes.defaultMaxBodySize = ByteCount(value: configuration.maxBodySize)
    ContentConfiguration.global.use(encoder: PlayhouseJSON.makeEncoder(), for: .json)
    ContentConfiguration.global.use(decoder: Request.jsonDecoder, for: .json)

    let metrics = ServerMetrics(engine: DatabaseSetup.engineName(configuration),
                                poolSize: configuration.databaseURL == nil ? 1 : configuration.postgresConnectionsPerEventLoop * System.coreCount)
    let storeEngine = try DatabaseSetup.configure(app, configuration, metrics: metrics)
    app.playhouse = PlayhouseState(
        configuration: configuration,
        clock: ServerClock(),
        metrics: metrics,
        routeIndex: RouteIndex(),
        tokenCache: TokenCache(lifetime: configuration.tokenCacheLifetime, postgres: storeEngine.changeChannel("tokens", schema: configuration.postgresSchema)),
        storeEngine: storeEngine,
        paymentProvider: SandboxPaymentProvider(delay: configuration.sandboxPaymentDelay, payoutDelay: configuration.sandboxPaymentDelay),
        campaignCache: CampaignCache(lifetime: configuration.contentCacheLifetime,
                                     postgres: storeEngine.changeChannel("content", schema: configuration.postgresSchema)),
        listChanges: ListChangeSignal(channel: ListChangeSignal.channel(storeEngine, schema: configuration.postgresSchema)),
        gameDataCurrent: GameDataCurrent(storeEngine.gameDataWatch(schema: configuration.postgresSchema))
    )
    app.lifecycle.use(StoreLifecycle())
    app.lifecycle.use(ListChangeSignal.Closing(signal: app.playhouse.listChanges))
    if case .postgres(let store) = storeEngine {
        app.lifecycle.use(ListChangeListener(configuration: store.configuration, signal: app.playhouse.listChanges))
    }
    // The server's own metrics (MetricsMiddleware) count and time every request.
    app.http.server.configuration.reportMetrics = false
    try HostedPages.configure(app)
    Migrations.register(on: app)

    app.middleware = Middlewares()
    app.middleware.use(RequestIDMiddleware())
    app.middleware.use(AccessLogMiddleware())
    app.middleware.use(MetricsMiddleware())
    app.middleware.use(ProblemMiddleware())

    try routes(app)
    app.playhouse.routeIndex.build(from: app.routes.all)

    if migrate {
        try await PlayhouseApplication.migrate(app)
    }
}
