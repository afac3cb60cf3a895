import Foundation
import NIOCore
import PlayhouseAPI
@testable import PlayhouseServer
import SQLKit
import Testing
import Vapor
import VaporTesting

/// The database engines a test runs on: SQLite always, PostgreSQL when `PLAYHOUSE_TEST_DATABASE_URL`
/// is set (the README's test command starts one).
enum Engine: String, Sendable, CustomTestStringConvertible {
    case sqlite
    case postgres

    static var available: [Engine] {
        postgresURL == nil ? [.sqlite] : [.sqlite, .postgres]
    }

    static var postgresURL: String? {
        ProcessInfo.processInfo.environment["PLAYHOUSE_TEST_DATABASE_URL"].flatMap { $0.isEmpty ? nil : $0 }
    }

    var testDescription: String { rawValue }

    /// A configuration on a database of its own: a new SQLite file, or a new PostgreSQL database.
    /// The database is made, migrated, when the first application opens it (``TestDatabases``).
    func isolatedConfiguration() -> PlayhouseConfiguration {
        var configuration = PlayhouseConfiguration()
        configuration.logLevel = .warning
        // When it was made, for a later run to drop it should this one be killed (``TestDatabases``).
        let name = "t_\(Int(Date().timeIntervalSince1970))_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "").prefix(12)
        switch self {
        case .sqlite:
            configuration.dataDirectory = FileManager.default.temporaryDirectory.appendingPathComponent("playhouse-\(name)").path
        case .postgres:
            guard let url = Self.postgresURL else { preconditionFailure("PostgreSQL tests need PLAYHOUSE_TEST_DATABASE_URL") }
            configuration.databaseURL = TestDatabases.url(url, database: String(name))
            configuration.postgresSchema = TestDatabases.schema
            configuration.postgresConnectionsPerEventLoop = 2
        }
        return configuration
    }
}

/// Runs `body` with a migrated, configured application, then removes its database.
func withPlayhouse(_ engine: Engine, _ adjust: (inout PlayhouseConfiguration) -> Void = { _ in },
                   _ body: (Application) async throws -> Void) async throws {
    var configuration = engine.isolatedConfiguration()
    adjust(&configuration)
    try await withPlayhouse(configuration, drop: true, body)
}

/// Runs `body` with an application on `configuration`; drops its database afterwards when `drop`,
/// once no other application has it open.
func withPlayhouse(_ configuration: PlayhouseConfiguration, drop: Bool,
                   _ body: (Application) async throws -> Void) async throws {
    try await TestDatabases.shared.open(configuration)
    let app: Application
    do {
        app = try await PlayhouseApplication.make(configuration, environment: "testing")
    } catch {
        await TestDatabases.shared.close(configuration, drop: drop)
        throw error
    }
    do {
        try await body(app)
    } catch {
        try? await app.asyncShutdown()
        await TestDatabases.shared.close(configuration, drop: drop)
        throw error
    }
    try await app.asyncShutdown()
    await TestDatabases.shared.close(configuration, drop: drop)
}

/// Starts a server on 127.0.0.1 on a random port, runs `body` with its base URL, stops it.
func withRunningServer(_ engine: Engine, _ adjust: (inout PlayhouseConfiguration) -> Void = { _ in },
                       _ body: (Application, URL) async throws -> Void) async throws {
    _ = sdkFilesInATemporaryFolder
    try await withPlayhouse(engine, adjust) { app in
        try await app.server.start(address: .hostname("127.0.0.1", port: 0))
        let port = try #require(app.http.server.shared.localAddress?.port)
        // The server names itself (issuer, `iss`) by its public URL: the port it really got.
        if app.playhouse.configuration.publicURL == nil {
            app.playhouse.configuration.publicURL = "http://127.0.0.1:\(port)"
        }
        do {
            try await body(app, URL(string: "http://127.0.0.1:\(port)")!)
        } catch {
            await app.server.shutdown()
            throw error
        }
        await app.server.shutdown()
    }
}

// MARK: - Requests

extension Application {
    /// Sends a request through the application in memory.
    @discardableResult
    func send(_ method: HTTPMethod, _ path: String, headers: HTTPHeaders = [:], body: String? = nil) async throws -> TestingHTTPResponse {
        var buffer = ByteBufferAllocator().buffer(capacity: 0)
        if let body { buffer.writeString(body) }
        return try await testing().performTest(request: TestingHTTPRequest(method: method, url: URI(path: path), headers: headers, body: buffer))
    }

    /// POSTs a form body.
    @discardableResult
    func postForm(_ path: String, _ form: String, headers: HTTPHeaders = [:]) async throws -> TestingHTTPResponse {
        var all = headers
        all.replaceOrAdd(name: .contentType, value: "application/x-www-form-urlencoded")
        return try await send(.POST, path, headers: all, body: form)
    }

    /// The value of one series of `GET /metrics` (`name{labels}` as the page shows it), 0 before
    /// anything counted in it.
    func metric(_ series: String) async throws -> Int {
        let page = try await send(.GET, "/metrics").body.string
        let line = page.split(separator: "\n").first { $0.hasPrefix(series + " ") }
        return line.flatMap { $0.split(separator: " ").last.flatMap { Double($0) } }.map { Int($0) } ?? 0
    }

    /// The statements PostgreSQL ended in a deadlock, as `GET /metrics` counts them.
    func deadlocks() async throws -> Int {
        try await metric("playhouse_db_deadlocks_total{engine=\"postgresql\"}")
    }

    /// Registers an app straight through the service.
    func createApp(name: String = "My Game", environment: AppEnvironment = .sandbox, scopes: [String]? = nil) async throws -> AppCredentials {
        try await apps.create(name: name, redirectURIs: ["mygame://authorize"], environment: environment, scopes: scopes, by: .commandLine)
    }

    /// Gets an app access token by the client credentials grant.
    func appToken(_ credentials: AppCredentials, scope: String? = nil) async throws -> String {
        let form = "grant_type=client_credentials" + (scope.map { "&scope=\($0.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? $0)" } ?? "")
        let response = try await postForm("/oauth/token", form, headers: basic(credentials))
        try #require(response.status == .ok, "token request failed: \(response.body.string)")
        return try response.decode(TokenResponse.self).accessToken
    }
}

func basic(_ credentials: AppCredentials) -> HTTPHeaders {
    basic(credentials.app.clientID, credentials.clientSecret ?? "")
}

func basic(_ id: String, _ secret: String) -> HTTPHeaders {
    ["Authorization": "Basic " + Data("\(id):\(secret)".utf8).base64EncodedString()]
}

func bearer(_ token: String) -> HTTPHeaders { ["Authorization": "Bearer \(token)"] }

extension TestingHTTPResponse {
    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try PlayhouseJSON.makeDecoder().decode(T.self, from: Data(body.readableBytesView))
    }

    /// The problem body, checked to be served as problem+json with the response's request id.
    func problem(sourceLocation: SourceLocation = #_sourceLocation) throws -> Problem {
        #expect(headers.first(name: .contentType)?.hasPrefix("application/problem+json") == true,
                "not problem+json: \(headers.first(name: .contentType) ?? "none")", sourceLocation: sourceLocation)
        let problem = try decode(Problem.self)
        #expect(problem.status == Int(status.code), sourceLocation: sourceLocation)
        #expect(problem.requestID != nil && problem.requestID == headers.first(name: .xRequestId), sourceLocation: sourceLocation)
        return problem
    }
}

// MARK: - Looking at the database

extension Application {
    /// How many rows of `table` match `condition` (all of them by default).
    func count(_ table: String, where condition: SQLQueryString = "1 = 1") async throws -> Int {
        try await store.read { sql in
            try await sql.raw("SELECT COUNT(*) AS n FROM \(unsafeRaw: table) WHERE \(condition)").first()?.decode(column: "n", as: Int.self) ?? 0
        }
    }

    /// The database outside the server's own paths, for a test to set up or look at rows: the
    /// migrations' connection (a pooled PostgreSQL connection, or SQLite's own pool).
    func sql() -> any SQLDatabase {
        db as! any SQLDatabase
    }
}

/// The SDK keeps its files (an installation id, on Linux) in Application Support, which is
/// `XDG_DATA_HOME` here: the SDK clients these tests make keep theirs in a folder of this run's
/// rather than in the home folder of whoever runs the tests.
///
/// `scripts/test` makes that folder before the tests start, so nothing here changes the
/// environment while other tests run (`setenv` while another thread reads the environment is a
/// race). Run any other way, the folder is set here, once, before the first server or server
/// process of the run starts. (This was once suspected of the `Process.run()` crash in CI; it was
/// not the cause: see ``ServerProcess``.)
let sdkFilesInATemporaryFolder: Void = {
    if let set = ProcessInfo.processInfo.environment["XDG_DATA_HOME"], set.contains("playhouse-sdk-") { return }
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("playhouse-sdk-\(UUID().uuidString)")
    setenv("XDG_DATA_HOME", folder.path, 1)
}()

extension ServerClock {
    /// Moves the clock to a second into the next window of `seconds`, and says by how much. Rate
    /// limits count in fixed windows: a test whose failures and refusal must fall in one window
    /// starts here, so that it passes whatever the time of day it runs (an hour's window used to be
    /// crossed by a run that began just before the hour).
    @discardableResult
    func startAWindow(of seconds: TimeInterval) -> TimeInterval {
        let into = now().timeIntervalSince1970.truncatingRemainder(dividingBy: seconds)
        let move = seconds - into + 1
        advance(by: move)
        return move
    }
}
