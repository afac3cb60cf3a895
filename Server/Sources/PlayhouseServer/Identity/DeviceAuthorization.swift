import Fluent
import Foundation
import SQLKit

/// A device authorization (RFC 8628): a console, TV or command line shows the user code, the player
/// approves it on the hosted page, and the device polls with the device code (stored as a digest).
struct DeviceAuthorization: Sendable {
    enum Status: String, Sendable {
        case pending, approved, denied, consumed
    }

    var id: UUID
    var deviceCodeHash: String
    var userCode: String
    var appID: UUID
    var scope: String
    var interval: Int
    var status: String
    var playerID: UUID?
    var lastPolledAt: Date?
    var expiresAt: Date

    /// Its columns, qualified, for reads that join other tables.
    static let columns: SQLQueryString = """
        device_authorizations.id, device_authorizations.device_code_hash, device_authorizations.user_code, \
        device_authorizations.app_id, device_authorizations.scope, device_authorizations.interval, device_authorizations.status, device_authorizations.player_id, device_authorizations.last_polled_at, device_authorizations.expires_at
        """

    init(id: UUID = UUID.random(), deviceCodeHash: String, userCode: String, appID: UUID, scope: String, interval: Int, status: Status,
         playerID: UUID? = nil, lastPolledAt: Date? = nil, expiresAt: Date) {
        self.id = id
        self.deviceCodeHash = deviceCodeHash
        self.userCode = userCode
        self.appID = appID
        self.scope = scope
        self.interval = interval
        self.status = status.rawValue
        self.playerID = playerID
        self.lastPolledAt = lastPolledAt
        self.expiresAt = expiresAt
    }

    init(row: some SQLRow) throws {
        id = try row.decode(column: "id", as: UUID.self)
        deviceCodeHash = try row.decode(column: "device_code_hash", as: String.self)
        userCode = try row.decode(column: "user_code", as: String.self)
        appID = try row.decode(column: "app_id", as: UUID.self)
        scope = try row.decode(column: "scope", as: String.self)
        interval = try row.decode(column: "interval", as: Int.self)
        status = try row.decode(column: "status", as: String.self)
        playerID = try row.decode(column: "player_id", as: UUID?.self)
        lastPolledAt = try row.decode(column: "last_polled_at", as: Date?.self)
        expiresAt = try row.decode(column: "expires_at", as: Date.self)
    }

    var insert: SQLQueryString {
        """
        INSERT INTO device_authorizations (id, device_code_hash, user_code, app_id, scope, interval, status, player_id, last_polled_at, expires_at)
        VALUES (\(bind: id), \(bind: deviceCodeHash), \(bind: userCode), \(bind: appID), \(bind: scope), \(bind: interval), \(bind: status),
                \(bind: playerID), \(bind: lastPolledAt), \(bind: expiresAt))
        """
    }
}
