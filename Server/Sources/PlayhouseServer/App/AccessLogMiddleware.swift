import Vapor

/// Writes one structured log line per request: method, route, path, status, duration, remote
/// address, request id.
struct AccessLogMiddleware: Middleware {
    func respond(to request: Request, chainingTo next: any Responder) -> EventLoopFuture<Response> {
        let start = ContinuousClock.now
        return next.respond(to: request).map { response in
            // Built only when the line is written: at warning level and above it costs nothing.
            request.logger.info("request", metadata: [
                "method": .string(request.method.rawValue),
                "path": .string(request.url.path),
                "route": .string(request.routePattern),
                "status": .stringConvertible(response.status.code),
                "duration_ms": .string(Self.milliseconds(ContinuousClock.now - start)),
                "remote": .string(request.remoteAddress?.ipAddress ?? "-"),
            ])
            return response
        }
    }

    /// `elapsed` in milliseconds with two decimals, `3.25`, formatted without Foundation.
    static func milliseconds(_ elapsed: Duration) -> String {
        let hundredths = elapsed.components.seconds * 100_000 + elapsed.components.attoseconds / 10_000_000_000_000
        let fraction = hundredths % 100
        return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }
}

extension Request {
    /// The matched route's pattern (`/v1/app`, `/v1/games/:game_id/bet`), or `unmatched`; bounded in
    /// cardinality, so safe as a metric label. Worked out once per route (``RouteIndex``).
    var routePattern: String {
        guard let route else { return "unmatched" }
        return RouteIndex.pattern(of: route)
    }
}
