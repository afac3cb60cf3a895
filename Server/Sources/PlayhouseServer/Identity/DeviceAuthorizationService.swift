import Foundation
import PlayhouseAPI
import SQLKit

/// The device authorization grant (RFC 8628): starts an authorization, lets the hosted page find it
/// by user code and decide it, and answers the device's polls.
struct DeviceAuthorizationService: Sendable {
    let store: Store
    let now: Date
    let configuration: PlayhouseConfiguration

    static let lifetime: TimeInterval = 600
    static let interval = 5
    /// Consonants only, so that no word (and no look-alike digit) appears in a code (RFC 8628 §6.1).
    static let alphabet = Array("BCDFGHJKLMNPQRSTVWXZ")

    func start(app: AppRecord, scope: String) async throws -> DeviceAuthorizationResponse {
        let deviceCode = SecretToken.generate(prefix: "phd_")
        // 20^8 user codes; on the rare clash with a stored one, clear out expired codes and draw again.
        var record = newRecord(deviceCode: deviceCode, app: app, scope: scope)
        let now = self.now
        for attempt in 1...5 {
            do {
                try await store.write { [record] sql in try await sql.raw(record.insert).run() }
                break
            } catch where Store.isConstraintViolation(error) && attempt < 5 {
                try await store.write { sql in try await sql.raw("DELETE FROM device_authorizations WHERE expires_at < \(bind: now)").run() }
                record = newRecord(deviceCode: deviceCode, app: app, scope: scope)
            }
        }
        await ExpiredGrantSweeper(store: store, now: now).sweepSometimes()
        let shown = Self.display(record.userCode)
        let page = configuration.resolvedPublicURL + APIPath.device
        return DeviceAuthorizationResponse(deviceCode: deviceCode, userCode: shown, verificationURI: page,
                                           verificationURIComplete: page + "?user_code=" + shown,
                                           expiresIn: Int(Self.lifetime), interval: Self.interval)
    }

    private func newRecord(deviceCode: String, app: AppRecord, scope: String) -> DeviceAuthorization {
        DeviceAuthorization(deviceCodeHash: SecretToken.hash(deviceCode), userCode: Self.newUserCode(), appID: app.id, scope: scope,
                            interval: Self.interval, status: .pending, expiresAt: now.addingTimeInterval(Self.lifetime))
    }

    /// The pending authorization a player typed the user code of, with its app.
    func pending(userCode: String) async throws -> (authorization: DeviceAuthorization, app: AppRecord)? {
        guard let code = Self.normalised(userCode) else { return nil }
        let now = self.now
        guard let row = try await store.read({ sql in
            try await sql.raw("""
                SELECT \(DeviceAuthorization.columns), \(unsafeRaw: AppRecord.selectList("a")) FROM device_authorizations
                JOIN apps a ON a.id = device_authorizations.app_id
                WHERE user_code = \(bind: code) AND status = \(bind: DeviceAuthorization.Status.pending.rawValue)
                  AND device_authorizations.expires_at > \(bind: now)
                """).first()
        }) else { return nil }
        return (try DeviceAuthorization(row: row), try AppRecord(row: row))
    }

    /// Records the player's answer, and the scope they allowed when it is less than the device
    /// asked for; only a pending authorization can be decided.
    func decide(_ id: UUID, playerID: UUID?, approved: Bool, scope: String? = nil) async throws {
        let status = approved ? DeviceAuthorization.Status.approved : .denied
        try await store.write { sql in
            try await sql.raw("""
                UPDATE device_authorizations SET status = \(bind: status.rawValue), player_id = \(bind: playerID), \
                    scope = COALESCE(\(bind: scope), scope) \
                WHERE id = \(bind: id) AND status = \(bind: DeviceAuthorization.Status.pending.rawValue)
                """).run()
        }
    }

    /// The device's poll: tokens once approved, otherwise the RFC 8628 §3.5 error that says why not.
    func poll(deviceCode: String, app: AppRecord) async throws -> TokenResponse {
        let hash = SecretToken.hash(deviceCode)
        guard deviceCode.utf8.count <= 512,
              let record = try await store.read({ sql in
                  try await sql.raw("SELECT \(DeviceAuthorization.columns) FROM device_authorizations WHERE device_code_hash = \(bind: hash)").first()
              }).map({ try DeviceAuthorization(row: $0) }),
              record.appID == app.id
        else { throw PlayhouseProblem.invalidGrant("code_invalid") }
        guard record.expiresAt > now, record.status != DeviceAuthorization.Status.consumed.rawValue else {
            throw PlayhouseProblem(.badRequest, .expiredToken)
        }
        let id = record.id, now = self.now
        // Polling faster than the interval slows the device down (the interval grows by 5 seconds).
        if let last = record.lastPolledAt, now.timeIntervalSince(last) < Double(record.interval) {
            let interval = record.interval + 5
            try await store.write { sql in
                try await sql.raw("""
                    UPDATE device_authorizations SET interval = \(bind: interval), last_polled_at = \(bind: now) \
                    WHERE id = \(bind: id)
                    """).run()
            }
            throw PlayhouseProblem(.badRequest, .slowDown, parameters: ["interval": String(interval)])
        }
        try await store.write { sql in
            try await sql.raw("UPDATE device_authorizations SET last_polled_at = \(bind: now) WHERE id = \(bind: id)").run()
        }
        switch DeviceAuthorization.Status(rawValue: record.status) {
        case .pending: throw PlayhouseProblem(.badRequest, .authorizationPending)
        case .denied: throw PlayhouseProblem(.badRequest, .accessDenied)
        default: break
        }
        let claimed = try await store.write { sql in
            try await sql.claimed("""
                UPDATE device_authorizations SET status = \(bind: DeviceAuthorization.Status.consumed.rawValue) \
                WHERE id = \(bind: id) AND status = \(bind: DeviceAuthorization.Status.approved.rawValue) RETURNING id
                """)
        }
        guard claimed, let playerID = record.playerID else { throw PlayhouseProblem(.badRequest, .expiredToken) }
        return try await PlayerSignIn(store: store, now: now, configuration: configuration)
            .tokens(app: app, playerID: playerID, scope: record.scope, created: false, authTime: nil)
    }

    static func newUserCode() -> String {
        SecretToken.randomCharacters(8, from: alphabet)
    }

    /// `BDWPHQPK` as `BDWP-HQPK`.
    static func display(_ code: String) -> String {
        String(code.prefix(4)) + "-" + String(code.dropFirst(4))
    }

    /// What the player typed, upper-cased without dashes or spaces, or nil when it cannot be a code.
    static func normalised(_ typed: String) -> String? {
        let code = typed.uppercased().filter { $0 != "-" && $0 != " " }
        return code.count == 8 && code.allSatisfy(alphabet.contains) ? code : nil
    }
}
