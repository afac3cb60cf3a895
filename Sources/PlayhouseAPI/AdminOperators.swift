import Foundation

// The admin API's operators, their roles, API tokens and the audit log: what an operator's script
// reads.

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

    public init(id: UUID, email: String, role: OperatorRole, active: Bool, secondFactor: Bool = false, disabledAt: Date? = nil, createdAt: Date) {
        self.id = id
        self.email = email
        self.role = role
        self.active = active
        self.secondFactor = secondFactor
        self.disabledAt = disabledAt
        self.createdAt = createdAt
    }
}

/// What an operator may do. Each role's permissions are listed once, here, and checked by the admin
/// API (the pages only call it, and show what the role may do).
public enum OperatorRole: String, Sendable, Codable, CaseIterable {
    /// Everything, operators included.
    case owner
    /// Apps, currencies, games, content, catalogs and game data.
    case developer
    /// Players: their profile, sessions, limits, wallet and bets; may end sessions and delete an
    /// account on its player's request, never move money.
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
        /// A player's account deleted for them (a support request).
        case deletePlayers = "delete players"
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
        case (.support, .readApps), (.support, .readPlayers), (.support, .endPlayerSessions), (.support, .deletePlayers),
             (.support, .explainContent): true
        case (.analyst, .readStatistics), (.analyst, .readApps), (.analyst, .readMoney): true
        default: false
        }
    }
}

/// An operator's API token as listed: never its secret, which is shown once, when made.
public struct OperatorToken: Sendable, Equatable, Codable {
    public var id: String
    public var name: String
    public var operatorEmail: String
    public var createdAt: Date
    public var expiresAt: Date
    public var revokedAt: Date?

    enum CodingKeys: String, CodingKey {
        case createdAt = "created_at", expiresAt = "expires_at", id, name, operatorEmail = "operator", revokedAt = "revoked_at"
    }
    public init(id: String, name: String, operatorEmail: String, createdAt: Date, expiresAt: Date, revokedAt: Date? = nil) {
        self.id = id
        self.name = name
        self.operatorEmail = operatorEmail
        self.createdAt = createdAt
        self.expiresAt = expiresAt
        self.revokedAt = revokedAt
    }
}

/// One change in the audit log: who, when, what, and the thing changed before and after.
public struct AuditEntry: Sendable, Equatable, Codable {
    public var seq: Int64
    public var at: Date
    public var operatorID: UUID?
    public var actor: String
    public var action: String
    public var target: String
    public var before: JSONValue?
    public var after: JSONValue?

    enum CodingKeys: String, CodingKey {
        case action, actor, after, at, before, operatorID = "operator_id", seq, target
    }

    public init(seq: Int64, at: Date, operatorID: UUID?, actor: String, action: String, target: String, before: JSONValue?, after: JSONValue?) {
        self.seq = seq
        self.at = at
        self.operatorID = operatorID
        self.actor = actor
        self.action = action
        self.target = target
        self.before = before
        self.after = after
    }

    /// Ids are sent in lowercase, as everywhere in Playhouse.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(seq, forKey: .seq)
        try container.encode(at, forKey: .at)
        try container.encodeIfPresent(operatorID?.uuidString.lowercased(), forKey: .operatorID)
        try container.encode(actor, forKey: .actor)
        try container.encode(action, forKey: .action)
        try container.encode(target, forKey: .target)
        try container.encodeIfPresent(before, forKey: .before)
        try container.encodeIfPresent(after, forKey: .after)
    }
}

/// An operator invited (`POST /admin/v1/operators`), and the link that sets their password.
public struct OperatorInvitation: Codable, Sendable, Equatable {
    public var `operator`: Operator
    public var invitationURL: String

    public init(operator: Operator, invitationURL: String) {
        self.operator = `operator`
        self.invitationURL = invitationURL
    }

    enum CodingKeys: String, CodingKey {
        case invitationURL = "invitation_url", `operator`
    }
}

/// A second factor being set up (`POST /admin/v1/second-factor`): the secret for an authenticator
/// app, as text and as an `otpauth:` link (the console shows it as a QR code).
public struct OperatorSecondFactorSetup: Codable, Sendable, Equatable {
    public var secret: String
    public var otpauthURI: String

    public init(secret: String, otpauthURI: String) {
        self.secret = secret
        self.otpauthURI = otpauthURI
    }

    enum CodingKeys: String, CodingKey {
        case otpauthURI = "otpauth_uri", secret
    }
}

/// A new API token and its secret, shown this once (`POST /admin/v1/tokens`).
public struct OperatorTokenMade: Codable, Sendable, Equatable {
    public var token: OperatorToken
    public var secret: String

    public init(token: OperatorToken, secret: String) {
        self.token = token
        self.secret = secret
    }
}

/// An operator's sign-in to the console (`POST /admin/v1/sessions`): the code of their
/// authenticator app when they have turned it on.
public struct OperatorSignIn: Codable, Sendable, Equatable {
    public var email: String
    public var password: String
    public var code: String?

    public init(email: String, password: String, code: String? = nil) {
        self.email = email
        self.password = password
        self.code = code
    }
}

/// The signed-in operator and the CSRF token their changes must carry (`/admin/v1/session`).
public struct ConsoleSession: Codable, Sendable, Equatable {
    public var `operator`: Operator
    /// None for a call with an API token.
    public var csrfToken: String?

    public init(operator: Operator, csrfToken: String?) {
        self.operator = `operator`
        self.csrfToken = csrfToken
    }

    enum CodingKeys: String, CodingKey {
        case csrfToken = "csrf_token", `operator`
    }
}

/// An invitation taken up: the invited operator's password (`POST /admin/v1/invitations`).
public struct InvitationAcceptance: Codable, Sendable, Equatable {
    public var invitation: String
    public var password: String

    public init(invitation: String, password: String) {
        self.invitation = invitation
        self.password = password
    }
}

/// A code of the operator's authenticator app, which turns their second factor on
/// (`PUT /admin/v1/second-factor`).
public struct SecondFactorConfirmation: Codable, Sendable, Equatable {
    public var code: String

    public init(code: String) {
        self.code = code
    }
}

/// An operator invited by an owner (`POST /admin/v1/operators`): their email and the name of
/// their ``OperatorRole``.
public struct OperatorInvite: Codable, Sendable, Equatable {
    public var email: String
    public var role: String

    public init(email: String, role: String) {
        self.email = email
        self.role = role
    }
}

/// An API token an operator makes for their scripts (`POST /admin/v1/tokens`): it lasts 90 days
/// unless given another number of days (1 to 365).
public struct NewOperatorToken: Codable, Sendable, Equatable {
    public var name: String
    public var expiresInDays: Int?

    public init(name: String, expiresInDays: Int? = nil) {
        self.name = name
        self.expiresInDays = expiresInDays
    }

    enum CodingKeys: String, CodingKey {
        case expiresInDays = "expires_in_days", name
    }
}
