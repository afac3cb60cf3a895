import NIOConcurrencyHelpers
import Prometheus
import Vapor

/// The Prometheus registry behind `GET /metrics`: requests by route and status, latency, and the
/// database connection pool.
final class ServerMetrics: Sendable {
    let registry = PrometheusCollectorRegistry()
    private let poolSize: Int
    private let engine: String
    /// Statements the database ended in a deadlock (`playhouse_db_deadlocks_total`): each is then
    /// run again (``Store/write(_:)``, ``Store/transaction(_:)``), so none shows in an answer. Rows
    /// locked in one order never deadlock: anything but 0 says some code does not.
    let deadlocks: Counter

    static let latencyBuckets: [Duration] = [
        .microseconds(250), .microseconds(500), .milliseconds(1), .milliseconds(2.5), .milliseconds(5),
        .milliseconds(10), .milliseconds(25), .milliseconds(50), .milliseconds(100), .milliseconds(250),
        .milliseconds(500), .seconds(1), .seconds(2.5), .seconds(5), .seconds(10),
    ]

    init(engine: String, poolSize: Int) {
        self.engine = engine
        self.poolSize = poolSize
        registry.makeGauge(descriptor: .init(namespace: "playhouse", metricName: "db_pool_max", unitName: "connections",
                                             helpText: "Configured maximum connections of the database pool"),
                           labels: [("engine", engine)]).set(Double(poolSize))
        deadlocks = registry.makeCounter(descriptor: .init(namespace: "playhouse", metricName: "db_deadlocks", unitName: "total",
                                                           helpText: "Statements the database ended in a deadlock (each run again)"),
                                         labels: [("engine", engine)])
    }

    /// The series a request is counted and timed in.
    private struct Series: Hashable {
        var method: String
        var route: String
        var status: UInt
    }

    private struct Recorders {
        var counter: Counter
        var histogram: DurationHistogram
    }

    /// Each series' counter and histogram, made once: making them looks them up by name and labels
    /// in the registry, which every request would otherwise do twice.
    private let recorders = NIOLockedValueBox<[Series: Recorders]>([:])

    func recordRequest(method: String, route: String, status: UInt, duration: Duration) {
        let series = Series(method: method, route: route, status: status)
        let recorders = self.recorders.withLockedValue { $0[series] } ?? makeRecorders(series)
        recorders.counter.increment()
        recorders.histogram.recordNanoseconds(Int64(duration.components.seconds) * 1_000_000_000 + duration.components.attoseconds / 1_000_000_000)
    }

    private func makeRecorders(_ series: Series) -> Recorders {
        let made = Recorders(
            counter: registry.makeCounter(descriptor: .init(metricName: "http_requests", unitName: "total", helpText: "HTTP requests handled"),
                                          labels: [("method", series.method), ("route", series.route), ("status", String(series.status))]),
            histogram: registry.makeDurationHistogram(descriptor: .init(metricName: "http_request_duration", unitName: "seconds",
                                                                         helpText: "HTTP request latency"),
                                                      labels: [("method", series.method), ("route", series.route)],
                                                      buckets: Self.latencyBuckets))
        recorders.withLockedValue { $0[series] = made }
        return made
    }

    func recordDatabasePing(seconds: Double, ok: Bool) {
        registry.makeGauge(descriptor: .init(namespace: "playhouse", metricName: "db_ping", unitName: "seconds",
                                             helpText: "Latency of the last database readiness check"),
                           labels: [("engine", engine)]).set(seconds)
        registry.makeGauge(descriptor: .init(namespace: "playhouse", metricName: "db_up", unitName: "",
                                             helpText: "1 when the last database readiness check succeeded"),
                           labels: [("engine", engine)]).set(Double(ok ? 1 : 0))
    }
}

/// Counts and times every request into ``ServerMetrics``.
struct MetricsMiddleware: Middleware {
    func respond(to request: Request, chainingTo next: any Responder) -> EventLoopFuture<Response> {
        let start = ContinuousClock.now
        return next.respond(to: request).map { response in
            request.playhouse.metrics.recordRequest(method: request.method.rawValue, route: request.routePattern,
                                                    status: response.status.code, duration: ContinuousClock.now - start)
            return response
        }
    }
}
