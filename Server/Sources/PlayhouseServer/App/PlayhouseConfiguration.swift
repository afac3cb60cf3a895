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
    /// 0 to 60; 0 reads them on every request): an import reaches the other instances within it.
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
    /// reading it again (`PLAYHOUSE_TOKEN_CACHE_SECONDS`, 0 to 60; 0 reads every time). A token revoked
    /// through another instance or the CLI stops working within this time.
    public var tokenCacheLifetime: TimeInterval = 1
    /// Connections per event loop (one a core) in the PostgreSQL pool
    /// (`PLAYHOUSE_DATABASE_CONNECTIONS_PER_CORE`, 1 to 64).
    public var postgresConnectionsPerEventLoop = 8
    /// PostgreSQL schema to use instead of the default `search_path`, created if missing
    /// (`PLAYHOUSE_DATABASE_SCHEMA`; tests use one schema each).
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

    public init() {}

    /// The defaults, overridden by any `PLAYHOUSE_*` variables present in `environment`.
    public static func fromEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment) throws -> PlayhouseConfiguration {
        var configuration = PlayhouseConfiguration()
        if let host = environment["PLAYHOUSE_HOST"], !host.isEmpty { configuration.host = host }
        if let port = environment["PLAYHOUSE_PORT"], !port.isEmpty {
            guard let value = Int(port), (0...65535).contains(value) else {
                throw ConfigurationError("PLAYHOUSE_PORT must be a port number, not '\(port)'")
            }
            configuration.port = value
        }
        if let directory = environment["PLAYHOUSE_DATA_DIR"], !directory.isEmpty { configuration.dataDirectory = directory }
        if let url = environment["PLAYHOUSE_DATABASE_URL"], !url.isEmpty { configuration.databaseURL = url }
        if let schema = environment["PLAYHOUSE_DATABASE_SCHEMA"], !schema.isEmpty { configuration.postgresSchema = schema }
        if let limit = environment["PLAYHOUSE_CLIENT_AUTH_FAILURE_LIMIT"], !limit.isEmpty {
            guard let value = Int(limit), value > 0 else {
                throw ConfigurationError("PLAYHOUSE_CLIENT_AUTH_FAILURE_LIMIT must be a positive number, not '\(limit)'")
            }
            configuration.clientAuthFailureLimit = value
        }
        if let cost = environment["PLAYHOUSE_PASSWORD_HASH_COST"], !cost.isEmpty {
            guard let value = Int(cost), (4...31).contains(value) else {
                throw ConfigurationError("PLAYHOUSE_PASSWORD_HASH_COST must be a bcrypt cost from 4 to 31, not '\(cost)'")
            }
            configuration.passwordHashCost = value
        }
        if let url = environment["PLAYHOUSE_SMS_HTTP_URL"], !url.isEmpty {
            guard let parsed = URL(string: url), ["http", "https"].contains(parsed.scheme ?? ""), parsed.host != nil else {
                throw ConfigurationError("PLAYHOUSE_SMS_HTTP_URL must be an http(s) URL, not '\(url)'")
            }
            let token = environment["PLAYHOUSE_SMS_HTTP_TOKEN"].flatMap { $0.isEmpty ? nil : $0 }
            configuration.smsProvider = .http(url: url, token: token)
        }
        if let delay = environment["PLAYHOUSE_SANDBOX_PAYMENT_DELAY"], !delay.isEmpty {
            guard let value = TimeInterval(delay), value >= 0, value <= 30 * 24 * 3600 else {
                throw ConfigurationError("PLAYHOUSE_SANDBOX_PAYMENT_DELAY must be a number of seconds, not '\(delay)'")
            }
            configuration.sandboxPaymentDelay = value
        }
        if let seconds = environment["PLAYHOUSE_SETTLE_SECONDS"], !seconds.isEmpty {
            guard let value = TimeInterval(seconds), value == 0 || (0.1...3600).contains(value) else {
                throw ConfigurationError("PLAYHOUSE_SETTLE_SECONDS must be 0 (never) or 0.1 to 3600 seconds, not '\(seconds)'")
            }
            configuration.paymentSettleInterval = value
        }
        if let timeout = environment["PLAYHOUSE_SESSION_TIMEOUT"], !timeout.isEmpty {
            guard let value = TimeInterval(timeout), value >= 60, value <= 7 * 24 * 3600 else {
                throw ConfigurationError("PLAYHOUSE_SESSION_TIMEOUT must be 60 to 604800 seconds, not '\(timeout)'")
            }
            configuration.sessionInactivityTimeout = value
        }
        if let interval = environment["PLAYHOUSE_REALITY_CHECK_INTERVAL"], !interval.isEmpty {
            guard let value = TimeInterval(interval), value == 0 || (60...24 * 3600).contains(value) else {
                throw ConfigurationError("PLAYHOUSE_REALITY_CHECK_INTERVAL must be 0 (off) or 60 to 86400 seconds, not '\(interval)'")
            }
            configuration.realityCheckInterval = value
        }
        if let seconds = environment["PLAYHOUSE_TOKEN_CACHE_SECONDS"], !seconds.isEmpty {
            guard let value = TimeInterval(seconds), (0...60).contains(value) else {
                throw ConfigurationError("PLAYHOUSE_TOKEN_CACHE_SECONDS must be 0 (off) to 60 seconds, not '\(seconds)'")
            }
            configuration.tokenCacheLifetime = value
        }
        if let seconds = environment["PLAYHOUSE_CONTENT_CACHE_SECONDS"], !seconds.isEmpty {
            guard let value = TimeInterval(seconds), (0...60).contains(value) else {
                throw ConfigurationError("PLAYHOUSE_CONTENT_CACHE_SECONDS must be 0 (off) to 60 seconds, not '\(seconds)'")
            }
            configuration.contentCacheLifetime = value
        }
        if let count = environment["PLAYHOUSE_DATABASE_CONNECTIONS_PER_CORE"], !count.isEmpty {
            guard let value = Int(count), (1...64).contains(value) else {
                throw ConfigurationError("PLAYHOUSE_DATABASE_CONNECTIONS_PER_CORE must be 1 to 64, not '\(count)'")
            }
            configuration.postgresConnectionsPerEventLoop = value
        }
        if let flag = environment["PLAYHOUSE_SANDBOX_REAL_MONEY"], !flag.isEmpty {
            configuration.sandboxRealMoney = ["1", "true", "yes"].contains(flag.lowercased())
        }
        if let url = environment["PLAYHOUSE_PUBLIC_URL"], !url.isEmpty { configuration.publicURL = url }
        if let level = environment["PLAYHOUSE_LOG_LEVEL"], !level.isEmpty {
            guard let value = Logger.Level(rawValue: level.lowercased()) else {
                throw ConfigurationError("PLAYHOUSE_LOG_LEVEL must be one of trace, debug, info, notice, warning, error, critical")
            }
            configuration.logLevel = value
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
