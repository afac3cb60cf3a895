import Foundation
import PlayhouseAPI
import SQLKit
@testable import PlayhouseServer
import Testing
import Vapor

@Suite struct OperationsTests {
    @Test(arguments: Engine.available)
    func healthAndReadiness(_ engine: Engine) async throws {
        try await withPlayhouse(engine) { app in
            let health = try await app.send(.GET, "/healthz")
            #expect(health.status == .ok)
            #expect(try health.decode(HealthStatus.self).status == "ok")

            let ready = try await app.send(.GET, "/readyz")
            #expect(ready.status == .ok)
            #expect(try ready.decode(HealthStatus.self).checks == ["database": "ok"])
        }
    }

    /// SQLite's durability and busy timeout belong to a connection: every pooled connection has them.
    @Test func everySQLiteConnectionWaitsForTheWriterAndSyncsAsPromised() async throws {
        try await withPlayhouse(.sqlite) { app in
            var checked = 0
            for eventLoop in app.eventLoopGroup.makeIterator() {
                let database = try #require(app.databases.database(.sqlite, logger: app.logger, on: eventLoop))
                try await database.withConnection { connection in
                    let sql = try connection.sql()
                    #expect(try await sql.raw("PRAGMA synchronous").first()?.decode(column: "synchronous", as: Int.self) == 1)
                    #expect(try await sql.raw("PRAGMA busy_timeout").first()?.decode(column: "timeout", as: Int.self) == 5000)
                    #expect(try await sql.raw("PRAGMA journal_mode").first()?.decode(column: "journal_mode", as: String.self) == "wal")
                }
                checked += 1
            }
            #expect(checked == System.coreCount)
        }
    }

    @Test func readinessFailsWhenTheDatabaseIsUnreachable() async throws {
        var configuration = PlayhouseConfiguration()
        configuration.logLevel = .critical
        configuration.databaseURL = "postgres://nobody:nothing@127.0.0.1:9/none"
        let app = try await PlayhouseApplication.make(configuration, environment: "testing", migrate: false)
        do {
            let ready = try await app.send(.GET, "/readyz")
            #expect(ready.status == .serviceUnavailable)
            #expect(try ready.decode(HealthStatus.self) == HealthStatus(status: "unavailable", checks: ["database": "unreachable"]))
            #expect(try await app.send(.GET, "/healthz").status == .ok)
            #expect(try await app.send(.GET, "/metrics").body.string.contains(#"playhouse_db_up{engine="postgresql"} 0"#))
        } catch {
            try? await app.asyncShutdown()
            throw error
        }
        try await app.asyncShutdown()
    }

    @Test func metricsCountRequestsByRouteAndStatus() async throws {
        try await withPlayhouse(.sqlite) { app in
            try await app.send(.GET, "/healthz")
            try await app.send(.GET, "/healthz")
            try await app.send(.GET, "/v1/app")
            try await app.send(.GET, "/no/such/thing")
            try await app.send(.GET, "/readyz")
            let metrics = try await app.send(.GET, "/metrics")
            #expect(metrics.status == .ok)
            #expect(metrics.headers.first(name: .contentType)?.hasPrefix("text/plain") == true)
            let text = metrics.body.string
            #expect(text.contains(#"http_requests_total{method="GET",route="/healthz",status="200"} 2"#))
            #expect(text.contains(#"http_requests_total{method="GET",route="/v1/app",status="401"} 1"#))
            #expect(text.contains(#"http_requests_total{method="GET",route="unmatched",status="404"} 1"#))
            #expect(text.contains(#"http_request_duration_seconds_bucket{method="GET",route="/healthz",le="+Inf"} 2"#))
            #expect(text.contains(#"playhouse_db_pool_max_connections{engine="sqlite"} 1"#))
            #expect(text.contains(#"playhouse_db_up{engine="sqlite"} 1"#))
        }
    }

    @Test func everyResponseCarriesARequestID() async throws {
        try await withPlayhouse(.sqlite) { app in
            let generated = try await app.send(.GET, "/healthz")
            let id = try #require(generated.headers.first(name: .xRequestId))
            #expect(UUID(uuidString: id) != nil)

            let echoed = try await app.send(.GET, "/healthz", headers: ["X-Request-Id": "trace-abc.123"])
            #expect(echoed.headers.first(name: .xRequestId) == "trace-abc.123")

            let hostile = try await app.send(.GET, "/nope", headers: ["X-Request-Id": "bad id\u{7f}<script>"])
            let replaced = try #require(hostile.headers.first(name: .xRequestId))
            #expect(replaced != "bad id\u{7f}<script>")
            #expect(try hostile.problem().requestID == replaced)
        }
    }

    @Test(arguments: Engine.available)
    func openAPIDocumentDescribesEveryRoute(_ engine: Engine) async throws {
        try await withPlayhouse(engine, { $0.publicURL = "https://play.example.com/" }) { app in
            let response = try await app.send(.GET, "/openapi.json")
            #expect(response.status == .ok)
            let document = try #require(try JSONSerialization.jsonObject(with: Data(response.body.readableBytesView)) as? [String: Any])
            #expect(document["openapi"] as? String == "3.1.0")
            let servers = try #require(document["servers"] as? [[String: Any]])
            #expect(servers.first?["url"] as? String == "https://play.example.com")
            let paths = try #require(document["paths"] as? [String: [String: Any]])
            // Every registered route is documented with its method, and nothing undocumented exists.
            var registered: Set<String> = []
            for route in app.routes.all {
                let path = "/" + route.path.map { component -> String in
                    if case let .parameter(name) = component { return "{\(name)}" }
                    return component.description
                }.joined(separator: "/")
                registered.insert("\(route.method.rawValue.lowercased()) \(path)")
            }
            var documented: Set<String> = []
            for (path, operations) in paths { for method in operations.keys { documented.insert("\(method) \(path)") } }
            #expect(registered == documented)
        }
    }

    @Test func discoveryMetadataNamesTheEndpoints() async throws {
        try await withPlayhouse(.sqlite, { $0.publicURL = "https://play.example.com" }) { app in
            let response = try await app.send(.GET, "/.well-known/oauth-authorization-server")
            let metadata = try response.decode(AuthorizationServerMetadata.self)
            #expect(metadata.issuer == "https://play.example.com")
            #expect(metadata.tokenEndpoint == "https://play.example.com/oauth/token")
            #expect(metadata.introspectionEndpoint == "https://play.example.com/oauth/introspect")
            #expect(metadata.revocationEndpoint == "https://play.example.com/oauth/revoke")
            #expect(metadata.grantTypesSupported.contains("client_credentials"))
            #expect(metadata.tokenEndpointAuthMethodsSupported == ["client_secret_basic", "client_secret_post", "none"])
            #expect(metadata.introspectionEndpointAuthMethodsSupported == ["client_secret_basic", "client_secret_post"])
            #expect(metadata.codeChallengeMethodsSupported == ["S256"])
        }
    }
}
