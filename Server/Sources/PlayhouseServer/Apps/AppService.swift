import Foundation
import PlayhouseAPI
import SQLKit
import Vapor

/// Creates, finds, re-keys and deletes developer apps, and authenticates their clients. Every
/// change is written with its audit-log entry (who made it, the app before and after), in one
/// transaction: an operator's through the admin API, or the command line's. A change or deletion
/// tells every instance's token cache (``TokenCache``), whose tokens carry the app's record.
public struct AppService: Sendable {
    let store: Store
    let now: Date
    /// Told of every change and deletion; nil where apps are only read.
    var tokenCache: TokenCache? = nil

    /// The scopes an app gets when none are named.
    public static let defaultScopes = ["profile", "wallet", "play", "lists"]
    static let scopeCharacters = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyz0123456789_:.-")

    /// Registers an app and returns it with its client secret (shown once, stored only as a hash).
    /// A public client (`isPublic`) gets no secret: it can only sign players in, and needs a redirect URI.
    public func create(name: String, redirectURIs: [String], environment: AppEnvironment, scopes: [String]? = nil,
                       isPublic: Bool = false, minimumAge: Int? = nil, by actor: AuditActor) async throws -> AppCredentials {
        let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
        var fields: [PlayhouseProblem.Field] = []
        if trimmed.isEmpty { fields.append(.init(name: "name", code: "required")) }
        if trimmed.count > 100 { fields.append(.init(name: "name", code: "too_long", parameters: ["max": "100"])) }
        if trimmed.unicodeScalars.contains(where: { CharacterSet.controlCharacters.contains($0) }) {
            fields.append(.init(name: "name", code: "invalid_value"))
        }
        for uri in redirectURIs where !Self.isValidRedirectURI(uri) {
            fields.append(.init(name: "redirect_uri", code: "invalid_value"))
        }
        let scopes = scopes ?? Self.defaultScopes
        if scopes.isEmpty || scopes.contains(where: { $0.isEmpty || $0.unicodeScalars.contains { !Self.scopeCharacters.contains($0) } }) {
            fields.append(.init(name: "scope", code: "invalid_value"))
        }
        if isPublic && redirectURIs.isEmpty { fields.append(.init(name: "redirect_uri", code: "required")) }
        if let minimumAge, !Self.ages.contains(minimumAge) { fields.append(Self.minimumAgeField) }
        guard fields.isEmpty else { throw PlayhouseProblem.validation(fields) }

        // A public client's stored hash is of a secret nobody is ever told.
        let secret = SecretToken.generate(prefix: "phs_")
        let app = AppRecord(id: UUID.random(), name: trimmed, clientID: SecretToken.generate(prefix: "ph_", bytes: 12), environment: environment,
                            scopes: scopes.uniqued(), redirectURIs: redirectURIs, isPublic: isPublic, minimumAge: minimumAge,
                            createdAt: now)
        let secretHash = SecretToken.hash(secret)
        try await store.write([
            """
            INSERT INTO apps (id, name, client_id, secret_hash, environment, scopes, redirect_uris, public_client, minimum_age,
                              created_at, updated_at)
            VALUES (\(bind: app.id), \(bind: app.name), \(bind: app.clientID), \(bind: secretHash), \(bind: app.environment.rawValue),
                    \(bind: app.scopes), \(bind: app.redirectURIs), \(bind: app.isPublic), \(bind: app.minimumAge),
                    \(bind: app.createdAt), \(bind: app.createdAt))
            """,
            AuditLog.entry(by: actor, "app created", target: app.ern, after: app.admin, at: now),
        ])
        return AppCredentials(app: app, clientSecret: isPublic ? nil : secret)
    }

    /// Sets (or with nil, removes) the age below which players may not deposit or bet.
    public func setMinimumAge(_ reference: String, _ age: Int?, by actor: AuditActor) async throws -> AppRecord? {
        if let age, !Self.ages.contains(age) { throw PlayhouseProblem.validation([Self.minimumAgeField]) }
        let now = self.now
        return try await change(reference, "app minimum age set", by: actor) { app in
            "UPDATE apps SET minimum_age = \(bind: age), updated_at = \(bind: now) WHERE id = \(bind: app.id)"
        }
    }

    /// Sets the app's limits of calls per second and per hour (nil: the default).
    public func setRateLimits(_ reference: String, _ limits: RequestRateLimits, by actor: AuditActor) async throws -> AppRecord? {
        var fields: [PlayhouseProblem.Field] = []
        if let perSecond = limits.perSecond, !(1...100_000).contains(perSecond) {
            fields.append(.init(name: "per_second", code: "out_of_range", parameters: ["min": "1", "max": "100000"]))
        }
        if let perHour = limits.perHour, !(1...100_000_000).contains(perHour) {
            fields.append(.init(name: "per_hour", code: "out_of_range", parameters: ["min": "1", "max": "100000000"]))
        }
        guard fields.isEmpty else { throw PlayhouseProblem.validation(fields) }
        let now = self.now
        return try await change(reference, "app rate limits set", by: actor) { app in
            """
            UPDATE apps SET rate_limit_per_second = \(bind: limits.perSecond), rate_limit_per_hour = \(bind: limits.perHour),
                updated_at = \(bind: now) WHERE id = \(bind: app.id)
            """
        }
    }

    private static let ages = 1...100
    private static let minimumAgeField = PlayhouseProblem.Field(name: "minimum_age", code: "out_of_range", parameters: ["min": "1", "max": "100"])

    /// Runs the `update` of the app `reference` names in a transaction with its audit-log entry,
    /// the app before and after read inside it (on PostgreSQL its row locked, `FOR NO KEY UPDATE`,
    /// so that the rows the app's players write meanwhile, which refer to the app, need not wait for
    /// it): nil, with nothing written, when there is no such app.
    private func change(_ reference: String, _ action: String, by actor: AuditActor,
                        _ update: @escaping @Sendable (AppRecord) -> SQLQueryString) async throws -> AppRecord? {
        guard let found = try await find(reference) else { return nil }
        let now = self.now
        return try await TokenCache.revoking(.app(found.id), cache: tokenCache, in: store) { sql -> AppRecord? in
            let apps = AppService(store: Store(sql), now: now)
            guard try await sql.raw("SELECT id FROM apps WHERE id = \(bind: found.id)\(unsafeRaw: sql.dialect.name == "postgresql" ? " FOR NO KEY UPDATE" : "")")
                    .first() != nil,
                  let before = try await apps.find(found.id.uuidString),
                  try await sql.raw("\(update(before)) RETURNING id").first() != nil,
                  let after = try await apps.find(before.id.uuidString) else { return nil }
            try await sql.raw(AuditLog.entry(by: actor, action, target: after.ern, before: before.admin, after: after.admin, at: now)).run()
            return after
        }
    }

    /// Every app, oldest first.
    public func list() async throws -> [AppRecord] {
        try await store.read { sql in
            try await sql.raw("SELECT \(unsafeRaw: AppRecord.selectList("a")) FROM apps a ORDER BY a.created_at, a.client_id").all()
        }.map { try AppRecord(row: $0) }
    }

    /// The app with this client id or id, if any.
    public func find(_ reference: String) async throws -> AppRecord? {
        if let id = UUID(uuidString: reference), let app = try await find(where: "a.id = \(bind: id)") { return app }
        guard Self.isWellFormedClientID(reference) else { return nil }
        return try await find(where: "a.client_id = \(bind: reference)")
    }

    private func find(where condition: SQLQueryString) async throws -> AppRecord? {
        try await store.read { sql in
            try await sql.raw("SELECT \(unsafeRaw: AppRecord.selectList("a")) FROM apps a WHERE \(condition)").first()
        }.map { try AppRecord(row: $0) }
    }

    /// Issues a new client secret; the old one stops working at once.
    public func rotateSecret(_ reference: String, by actor: AuditActor) async throws -> AppCredentials? {
        guard let app = try await find(reference) else { return nil }
        guard !app.isPublic else {
            throw PlayhouseProblem.validation([.init(name: "client_secret", code: "invalid_value")])
        }
        let secret = SecretToken.generate(prefix: "phs_"), now = self.now
        guard let rotated = try await change(reference, "app secret rotated", by: actor, { app in
            "UPDATE apps SET secret_hash = \(bind: SecretToken.hash(secret)), updated_at = \(bind: now) WHERE id = \(bind: app.id)"
        }) else { return nil }
        return AppCredentials(app: rotated, clientSecret: secret)
    }

    /// Deletes an app and, with it, every token it was issued, its players and all they did.
    /// Returns false when there was no such app.
    public func delete(_ reference: String, by actor: AuditActor) async throws -> Bool {
        guard let app = try await find(reference) else { return false }
        let now = self.now
        try await TokenCache.revoking(.app(app.id), cache: tokenCache, in: store) { sql in
            try await sql.raw(AuditLog.entry(by: actor, "app deleted", target: app.ern, before: app.admin, at: now)).run()
            try await DropMoneyForeignKeys.deleteRows(ofApp: app.id, on: sql)
            try await BetRecord.deleteRows(ofApp: app.id, on: sql)
            try await TokenService.deleteTokens(ofApp: app.id, on: sql)
            try await sql.raw("DELETE FROM apps WHERE id = \(bind: app.id)").run()
        }
        return true
    }

    /// The client with this client id, as a client authenticates: the app (nil when there is
    /// none), its secret's hash, and the row with what it reads `along` (a rate limiter's count), in
    /// one read whether the app exists or not.
    struct Client: Sendable {
        var app: AppRecord?
        var secretHash: String?
        var row: any SQLRow

        /// The app, if the client is public (and so authenticates by its id alone).
        var publicApp: AppRecord? { app?.isPublic == true ? app : nil }

        /// The app, if `secret` is its secret. The comparison takes the same time whether the app
        /// exists or not, and whatever the secret.
        func authenticate(secret: String) -> AppRecord? {
            let stored = secretHash ?? SecretToken.hash("no such client")
            guard SecretToken.constantTimeEquals(SecretToken.hash(secret), stored) else { return nil }
            return app
        }
    }

    /// The app's id in ``client(_:along:)``'s read, for what is read along to join on.
    static let clientAppID = "a.id"

    func client(_ clientID: String, along: [ReadAlong] = []) async throws -> Client {
        // Only a well-formed client id is looked up (PostgreSQL refuses text with NUL bytes, for one).
        let wellFormed = Self.isWellFormedClientID(clientID) ? clientID : ""
        let row = try await store.read { sql in
            try await sql.raw("""
                SELECT \(unsafeRaw: AppRecord.selectList("a")), a.secret_hash\(along.columns) FROM (SELECT 1 AS one) base
                LEFT JOIN apps a ON a.client_id = \(bind: wellFormed) \(along.joins)
                """).first()
        }
        guard let row else { throw PlayhouseProblem(.internalServerError, .internalError) }
        guard try row.decode(column: "app_id", as: UUID?.self) != nil else { return Client(app: nil, secretHash: nil, row: row) }
        return Client(app: try AppRecord(row: row), secretHash: try row.decode(column: "secret_hash", as: String.self), row: row)
    }

    /// Whether `clientID` could be a client id at all: visible ASCII (RFC 6749 `VSCHAR`), at most
    /// 200 bytes. Anything else (a NUL byte, say, which PostgreSQL text cannot hold) is no client.
    static func isWellFormedClientID(_ clientID: String) -> Bool {
        !clientID.isEmpty && clientID.utf8.count <= 200 && clientID.utf8.allSatisfy { (0x20...0x7E).contains($0) }
    }

    /// An absolute URI with a scheme, and no fragment (RFC 6749 §3.1.2); custom schemes such as
    /// `mygame://authorize` are allowed.
    static func isValidRedirectURI(_ uri: String) -> Bool {
        guard uri.utf8.count <= 2000, let components = URLComponents(string: uri),
              let scheme = components.scheme, !scheme.isEmpty, components.fragment == nil
        else { return false }
        if scheme == "http" || scheme == "https" { return components.host?.isEmpty == false }
        return true
    }
}

extension Array where Element: Hashable {
    /// The elements in order, each kept at its first occurrence.
    func uniqued() -> [Element] {
        var seen = Set<Element>()
        return filter { seen.insert($0).inserted }
    }
}
