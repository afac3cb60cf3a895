import Foundation

/// The signed-in player's play session, as `GET /v1/sessions/current` and keep-alive answer it
/// (Betable's `alive` and `reality_check`, with the session's figures).
public struct PlaySessionStatus: Codable, Sendable, Equatable {
    public var id: String
    /// False once the session ended or expired from inactivity: the app should sign the player out.
    public var alive: Bool
    /// When the session expires unless the player is active (a bet or a keep-alive) before then.
    public var expiresAt: Date
    public var realityCheck: RealityCheckStatus
    public var statistics: SessionStatistics

    public init(id: String, alive: Bool, expiresAt: Date, realityCheck: RealityCheckStatus, statistics: SessionStatistics) {
        self.id = id
        self.alive = alive
        self.expiresAt = expiresAt
        self.realityCheck = realityCheck
        self.statistics = statistics
    }

    enum CodingKeys: String, CodingKey {
        case alive, expiresAt = "expires_at", id, realityCheck = "reality_check", statistics
    }
}

/// When the player must next be shown how long they have played and what they won or lost.
public struct RealityCheckStatus: Codable, Sendable, Equatable {
    public var enabled: Bool
    public var intervalSeconds: Int
    /// Until the check is due; 0 once it is.
    public var remainingMs: Int64
    /// The check is due: bets are refused (`reality_check_due`) until the player acknowledges it
    /// with a keep-alive carrying `reality_checked: true`.
    public var due: Bool

    public init(enabled: Bool, intervalSeconds: Int, remainingMs: Int64, due: Bool) {
        self.enabled = enabled
        self.intervalSeconds = intervalSeconds
        self.remainingMs = remainingMs
        self.due = due
    }

    enum CodingKeys: String, CodingKey {
        case due, enabled, intervalSeconds = "interval_seconds", remainingMs = "remaining_ms"
    }
}

/// What the player did in the session.
public struct SessionStatistics: Codable, Sendable, Equatable {
    /// From sign-in to the last activity.
    public var secondsPlayed: Int
    public var bets: Int
    /// Per currency: staked, won and the net result (won − staked) of the session's backed bets.
    public var money: [SessionMoney]

    public init(secondsPlayed: Int, bets: Int, money: [SessionMoney]) {
        self.secondsPlayed = secondsPlayed
        self.bets = bets
        self.money = money
    }

    enum CodingKeys: String, CodingKey {
        case bets, money
        case secondsPlayed = "seconds_played"
    }
}

/// One currency's figures in a session, as decimal strings.
public struct SessionMoney: Codable, Sendable, Equatable {
    public var currency: String
    public var economy: Economy
    public var wagered: String
    public var won: String
    public var net: String

    public init(currency: String, economy: Economy, wagered: String, won: String, net: String) {
        self.currency = currency
        self.economy = economy
        self.wagered = wagered
        self.won = won
        self.net = net
    }
}

/// The body of `POST /v1/sessions/current/keep-alive`. Without `reality_checked` it only extends
/// the session; `true` acknowledges a due reality check and starts the next period; `false` ends
/// the session (the player chose to stop), as Betable's tri-state flag did.
public struct KeepAliveRequest: Codable, Sendable, Equatable {
    public var realityChecked: Bool?

    public init(realityChecked: Bool? = nil) { self.realityChecked = realityChecked }

    enum CodingKeys: String, CodingKey {
        case realityChecked = "reality_checked"
    }
}
