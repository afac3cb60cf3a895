import Foundation
import PlayhouseAPI
import Vapor

/// A list as the rules see it.
struct ListRecord: Sendable, Equatable {
    var id: UUID
    var appID: UUID
    var ownerID: UUID
    var name: String
    var position: String
    var deleted: Bool
}

/// An item as the rules see it.
struct ItemRecord: Sendable, Equatable {
    var id: UUID
    var listID: UUID
    var description: String
    var count: Int
    var unit: String?
    var ticked: Bool
    var position: String
    var deleted: Bool
}

/// A player's share of a list as the rules see it.
struct ShareRecord: Sendable, Equatable {
    var playerID: UUID
    var access: ListAccess
    var status: ListShareStatus
}

/// What the server knows, when an operation arrives, of what it names: read in the operation's
/// transaction, after every earlier operation of the app's lists was committed (``ListService``).
struct ListFacts: Sendable {
    /// The list the operation names (an item operation's: its item's list); nil when there is none.
    var list: ListRecord?
    /// The caller's access to it: `owner` for its owner, else an accepted share's; nil for none.
    var access: ListAccess?
    /// The item the operation names, in whichever list or app it is.
    var item: ItemRecord?
    /// For `create_list`: the caller's lists (not deleted).
    var ownedLists = 0
    /// For `add_item`: the list's items (not deleted).
    var items = 0
    /// For `share_list`: the list's pending and accepted shares.
    var shares = 0
    /// The share the operation is about: the invitee's (`share_list`, `remove_share`), the caller's
    /// (`answer_share`, `leave_list`).
    var share: ShareRecord?
    /// For `share_list`: the invited player of the caller's app; nil when there is none.
    var invitee: UUID?
    /// For `move_item` with `after`: that item, in whichever list it is.
    var anchor: ItemRecord?
}

/// What becomes of an operation.
enum ListVerdict: Sendable, Equatable {
    /// Apply it.
    case apply
    /// Change nothing; it is done (`deleted`: deletion wins; `exists`: created already;
    /// `unchanged`: already as asked).
    case ignore(String)
    /// Refuse it, for this reason; the rest of the batch goes on.
    case refuse(PlayhouseProblem)
}

/// Why an operation is refused: the problem it would be, with its status, as a request of its own.
extension PlayhouseProblem {
    static let listNotFound = PlayhouseProblem(.notFound, .listNotFound)
    static let listItemNotFound = PlayhouseProblem(.notFound, .listItemNotFound)
    static func listAccessRequired(_ access: ListAccess) -> PlayhouseProblem {
        PlayhouseProblem(.forbidden, .listAccessRequired, parameters: ["access": access.rawValue])
    }
    static let listIDTaken = PlayhouseProblem(.conflict, .listIDTaken)
    static func listLimitReached(_ limit: String, _ value: Int) -> PlayhouseProblem {
        PlayhouseProblem(.conflict, .listLimitReached, parameters: ["limit": limit, "value": String(value)])
    }
    static let listPlayerNotFound = PlayhouseProblem(.notFound, .playerNotFound)
    static let listShareNotFound = PlayhouseProblem(.notFound, .listShareNotFound)
    static let listOwnerCannotLeave = PlayhouseProblem(.conflict, .listOwnerCannotLeave)
    static let listAnchorNotFound = PlayhouseProblem(.unprocessableEntity, .listAnchorNotFound)
}

/// The merge rules of shopping lists: what each operation does to what the server has, decided
/// from the facts alone, so the same facts give the same verdict on every instance. Writes are
/// operations on fields, applied in the server's order (one app's list operations are applied
/// one transaction at a time), so:
///
/// 1. **Per field.** An operation changes only the fields it names: a tick on one phone and a
///    rename on another both survive. For the same field, the operation the server applies last wins.
/// 2. **Deletion wins.** An operation on a deleted list or item, or on an item of a deleted list,
///    is `ignored` (`deleted`), whenever it was made; nothing brings a deleted one back, and its id
///    is not used again.
/// 3. **Ids are the client's.** Creating a list or adding an item with an id that exists already
///    in the same place is `ignored` (`exists`); an id used elsewhere is refused (`list_id_taken`).
/// 4. **Order.** A move gives the item a new position between its new neighbours'
///    (``ListOrder``), touching no other item; a move after an item that was deleted since goes
///    where that item was. Every replica takes the server's positions.
/// 5. **Access.** Reading takes `read`; items and renaming take `write`; sharing, removing shares
///    and deleting the list take `owner`. A list the caller cannot see is `list_not_found`, never
///    `forbidden`, so lists are not found by guessing. An invitee answers their own invitation;
///    anyone but the list's creator may leave it.
/// 6. **Limits** that depend on what is stored (lists per player, items per list, shares per list)
///    refuse the one operation; limits on the operation itself (sizes, counts) refuse the batch
///    (``ListLimits/check(_:)``).
enum ListRules {
    static func decide(_ operation: ListOperation, caller: UUID, facts: ListFacts, limits: ListLimits) -> ListVerdict {
        switch operation.op {
        case .createList:
            if let list = facts.list {
                guard list.ownerID == caller else { return .refuse(.listIDTaken) }
                return .ignore(list.deleted ? "deleted" : "exists")
            }
            guard facts.ownedLists < limits.listsPerPlayer else { return .refuse(.listLimitReached("lists_per_player", limits.listsPerPlayer)) }
            return .apply
        case .renameList:
            return onList(facts, needs: .write) { list in list.name == operation.name ? .ignore("unchanged") : .apply }
        case .deleteList:
            return onList(facts, needs: .owner) { _ in .apply }
        case .addItem:
            return onList(facts, needs: .write) { list in
                if let item = facts.item {
                    guard item.listID == list.id else { return .refuse(.listIDTaken) }
                    return .ignore(item.deleted ? "deleted" : "exists")
                }
                guard facts.items < limits.itemsPerList else { return .refuse(.listLimitReached("items_per_list", limits.itemsPerList)) }
                return .apply
            }
        case .editItem:
            return onItem(facts) { item in
                let unit = operation.unit.map { $0.isEmpty ? nil : $0 }
                let unchanged = (operation.description ?? item.description) == item.description
                    && (operation.count ?? item.count) == item.count && (unit ?? item.unit) == item.unit
                return unchanged ? .ignore("unchanged") : .apply
            }
        case .tickItem:
            return onItem(facts) { item in item.ticked == operation.ticked ? .ignore("unchanged") : .apply }
        case .moveItem:
            return onItem(facts) { item in
                guard operation.after != nil else { return .apply }
                guard let anchor = facts.anchor, anchor.listID == item.listID else { return .refuse(.listAnchorNotFound) }
                return anchor.id == item.id ? .ignore("unchanged") : .apply
            }
        case .deleteItem:
            return onItem(facts) { _ in .apply }
        case .shareList:
            return onList(facts, needs: .owner) { list in
                guard let invitee = facts.invitee else { return .refuse(.listPlayerNotFound) }
                if invitee == list.ownerID { return .ignore("unchanged") }
                if let share = facts.share, share.status == .pending || share.status == .accepted {
                    return share.access == operation.access ? .ignore("unchanged") : .apply
                }
                guard facts.shares < limits.sharesPerList else { return .refuse(.listLimitReached("shares_per_list", limits.sharesPerList)) }
                return .apply
            }
        case .answerShare:
            guard let list = facts.list, let share = facts.share, share.status == .pending || share.status == .accepted else {
                return .refuse(.listShareNotFound)
            }
            if list.deleted { return .ignore("deleted") }
            if share.status == .accepted { return operation.accept == true ? .ignore("unchanged") : .refuse(.listShareNotFound) }
            return .apply
        case .removeShare:
            return onList(facts, needs: .owner) { _ in
                guard let share = facts.share, share.status == .pending || share.status == .accepted else { return .ignore("unchanged") }
                return .apply
            }
        case .leaveList:
            guard let list = facts.list, list.ownerID == caller || facts.share.map({ $0.status == .pending || $0.status == .accepted }) == true else {
                return .refuse(.listNotFound)
            }
            if list.ownerID == caller { return .refuse(.listOwnerCannotLeave) }
            return .apply
        }
    }

    /// A list operation's verdict: the list must be one the caller sees, not deleted, with `needs` access.
    private static func onList(_ facts: ListFacts, needs: ListAccess, _ decide: (ListRecord) -> ListVerdict) -> ListVerdict {
        guard let list = facts.list, let access = facts.access else { return .refuse(.listNotFound) }
        if list.deleted { return .ignore("deleted") }
        guard access >= needs else { return .refuse(.listAccessRequired(needs)) }
        return decide(list)
    }

    /// An item operation's verdict: the item must be in a list the caller may write; a deleted item,
    /// or one of a deleted list, is done.
    private static func onItem(_ facts: ListFacts, _ decide: (ItemRecord) -> ListVerdict) -> ListVerdict {
        guard let item = facts.item, let list = facts.list, let access = facts.access, item.listID == list.id else {
            return .refuse(.listItemNotFound)
        }
        if list.deleted || item.deleted { return .ignore("deleted") }
        guard access >= .write else { return .refuse(.listAccessRequired(.write)) }
        return decide(item)
    }
}

extension ListOperationKind {
    /// Whether the operation acts on an item named by `item_id`, whose list is the one it acts in.
    var actsOnItem: Bool { [.editItem, .tickItem, .moveItem, .deleteItem].contains(self) }
    /// Whether the operation names its list by `list_id` (the others act in their item's list).
    var namesList: Bool { !actsOnItem }
}
