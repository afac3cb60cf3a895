import Foundation
import SQLKit

/// A person who runs the install (not a player): signs in to the console and calls the admin API,
/// with what their role allows.
public struct Operator: Sendable, Equatable, Codable {
    public var id: UUID
    public var email: String
    public var role: OperatorRole
    /// Whether they have set a password (accepted their invitation).
    public var active: Bool
    /// Whether signing in takes a code of their authenticator app too.
    public var secondFactor: Bool = false
    public var disabledAt: Date?
    public var createdAt: Date

    enum CodingKeys: String, CodingKey {
        case active, createdAt = "created_at", disabledAt = "disabled_at", email, id, role, secondFactor = "second_factor"
    }

    /// Ids are sent in lowercase, as everywhere in Playhouse.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id.uuidString.lowercased(), forKey: .id)
        try container.encode(email, forKey: .email)
        try container.encode(role, forKey: .role)
        try container.encode(active, forKey: .active)
        try container.encode(secondFactor, forKey: .secondFactor)
        try container.encodeIfPresent(disabledAt, forKey: .disabledAt)
        try container.encode(createdAt, forKey: .createdAt)
    }

}

extension Operator {
    /// Its columns, of `operators o`.
    static let columns: SQLQueryString = """
        o.id, o.email, o.role, o.password_hash IS NOT NULL AS active, o.totp_secret IS NOT NULL AS second_factor, o.disabled_at, o.created_at
        """

    init(row: any SQLRow) throws {
        id = try row.decode(column: "id", as: UUID.self)
        email = try row.decode(column: "email", as: String.self)
        role = OperatorRole(rawValue: try row.decode(column: "role", as: String.self)) ?? .analyst
        active = try row.decode(column: "active", as: Bool.self)
        secondFactor = try row.decode(column: "second_factor", as: Bool.self)
        disabledAt = try row.decode(column: "disabled_at", as: Date?.self)
        createdAt = try row.decode(column: "created_at", as: Date.self)
    }
}

/// What an operator may do. Each role's permissions are listed once, here, and checked by the admin
/// API (the pages only call it, and show what the role may do).
public enum OperatorRole: String, Sendable, Codable, CaseIterable {
    /// Everything, operators included.
    case owner
    /// Apps, currencies, games, content, catalogs and game data.
    case developer
    /// Players: their profile, sessions, limits, wallet and bets; may end sessions, never move money.
    case support
    /// Reads the statistics, changes nothing.
    case analyst

    /// What a call needs.
    public enum Permission: String, Sendable {
        case manageOperators = "manage operators"
        case readAuditLog = "read the audit log"
        case readApps = "read apps"
        case manageApps = "manage apps"
        case readStatistics = "read statistics"
        case readPlayers = "read players"
        case endPlayerSessions = "end players' sessions"
        case readMoney = "read the ledger"
        case adjustMoney = "adjust players' money"
        case manageGames = "manage games"
        case manageContent = "manage content and catalogs"
        /// Why a placement shows a player what it does (``PlacementExplanation``).
        case explainContent = "explain a player's content"
        /// Every app's ledger at once, so an owner's.
        case verifyLedger = "verify the whole ledger"
    }

    public func may(_ permission: Permission) -> Bool {
        switch (self, permission) {
        case (.owner, _): true
        case (.developer, .readApps), (.developer, .manageApps), (.developer, .readStatistics), (.developer, .manageGames),
             (.developer, .manageContent), (.developer, .explainContent): true
        case (.support, .readApps), (.support, .readPlayers), (.support, .endPlayerSessions), (.support, .explainContent): true
        case (.analyst, .readStatistics), (.analyst, .readApps), (.analyst, .readMoney): true
        default: false
        }
    }
}
