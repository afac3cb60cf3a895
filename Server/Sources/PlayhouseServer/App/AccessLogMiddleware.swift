import Vapor

/// Writes one structured log line per request: method, route, path, status, duration, request id.
struct AccessLogMiddleware: Middleware {
    func respond(to request: Request, chainingTo next: any Responder) -> EventLoopFuture<Response> {
        let start = ContinuousClock.now
        return next.respond(to: request).map { response in
            let elapsed = ContinuousClock.now - start
            let milliseconds = Double(elapsed.components.attoseconds) / 1e15 + Double(elapsed.components.seconds) * 1000
            request.logger.info("request", metadata: [
                "method": .string(request.method.rawValue),
                "path": .string(request.url.path),
                "route": .string(request.routePattern),
                "status": .stringConvertible(response.status.code),
                "duration_ms": .string(String(format: "%.2f", milliseconds)),
                "remote": .string(request.remoteAddress?.ipAddress ?? "-"),
            ])
            return response
        }
    }
}

extension Request {
    /// The matched route's pattern (`/v1/app`, `/v1/games/:game_id/bet`), or `unmatched`; bounded in
    /// cardinality, so safe as a metric label.
    var routePattern: String {
        guard let route else { return "unmatched" }
        return "/" + route.path.map(\.description).joined(separator: "/")
    }
}
