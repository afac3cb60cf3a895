import PlayhouseAPI
import SQLKit
import Vapor

/// `GET /healthz` (the process answers) and `GET /readyz` (and its database answers too).
struct HealthController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        routes.get("healthz") { _ in HealthStatus(status: "ok") }
        routes.get("readyz", use: ready)
    }

    func ready(_ request: Request) async throws -> Response {
        let start = ContinuousClock.now
        var healthy = true
        do {
            try await request.store.read { sql in try await sql.raw("SELECT 1").run() }
        } catch {
            healthy = false
            request.logger.warning("database not reachable", metadata: ["error": .string(String(describing: error))])
        }
        let elapsed = ContinuousClock.now - start
        request.playhouse.metrics.recordDatabasePing(
            seconds: Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18, ok: healthy)
        let body = HealthStatus(status: healthy ? "ok" : "unavailable", checks: ["database": healthy ? "ok" : "unreachable"])
        let response = Response(status: healthy ? .ok : .serviceUnavailable)
        try response.content.encode(body, as: .json)
        return response
    }
}
