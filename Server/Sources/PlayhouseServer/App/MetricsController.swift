import Vapor

/// `GET /metrics`: Prometheus text exposition.
struct MetricsController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        routes.get("metrics") { request -> Response in
            let text = request.playhouse.metrics.registry.emitToString()
            return Response(status: .ok,
                            headers: ["Content-Type": "text/plain; version=0.0.4; charset=utf-8"],
                            body: .init(string: text))
        }
    }
}
