import Foundation
import Logging

/// Everything an operator can set, from flags or `PLAYHOUSE_*` environment variables.
public struct PlayhouseConfiguration: Sendable {
    /// The address to listen on (`PLAYHOUSE_HOST`).
    public var host = "127.0.0.1"
    /// The port to listen on (`PLAYHOUSE_PORT`).
    public var port = 8080
    /// Where the embedded SQLite database lives (`PLAYHOUSE_DATA_DIR`).
    public var dataDirectory = "./.playhouse"
    /// A `postgres://` URL; when set, PostgreSQL is used instead of SQLite (`PLAYHOUSE_DATABASE_URL`).
    public var databaseURL: String?
    /// The URL clients reach this server at, used in discovery documents (`PLAYHOUSE_PUBLIC_URL`).
    public var publicURL: String?
    /// `trace`, `debug`, `info`, `notice`, `warning`, `error` or `critical` (`PLAYHOUSE_LOG_LEVEL`).
    public var logLevel: Logger.Level = .info
    /// How long an app access token lives.
    public var appTokenLifetime: TimeInterval = 3600
    /// How long a player access token lives.
    public var playerTokenLifetime: TimeInterval = 3600
    /// How long a player refresh token lives (each refresh replaces it with a new one).
    public var refreshTokenLifetime: TimeInterval = 30 * 24 * 3600
    /// How long a player has to finish signing in on the hosted page.
    public var authorizationRequestLifetime: TimeInterval = 600
    /// How long an authorization code lives.
    public var authorizationCodeLifetime: TimeInterval = 60
    /// How long an instance reuses a placement's campaigns it has read (`PLAYHOUSE_CONTENT_CACHE_SECONDS`,
    /// 0 to 60; 0 reads them on every request), unless told of a change (``CampaignCache``).
    public var contentCacheLifetime: TimeInterval = 2
    /// How long a browser stays signed in on the hosted pages (unless the player signs out or
    /// logs out first).
    public var browserSignInLifetime: TimeInterval = 14 * 24 * 3600
    /// The bcrypt cost for player passwords (`PLAYHOUSE_PASSWORD_HASH_COST`, 4 to 31).
    public var passwordHashCost = 12
    /// Failed password logins allowed per player email and app per window before answering 429.
    public var loginFailureLimit = 10
    /// How sign-in PINs are texted (`PLAYHOUSE_SMS_HTTP_URL` switches to the HTTP provider).
    public var smsProvider: SMSProvider = .log
    /// The largest request body accepted, in bytes.
    public var maxBodySize = 64 * 1024
    /// Failed client authentications allowed from one address per window before answering 429
    /// (`PLAYHOUSE_CLIENT_AUTH_FAILURE_LIMIT`).
    public var clientAuthFailureLimit = 20
    /// The window, in seconds, over which failures are counted: client authentications, password
    /// logins and device user codes.
    public var clientAuthFailureWindow = 300
    /// How long, in seconds, an instance may go on accepting an access token it has just read without
    /// reading it again (`PLAYHOUSE_TOKEN_CACHE_SECONDS`, 0 to 60; 0 reads every time). A revocation,
    /// or a change of the app, reaches every instance at once; on SQLite, one made with the command
    /// line (another process) reaches the server within this time (``TokenCache``).
    public var tokenCacheLifetime: TimeInterval = 1
    /// Connections per event loop (one a core) in the PostgreSQL pool
    /// (`PLAYHOUSE_DATABASE_CONNECTIONS_PER_CORE`, 1 to 64).
    public var postgresConnectionsPerEventLoop = 8
    /// PostgreSQL schema to use instead of the default `search_path`, created if missing
    /// (`PLAYHOUSE_DATABASE_SCHEMA`; the Python suite gives each server one).
    public var postgresSchema: String?

    /// How long the sandbox payment provider keeps `sandbox_delayed` payments, and every
    /// withdrawal, pending (`PLAYHOUSE_SANDBOX_PAYMENT_DELAY`, seconds).
    public var sandboxPaymentDelay: TimeInterval = 60
    /// How often `playhouse serve` settles due payments in the background
    /// (`PLAYHOUSE_SETTLE_SECONDS`, 0 for never: then only when players look, or by
    /// `playhouse payments settle`).
    public var paymentSettleInterval: TimeInterval = 10
    /// A play session expires after this long without activity (a bet or a keep-alive).
    public var sessionInactivityTimeout: TimeInterval = 30 * 60
    /// How often players are shown a reality check; 0 turns reality checks off.
    public var realityCheckInterval: TimeInterval = 60 * 60
    /// Lets the sandbox provider handle the `real` economy too (`PLAYHOUSE_SANDBOX_REAL_MONEY=1`), so a
    /// production app can be tried out before a real payment provider is plugged in. Never in production.
    public var sandboxRealMoney = false
    /// How long deleted lists and items (and shares that give nothing) stay in the lists' change
    /// feed before they are forgotten; a client whose cursor is older resyncs from a snapshot
    /// (`PLAYHOUSE_LIST_RETENTION_DAYS`, 1 to 3650 days).
    public var listRetention: TimeInterval = 30 * 24 * 3600

    public init() {}

    /// The defaults, overridden by any `PLAYHOUSE_*` variables present in `environment`
    /// (``EnvironmentSettings``: an empty one keeps the default; one that does not read is an error).
    public static func fromEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment) throws -> PlayhouseConfiguration {
        let settings = EnvironmentSettings(environment)
        var configuration = PlayhouseConfiguration()
        try settings.read("PLAYHOUSE_HOST", into: &configuration.host, "a host") { $0 }
        try settings.read("PLAYHOUSE_PORT", into: &configuration.port, "a port number", EnvironmentSettings.number(0...65535))
        try settings.read("PLAYHOUSE_DATA_DIR", into: &configuration.dataDirectory, "a directory") { $0 }
        try settings.read("PLAYHOUSE_DATABASE_URL", into: &configuration.databaseURL, "a postgres:// URL") { $0 }
        try settings.read("PLAYHOUSE_DATABASE_SCHEMA", into: &configuration.postgresSchema, "a schema name") { $0 }
        try settings.read("PLAYHOUSE_CLIENT_AUTH_FAILURE_LIMIT", into: &configuration.clientAuthFailureLimit, "a positive number",
                          EnvironmentSettings.number(1...Int.max))
        try settings.read("PLAYHOUSE_PASSWORD_HASH_COST", into: &configuration.passwordHashCost, "a bcrypt cost from 4 to 31",
                          EnvironmentSettings.number(4...31))
        try settings.read("PLAYHOUSE_SMS_HTTP_URL", into: &configuration.smsProvider, "an http(s) URL") { url in
            guard let parsed = URL(string: url), ["http", "https"].contains(parsed.scheme ?? ""), parsed.host != nil else { return nil }
            return .http(url: url, token: settings.text("PLAYHOUSE_SMS_HTTP_TOKEN"))
        }
        try settings.read("PLAYHOUSE_SANDBOX_PAYMENT_DELAY", into: &configuration.sandboxPaymentDelay, "a number of seconds",
                          EnvironmentSettings.number(0...30 * 24 * 3600))
        try settings.read("PLAYHOUSE_SETTLE_SECONDS", into: &configuration.paymentSettleInterval, "0 (never) or 0.1 to 3600 seconds",
                          EnvironmentSettings.number(0.1...3600, orZero: true))
        try settings.read("PLAYHOUSE_SESSION_TIMEOUT", into: &configuration.sessionInactivityTimeout, "60 to 604800 seconds",
                          EnvironmentSettings.number(60...7 * 24 * 3600))
        try settings.read("PLAYHOUSE_REALITY_CHECK_INTERVAL", into: &configuration.realityCheckInterval, "0 (off) or 60 to 86400 seconds",
                          EnvironmentSettings.number(60...24 * 3600, orZero: true))
        try settings.read("PLAYHOUSE_TOKEN_CACHE_SECONDS", into: &configuration.tokenCacheLifetime, "0 (off) to 60 seconds",
                          EnvironmentSettings.number(0...60))
        try settings.read("PLAYHOUSE_CONTENT_CACHE_SECONDS", into: &configuration.contentCacheLifetime, "0 (off) to 60 seconds",
                          EnvironmentSettings.number(0...60))
        try settings.read("PLAYHOUSE_DATABASE_CONNECTIONS_PER_CORE", into: &configuration.postgresConnectionsPerEventLoop, "1 to 64",
                          EnvironmentSettings.number(1...64))
        try settings.read("PLAYHOUSE_SANDBOX_REAL_MONEY", into: &configuration.sandboxRealMoney, "a flag") { ["1", "true", "yes"].contains($0.lowercased()) }
        try settings.read("PLAYHOUSE_LIST_RETENTION_DAYS", into: &configuration.listRetention, "1 to 3650 days") { text in
            Int(text).flatMap { (1...3650).contains($0) ? TimeInterval($0) * 24 * 3600 : nil }
        }
        try settings.read("PLAYHOUSE_PUBLIC_URL", into: &configuration.publicURL, "a URL") { $0 }
        try settings.read("PLAYHOUSE_LOG_LEVEL", into: &configuration.logLevel, "one of trace, debug, info, notice, warning, error, critical") {
            Logger.Level(rawValue: $0.lowercased())
        }
        return configuration
    }

    /// The public URL, defaulting to `http://host:port`.
    public var resolvedPublicURL: String {
        if let publicURL { return publicURL.hasSuffix("/") ? String(publicURL.dropLast()) : publicURL }
        let shownHost = host == "0.0.0.0" ? "127.0.0.1" : host
        return "http://\(shownHost):\(port)"
    }

    /// The SQLite file used when no database URL is set.
    public var sqlitePath: String {
        URL(fileURLWithPath: dataDirectory).appendingPathComponent("playhouse.sqlite").path
    }
}

/// A configuration value that cannot be used; the message says which and why.
public struct ConfigurationError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}

/// The server's settings from its environment, read one way: a variable that is missing or empty
/// keeps the setting's default; one that is set must read as the setting, or its name, what it must
/// be and what it was are the error.
struct EnvironmentSettings {
    let environment: [String: String]

    init(_ environment: [String: String]) { self.environment = environment }

    /// The variable's text; nil when it is missing or empty.
    func text(_ name: String) -> String? {
        environment[name].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// Sets `setting` from the variable `name` when it is set; `parse` says what it reads as (nil: it does not).
    func read<Value>(_ name: String, into setting: inout Value, _ mustBe: String, _ parse: (String) -> Value?) throws {
        guard let text = text(name) else { return }
        guard let value = parse(text) else { throw ConfigurationError("\(name) must be \(mustBe), not '\(text)'") }
        setting = value
    }

    /// Reads a number within `range` (or 0, when `orZero`: a setting's "off").
    static func number<Number: LosslessStringConvertible & Comparable & ExpressibleByIntegerLiteral>(
        _ range: ClosedRange<Number>, orZero: Bool = false) -> (String) -> Number? {
        { text in
            guard let value = Number(text), range.contains(value) || (orZero && value == 0) else { return nil }
            return value
        }
    }
}
