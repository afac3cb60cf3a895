import Foundation

/// The lists as the app sees them: what the server last said (the base), with the operations the
/// server has not answered yet applied on top, in their order (``applying(_:player:)``). An
/// operation the server refuses leaves the queue, and with it its effect; one it applies comes
/// back in the base. So the view is always the server's truth plus this device's unsent changes.
///
/// The rules on this side follow the server's (`ListRules` there): fields change one by one, a
/// deleted list or item stays deleted, a new item goes last, a move takes a position between its
/// new neighbours' (``ListOrder``). Sharing changes only the shares the view knows; the lists and
/// items a share brings come from the server.
struct ListView: Sendable, Equatable {
    var lists: [String: ShoppingList] = [:]
    var items: [String: ListItem] = [:]
    /// By `<list id> <player id>`.
    var shares: [String: ListShare] = [:]

    /// The lists in their order.
    var orderedLists: [ShoppingList] {
        lists.values.sorted { ($0.position, $0.id) < ($1.position, $1.id) }
    }

    /// The items of `listID` in their order.
    func orderedItems(_ listID: String) -> [ListItem] {
        items.values.filter { $0.listID == listID }.sorted { ($0.position, $0.id) < ($1.position, $1.id) }
    }

    /// The shares of `listID`, pending and accepted, and the caller's pending invitations.
    func shares(of listID: String) -> [ListShare] {
        shares.values.filter { $0.listID == listID && ($0.status == .pending || $0.status == .accepted) }.sorted { $0.playerID < $1.playerID }
    }

    static func shareKey(_ listID: String, _ playerID: String) -> String { listID + " " + playerID }

    /// This view with `operations` applied, in order, as `player` made them at their `dates`.
    func applying(_ operations: [(operation: ListOperation, date: Date)], player: String?) -> ListView {
        var view = self
        for (operation, date) in operations { view.apply(operation, player: player, at: date) }
        return view
    }

    private mutating func apply(_ operation: ListOperation, player: String?, at date: Date) {
        switch operation.op {
        case .createList:
            guard let id = operation.listID, lists[id] == nil, let name = operation.name else { return }
            let last = lists.values.map(\.position).max()
            lists[id] = ShoppingList(id: id, name: name, ownerID: player ?? "", access: .owner, position: ListOrder.between(last, nil),
                                     createdAt: date, modifiedAt: date, deleted: false)
        case .renameList:
            guard let id = operation.listID, let name = operation.name, lists[id]?.access ?? .read >= .write else { return }
            lists[id]?.name = name
            lists[id]?.modifiedAt = date
        case .deleteList:
            guard let id = operation.listID, lists[id]?.access == .owner else { return }
            removeList(id)
        case .leaveList:
            guard let id = operation.listID, let list = lists[id], list.ownerID != player else { return }
            removeList(id)
        case .addItem:
            guard let listID = operation.listID, let id = operation.itemID, items[id] == nil, let list = lists[listID], list.access >= .write,
                  let description = operation.description, let count = operation.count else { return }
            let last = orderedItems(listID).last?.position
            items[id] = ListItem(id: id, listID: listID, description: description, count: count,
                                 unit: operation.unit.flatMap { $0.isEmpty ? nil : $0 }, ticked: operation.ticked ?? false,
                                 offerERN: operation.offerERN, creatorID: player ?? "", position: ListOrder.between(last, nil),
                                 modifiedAt: date, deleted: false)
            touch(listID, date)
        case .editItem:
            guard let id = operation.itemID, var item = writableItem(id) else { return }
            if let description = operation.description { item.description = description }
            if let count = operation.count { item.count = count }
            if let unit = operation.unit { item.unit = unit.isEmpty ? nil : unit }
            item.modifiedAt = date
            items[id] = item
            touch(item.listID, date)
        case .tickItem:
            guard let id = operation.itemID, var item = writableItem(id), let ticked = operation.ticked else { return }
            item.ticked = ticked
            item.modifiedAt = date
            items[id] = item
            touch(item.listID, date)
        case .moveItem:
            guard let id = operation.itemID, var item = writableItem(id) else { return }
            let others = orderedItems(item.listID).filter { $0.id != id }
            if let after = operation.after {
                guard let anchor = others.firstIndex(where: { $0.id == after }) else { return }
                let next = anchor + 1 < others.count ? others[anchor + 1].position : nil
                item.position = ListOrder.between(others[anchor].position, next)
            } else {
                item.position = ListOrder.between(nil, others.first?.position)
            }
            item.modifiedAt = date
            items[id] = item
            touch(item.listID, date)
        case .deleteItem:
            guard let id = operation.itemID, let item = writableItem(id) else { return }
            items[id] = nil
            touch(item.listID, date)
        case .answerShare:
            guard let listID = operation.listID, let player, let accept = operation.accept else { return }
            shares[Self.shareKey(listID, player)]?.status = accept ? .accepted : .declined
        case .removeShare:
            guard let listID = operation.listID, let other = operation.playerID, lists[listID]?.access == .owner else { return }
            shares[Self.shareKey(listID, other)]?.status = .removed
        case .shareList:
            // Who the invitee is (an email's player) is the server's to say; the share comes back in the feed.
            break
        }
    }

    /// The item `id` when the view has it in a list the player may write.
    private func writableItem(_ id: String) -> ListItem? {
        guard let item = items[id], let list = lists[item.listID], list.access >= .write else { return nil }
        return item
    }

    private mutating func touch(_ listID: String, _ date: Date) {
        lists[listID]?.modifiedAt = date
    }

    private mutating func removeList(_ id: String) {
        lists[id] = nil
        items = items.filter { $0.value.listID != id }
    }

    /// What changed from `old` to this view.
    func changes(since old: ListView) -> ListsChange {
        var change = ListsChange()
        for (id, list) in lists {
            if let before = old.lists[id] { if before != list { change.modifiedLists.append(list) } } else { change.addedLists.append(list) }
        }
        change.removedLists = old.lists.filter { lists[$0.key] == nil }.map(\.value)
        var touched = Set<String>()
        for (id, item) in items {
            if let before = old.items[id] {
                if before != item { change.modifiedItems.append(item); touched.insert(item.listID) }
            } else {
                change.addedItems.append(item)
                touched.insert(item.listID)
            }
        }
        change.removedItems = old.items.filter { items[$0.key] == nil }.map(\.value)
        touched.formUnion(change.removedItems.map(\.listID))
        // A list counts as modified when its items change.
        let counted = Set(change.modifiedLists.map(\.id) + change.addedLists.map(\.id))
        for id in touched.subtracting(counted) { if let list = lists[id] { change.modifiedLists.append(list) } }
        change.addedLists.sort { $0.id < $1.id }
        change.removedLists.sort { $0.id < $1.id }
        change.modifiedLists.sort { $0.id < $1.id }
        change.addedItems.sort { $0.id < $1.id }
        change.removedItems.sort { $0.id < $1.id }
        change.modifiedItems.sort { $0.id < $1.id }
        return change
    }
}
