import Foundation

// The admin API's players (`/admin/v1/apps/{app}/players/{player}`, `…/lists`): what support
// reads of a player.

/// A player as support sees them (`GET /admin/v1/apps/{app}/players/{player}`).
public struct AdminPlayer: Codable, Sendable, Equatable {
    public var profile: PlayerProfile
    public var wallet: Wallet
    public var limits: PlayerLimits
    public var sessions: [AdminPlaySession]
    /// The wallet's history, the latest 20 transactions.
    public var transactions: [WalletTransaction]
    /// The deletion of the account, when it was deleted: the player is then a pseudonym, their
    /// money's records kept under it.
    public var deletion: AccountDeletion?

    public init(profile: PlayerProfile, wallet: Wallet, limits: PlayerLimits, sessions: [AdminPlaySession], transactions: [WalletTransaction],
                deletion: AccountDeletion? = nil) {
        self.profile = profile
        self.wallet = wallet
        self.limits = limits
        self.sessions = sessions
        self.transactions = transactions
        self.deletion = deletion
    }
}

/// A play session as an operator sees it in a player's list.
public struct AdminPlaySession: Codable, Sendable, Equatable {
    public var id: String
    public var startedAt: Date
    public var lastActiveAt: Date?
    public var endedAt: Date?

    public init(id: String, startedAt: Date, lastActiveAt: Date? = nil, endedAt: Date? = nil) {
        self.id = id
        self.startedAt = startedAt
        self.lastActiveAt = lastActiveAt
        self.endedAt = endedAt
    }

    enum CodingKeys: String, CodingKey {
        case endedAt = "ended_at", id, lastActiveAt = "last_active_at", startedAt = "started_at"
    }
}

/// A page of a player's shopping lists as the server holds them (as the player's own `GET
/// /v1/lists` pages them), and how their devices have synced (`GET …/players/{player}/lists`).
public struct AdminPlayerLists: Codable, Sendable, Equatable {
    public var lists: ShoppingListsPage
    public var sync: ListSyncState

    public init(lists: ShoppingListsPage, sync: ListSyncState) {
        self.lists = lists
        self.sync = sync
    }
}

/// How a player's devices have synced their lists: when the server last received an operation
/// from them, and how many operations' answers it remembers.
public struct ListSyncState: Codable, Sendable, Equatable {
    public var lastChangeReceivedAt: Date?
    public var changesRemembered: Int

    public init(lastChangeReceivedAt: Date?, changesRemembered: Int) {
        self.lastChangeReceivedAt = lastChangeReceivedAt
        self.changesRemembered = changesRemembered
    }

    enum CodingKeys: String, CodingKey {
        case changesRemembered = "changes_remembered", lastChangeReceivedAt = "last_change_received_at"
    }
}
