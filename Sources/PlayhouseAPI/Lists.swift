import Foundation

/// What a player may do with a shopping list: `read` it; `write` (also add, change, tick, move
/// and delete items, and rename the list); `owner` (also share it, remove shares, delete it).
public enum ListAccess: String, Codable, Sendable, CaseIterable, Comparable {
    case read, write, owner

    private var rank: Int {
        switch self {
        case .read: 0
        case .write: 1
        case .owner: 2
        }
    }

    public static func < (lhs: ListAccess, rhs: ListAccess) -> Bool { lhs.rank < rhs.rank }
}

/// A shopping list as the server has it, with the caller's access to it.
public struct ShoppingList: Codable, Sendable, Equatable {
    /// Chosen by the client that created it (a UUID).
    public var id: String
    /// `ern:shopping:list:<id>`.
    public var ern: String
    public var name: String
    /// The player who created it.
    public var ownerID: String
    /// The caller's access.
    public var access: ListAccess
    /// Where it sorts among the lists: lists sort by position, then id (byte order of the text).
    public var position: String
    public var createdAt: Date
    public var modifiedAt: Date
    /// True for a list deleted (a tombstone in the change feed): forget it and its items.
    public var deleted: Bool

    public init(id: String, name: String, ownerID: String, access: ListAccess, position: String, createdAt: Date,
                modifiedAt: Date, deleted: Bool) {
        self.id = id
        self.ern = ERN.make("shopping:list", id)
        self.name = name
        self.ownerID = ownerID
        self.access = access
        self.position = position
        self.createdAt = createdAt
        self.modifiedAt = modifiedAt
        self.deleted = deleted
    }

    enum CodingKeys: String, CodingKey {
        case access, createdAt = "created_at", deleted, ern, id, modifiedAt = "modified_at", name, ownerID = "owner_id", position
    }
}

/// An item of a shopping list, as the server has it.
public struct ListItem: Codable, Sendable, Equatable {
    /// Chosen by the client that added it (a UUID).
    public var id: String
    /// `ern:shopping:item:<id>`.
    public var ern: String
    public var listID: String
    /// The item's text: `Milk`.
    public var description: String
    public var count: Int
    /// `l`, `kg`, `pack`; none when left out.
    public var unit: String?
    public var ticked: Bool
    /// The catalog offer it came from (`ern:offer:<id>`).
    public var offerERN: String?
    /// The player who added it.
    public var creatorID: String
    /// Where it sorts in its list: items sort by position, then id (byte order of the text).
    public var position: String
    public var modifiedAt: Date
    /// True for an item deleted (a tombstone in the change feed).
    public var deleted: Bool

    public init(id: String, listID: String, description: String, count: Int, unit: String?, ticked: Bool, offerERN: String?,
                creatorID: String, position: String, modifiedAt: Date, deleted: Bool) {
        self.id = id
        self.ern = ERN.make("shopping:item", id)
        self.listID = listID
        self.description = description
        self.count = count
        self.unit = unit
        self.ticked = ticked
        self.offerERN = offerERN
        self.creatorID = creatorID
        self.position = position
        self.modifiedAt = modifiedAt
        self.deleted = deleted
    }

    enum CodingKeys: String, CodingKey {
        case count, creatorID = "creator_id", deleted, description, ern, id, listID = "list_id", modifiedAt = "modified_at",
            offerERN = "offer_ern", position, ticked, unit
    }
}

/// Where a share stands.
public enum ListShareStatus: String, Codable, Sendable, CaseIterable {
    /// Invited, not yet answered: the invitee sees the share (and the list's name), not the list.
    case pending
    /// The invitee sees and uses the list with the share's access.
    case accepted
    /// The invitee said no.
    case declined
    /// An owner took the share back.
    case removed
    /// The invitee left the list.
    case left

    /// Whether the share gives its player the list.
    public var grantsAccess: Bool { self == .accepted }
}

/// A player's share of a list.
public struct ListShare: Codable, Sendable, Equatable {
    public var listID: String
    /// The list's name, so an invitee knows what they are asked to join.
    public var listName: String
    public var playerID: String
    /// The player's display name, when they have one.
    public var displayName: String?
    public var access: ListAccess
    public var status: ListShareStatus
    /// The player who last invited them.
    public var invitedBy: String
    public var modifiedAt: Date

    public init(listID: String, listName: String, playerID: String, displayName: String?, access: ListAccess,
                status: ListShareStatus, invitedBy: String, modifiedAt: Date) {
        self.listID = listID
        self.listName = listName
        self.playerID = playerID
        self.displayName = displayName
        self.access = access
        self.status = status
        self.invitedBy = invitedBy
        self.modifiedAt = modifiedAt
    }

    enum CodingKeys: String, CodingKey {
        case access, displayName = "display_name", invitedBy = "invited_by", listID = "list_id", listName = "list_name",
            modifiedAt = "modified_at", playerID = "player_id", status
    }
}

/// One change in the feed: a list, an item or a share as it stands now (deleted ones as
/// tombstones). `{"type": "item", "item": {…}}`.
public enum ListChange: Codable, Sendable, Equatable {
    case list(ShoppingList)
    case item(ListItem)
    case share(ListShare)

    private enum CodingKeys: String, CodingKey { case type, list, item, share }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        switch try container.decode(String.self, forKey: .type) {
        case "list": self = .list(try container.decode(ShoppingList.self, forKey: .list))
        case "item": self = .item(try container.decode(ListItem.self, forKey: .item))
        case "share": self = .share(try container.decode(ListShare.self, forKey: .share))
        case let other:
            throw DecodingError.dataCorruptedError(forKey: .type, in: container, debugDescription: "unknown change type \(other)")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .list(let list):
            try container.encode("list", forKey: .type)
            try container.encode(list, forKey: .list)
        case .item(let item):
            try container.encode("item", forKey: .type)
            try container.encode(item, forKey: .item)
        case .share(let share):
            try container.encode("share", forKey: .type)
            try container.encode(share, forKey: .share)
        }
    }
}

/// A page of the change feed (`GET /v1/lists/changes`): the changes after the cursor sent, and the
/// cursor to send next time. Keep asking while `has_more` is true.
public struct ListChanges: Codable, Sendable, Equatable {
    public var data: [ListChange]
    /// Where the feed goes on: send it as `since` next time (at once when ``hasMore``, later
    /// otherwise); the feed is complete up to it. Unlike a list's page, a feed never ends, so
    /// there is always one.
    public var nextCursor: String
    public var hasMore: Bool

    public init(data: [ListChange], nextCursor: String, hasMore: Bool) {
        self.data = data
        self.nextCursor = nextCursor
        self.hasMore = hasMore
    }

    enum CodingKeys: String, CodingKey {
        case data, hasMore = "has_more", nextCursor = "next_cursor"
    }
}

/// A list with its live items and its shares (`GET /v1/lists`).
public struct ShoppingListSnapshot: Codable, Sendable, Equatable {
    public var list: ShoppingList
    /// In their order.
    public var items: [ListItem]
    public var shares: [ListShare]

    public init(list: ShoppingList, items: [ListItem], shares: [ListShare]) {
        self.list = list
        self.items = items
        self.shares = shares
    }
}

/// The player's lists with their items, a page of them in the lists' order, and where the change
/// feed stands: start following it from `changes_cursor` of the first page.
public struct ShoppingListsPage: Codable, Sendable, Equatable {
    public var data: [ShoppingListSnapshot]
    public var nextCursor: String?
    /// The change feed's cursor when this snapshot was read.
    public var changesCursor: String
    /// The shares the player was invited to and has not answered.
    public var invitations: [ListShare]

    public init(data: [ShoppingListSnapshot], nextCursor: String?, changesCursor: String, invitations: [ListShare]) {
        self.data = data
        self.nextCursor = nextCursor
        self.changesCursor = changesCursor
        self.invitations = invitations
    }

    enum CodingKeys: String, CodingKey {
        case changesCursor = "changes_cursor", data, invitations, nextCursor = "next_cursor"
    }
}

/// What an operation does.
public enum ListOperationKind: String, Codable, Sendable, CaseIterable {
    /// `list_id`, `name`: a new list, last in the order.
    case createList = "create_list"
    /// `list_id`, `name`.
    case renameList = "rename_list"
    /// `list_id`: the list and its items.
    case deleteList = "delete_list"
    /// `list_id`, `item_id`, `description`, `count`, and `unit`, `offer_ern` when wanted: last in the list.
    case addItem = "add_item"
    /// `item_id` and any of `description`, `count`, `unit` (`""` removes the unit).
    case editItem = "edit_item"
    /// `item_id`, `ticked`.
    case tickItem = "tick_item"
    /// `item_id`, and `after` (an item of the same list), or none for the top.
    case moveItem = "move_item"
    /// `item_id`.
    case deleteItem = "delete_item"
    /// `list_id`, `player_id` or `email`, `access`: invites a player of the app (again).
    case shareList = "share_list"
    /// `list_id`, `accept`: the invitee's answer.
    case answerShare = "answer_share"
    /// `list_id`, `player_id`: an owner takes a share back.
    case removeShare = "remove_share"
    /// `list_id`: the caller leaves a list shared with them.
    case leaveList = "leave_list"
}

/// One operation of a batch, with the client's mutation id: the server applies a mutation id at
/// most once, and answers a repeat with the first answer.
public struct ListOperation: Codable, Sendable, Equatable {
    /// A UUID the client chose, once per operation.
    public var mutationID: String
    public var op: ListOperationKind
    public var listID: String?
    public var itemID: String?
    public var name: String?
    public var description: String?
    public var count: Int?
    public var unit: String?
    public var ticked: Bool?
    public var offerERN: String?
    /// For `move_item`: the item to come after; none for the top.
    public var after: String?
    public var playerID: String?
    public var email: String?
    public var access: ListAccess?
    public var accept: Bool?

    public init(mutationID: String, op: ListOperationKind, listID: String? = nil, itemID: String? = nil, name: String? = nil,
                description: String? = nil, count: Int? = nil, unit: String? = nil, ticked: Bool? = nil, offerERN: String? = nil,
                after: String? = nil, playerID: String? = nil, email: String? = nil, access: ListAccess? = nil, accept: Bool? = nil) {
        self.mutationID = mutationID
        self.op = op
        self.listID = listID
        self.itemID = itemID
        self.name = name
        self.description = description
        self.count = count
        self.unit = unit
        self.ticked = ticked
        self.offerERN = offerERN
        self.after = after
        self.playerID = playerID
        self.email = email
        self.access = access
        self.accept = accept
    }

    enum CodingKeys: String, CodingKey {
        case accept, access, after, count, description, email, itemID = "item_id", listID = "list_id",
            mutationID = "mutation_id", name, offerERN = "offer_ern", op, playerID = "player_id", ticked, unit
    }
}

/// `POST /v1/lists/operations`: operations applied in order, each by itself.
public struct ListOperationsRequest: Codable, Sendable, Equatable {
    public var operations: [ListOperation]

    public init(operations: [ListOperation]) { self.operations = operations }
}

/// What became of one operation.
public enum ListOperationStatus: String, Codable, Sendable {
    /// It changed what it names.
    case applied
    /// It changed nothing, and never will: what it names was deleted (deletion wins over later
    /// edits), or is already as asked. `reason` says which. Drop it; it is done.
    case ignored
    /// It was not allowed (`problem` says why) and changed nothing. Drop it; the change feed has
    /// the server's state.
    case refused
}

/// The answer to one operation, the same every time its mutation id is sent.
public struct ListOperationResult: Codable, Sendable, Equatable {
    public var mutationID: String
    public var status: ListOperationStatus
    /// Why an operation was ignored: `deleted`, `exists`, `unchanged`.
    public var reason: String?
    /// Why it was refused.
    public var problem: Problem?

    public init(mutationID: String, status: ListOperationStatus, reason: String? = nil, problem: Problem? = nil) {
        self.mutationID = mutationID
        self.status = status
        self.reason = reason
        self.problem = problem
    }

    enum CodingKeys: String, CodingKey {
        case mutationID = "mutation_id", problem, reason, status
    }
}

/// The answers to a batch, in the order of its operations.
public struct ListOperationsResponse: Codable, Sendable, Equatable {
    public var results: [ListOperationResult]

    public init(results: [ListOperationResult]) { self.results = results }
}
