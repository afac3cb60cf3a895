import Foundation
import PlayhouseAPI

/// The player's shopping lists, offline first: `client.lists`.
///
/// ```swift
/// let list = try await client.lists.createList(name: "Groceries")
/// let milk = try await client.lists.addItem(to: list.id, description: "Milk", count: 2)
/// try await client.lists.setTicked(milk.id, true)
/// for await change in client.lists.changes() { reload(change) }
/// ```
///
/// Every call answers at once from the device: getters read the local store, and each change is
/// made there and queued, in one local transaction, to be sent to the server. The
/// server answers each operation once, whatever happens to the network, and the lists then hold
/// what the server says, with the changes it has not answered yet on top. Lists made before anyone
/// signs in are kept apart (the userless lists); ``moveUserlessLists()`` gives them to the player.
public struct ListsAPI: Sendable {
    let sync: ListSync

    /// The `userInfo` key of what was added (`Notification.Name.playhouseListsDidChange`,
    /// `Notification.Name.playhouseListItemsDidChange`).
    public static let addedKey = "added"
    /// The `userInfo` key of what was removed.
    public static let removedKey = "removed"
    /// The `userInfo` key of what was modified.
    public static let modifiedKey = "modified"

    init(api: APIClient, options: ListsOptions) {
        sync = ListSync(api: api, options: options)
        if options.startsAtLaunch {
            let sync = self.sync
            Task { await sync.start() }
        }
    }

    // MARK: Reading

    /// The lists, in their order.
    public func lists() async throws(PlayhouseError) -> [ShoppingList] {
        try await view().orderedLists
    }

    /// The list with `id`, if the device has it.
    public func list(_ id: String) async throws(PlayhouseError) -> ShoppingList? {
        try await view().lists[id.lowercased()]
    }

    /// The items of the list `listID`, in their order.
    public func items(in listID: String) async throws(PlayhouseError) -> [ListItem] {
        try await view().orderedItems(listID.lowercased())
    }

    /// The shares of the list `listID` (pending and accepted).
    public func shares(of listID: String) async throws(PlayhouseError) -> [ListShare] {
        try await view().shares(of: listID.lowercased())
    }

    /// The lists the player was invited to and has not answered.
    public func invitations() async throws(PlayhouseError) -> [ListShare] {
        let owner = await sync.currentOwner()
        return try await view().shares.values.filter { $0.playerID == owner && $0.status == .pending }.sorted { $0.listID < $1.listID }
    }

    // MARK: Changing

    /// A new list, last in the order.
    @discardableResult
    public func createList(name: String) async throws(PlayhouseError) -> ShoppingList {
        let id = Self.newID()
        let view = try await record(ListOperation(mutationID: Self.newID(), op: .createList, listID: id, name: name)) { view throws(PlayhouseError) in
            _ = try Self.found(view.lists[id])
        }
        return try Self.found(view.lists[id])
    }

    public func renameList(_ id: String, to name: String) async throws(PlayhouseError) {
        try await record(ListOperation(mutationID: Self.newID(), op: .renameList, listID: id.lowercased(), name: name))
    }

    /// Removes the list and its items.
    public func removeList(_ id: String) async throws(PlayhouseError) {
        try await record(ListOperation(mutationID: Self.newID(), op: .deleteList, listID: id.lowercased()))
    }

    /// A new item, last in the list `listID`.
    @discardableResult
    public func addItem(to listID: String, description: String, count: Int = 1, unit: String? = nil,
                        offerERN: String? = nil) async throws(PlayhouseError) -> ListItem {
        let id = Self.newID()
        // Queued only when the device has the list and may write it: otherwise nothing is queued.
        let view = try await record(ListOperation(mutationID: Self.newID(), op: .addItem, listID: listID.lowercased(), itemID: id,
                                                  description: description, count: count, unit: unit, offerERN: offerERN)) { view throws(PlayhouseError) in
            _ = try Self.found(view.items[id])
        }
        return try Self.found(view.items[id])
    }

    /// Changes what is given of the item's description, count and unit (`""` removes the unit).
    public func updateItem(_ id: String, description: String? = nil, count: Int? = nil, unit: String? = nil) async throws(PlayhouseError) {
        try await record(ListOperation(mutationID: Self.newID(), op: .editItem, itemID: id.lowercased(), description: description,
                                       count: count, unit: unit))
    }

    public func setTicked(_ id: String, _ ticked: Bool) async throws(PlayhouseError) {
        try await record(ListOperation(mutationID: Self.newID(), op: .tickItem, itemID: id.lowercased(), ticked: ticked))
    }

    /// Moves the item after `after` (an item of the same list), or to the top when nil.
    public func moveItem(_ id: String, after: String?) async throws(PlayhouseError) {
        try await record(ListOperation(mutationID: Self.newID(), op: .moveItem, itemID: id.lowercased(), after: after?.lowercased()))
    }

    public func removeItem(_ id: String) async throws(PlayhouseError) {
        try await record(ListOperation(mutationID: Self.newID(), op: .deleteItem, itemID: id.lowercased()))
    }

    /// Invites the player of the app with this email to the list, with `access`. The share shows
    /// once the server has it.
    public func shareList(_ listID: String, withEmail email: String, access: ListAccess) async throws(PlayhouseError) {
        try await record(ListOperation(mutationID: Self.newID(), op: .shareList, listID: listID.lowercased(), email: email, access: access))
    }

    /// Invites the player `playerID` to the list, with `access`.
    public func shareList(_ listID: String, withPlayer playerID: String, access: ListAccess) async throws(PlayhouseError) {
        try await record(ListOperation(mutationID: Self.newID(), op: .shareList, listID: listID.lowercased(), playerID: playerID.lowercased(),
                                       access: access))
    }

    /// Accepts or declines an invitation; an accepted list and its items arrive with the next sync.
    public func answerInvitation(_ listID: String, accept: Bool) async throws(PlayhouseError) {
        try await record(ListOperation(mutationID: Self.newID(), op: .answerShare, listID: listID.lowercased(), accept: accept))
    }

    /// Takes the player `playerID`'s share of the list back (owner access).
    public func removeShare(_ listID: String, player playerID: String) async throws(PlayhouseError) {
        try await record(ListOperation(mutationID: Self.newID(), op: .removeShare, listID: listID.lowercased(), playerID: playerID.lowercased()))
    }

    /// Leaves a list shared with the player.
    public func leaveList(_ listID: String) async throws(PlayhouseError) {
        try await record(ListOperation(mutationID: Self.newID(), op: .leaveList, listID: listID.lowercased()))
    }

    /// Gives the userless lists (made before anyone signed in) to the signed-in player, as new
    /// lists and items of theirs, in their order and ticks, to be synced; the userless store is
    /// then empty. Moving twice makes nothing twice: the lists keep their ids.
    public func moveUserlessLists() async throws(PlayhouseError) {
        try await run {
            guard let player = await sync.currentOwner() else {
                throw PlayhouseError(code: .notSignedIn, message: "Sign a player in to give them the lists.")
            }
            let userless = try await sync.userlessStore().view()
            var operations: [ListOperation] = []
            for list in userless.orderedLists {
                operations.append(ListOperation(mutationID: Self.newID(), op: .createList, listID: list.id, name: list.name))
                for item in userless.orderedItems(list.id) {
                    operations.append(ListOperation(mutationID: Self.newID(), op: .addItem, listID: list.id, itemID: item.id,
                                                    description: item.description, count: item.count, unit: item.unit, ticked: item.ticked,
                                                    offerERN: item.offerERN))
                }
            }
            if !operations.isEmpty { try await sync.record(operations, for: player) }
            try await sync.clearUserless()
        }
    }

    // MARK: Syncing

    /// Sends every change made on the device, then reads every change the server has: a
    /// pull-to-refresh. Syncing goes on by itself besides.
    public func sync() async throws(PlayhouseError) {
        try await self.sync.syncNow()
    }

    /// Operations waiting to be sent, the last failure and when the next try is.
    public func syncStatus() async throws(PlayhouseError) -> ListSyncStatus {
        try await run { try await sync.status() }
    }

    /// Every change to the lists the app sees from now on, made on the device or coming from the
    /// server; posted as `Notification.Name.playhouseListsDidChange` and
    /// `Notification.Name.playhouseListItemsDidChange` too.
    public func changes() async -> AsyncStream<ListsChange> {
        let changes = await sync.changes()
        _ = await sync.currentOwner()  // starts syncing, as any other call does
        return changes
    }

    // MARK: Completion handlers

    public func lists(completion: @escaping @MainActor @Sendable (Result<[ShoppingList], PlayhouseError>) -> Void) {
        deliver(completion) { () throws(PlayhouseError) in try await lists() }
    }

    public func list(_ id: String, completion: @escaping @MainActor @Sendable (Result<ShoppingList?, PlayhouseError>) -> Void) {
        deliver(completion) { () throws(PlayhouseError) in try await list(id) }
    }

    public func items(in listID: String, completion: @escaping @MainActor @Sendable (Result<[ListItem], PlayhouseError>) -> Void) {
        deliver(completion) { () throws(PlayhouseError) in try await items(in: listID) }
    }

    public func shares(of listID: String, completion: @escaping @MainActor @Sendable (Result<[ListShare], PlayhouseError>) -> Void) {
        deliver(completion) { () throws(PlayhouseError) in try await shares(of: listID) }
    }

    public func invitations(completion: @escaping @MainActor @Sendable (Result<[ListShare], PlayhouseError>) -> Void) {
        deliver(completion) { () throws(PlayhouseError) in try await invitations() }
    }

    public func createList(name: String, completion: @escaping @MainActor @Sendable (Result<ShoppingList, PlayhouseError>) -> Void) {
        deliver(completion) { () throws(PlayhouseError) in try await createList(name: name) }
    }

    public func renameList(_ id: String, to name: String, completion: @escaping @MainActor @Sendable (Result<Void, PlayhouseError>) -> Void) {
        deliver(completion) { () throws(PlayhouseError) in try await renameList(id, to: name) }
    }

    public func removeList(_ id: String, completion: @escaping @MainActor @Sendable (Result<Void, PlayhouseError>) -> Void) {
        deliver(completion) { () throws(PlayhouseError) in try await removeList(id) }
    }

    public func addItem(to listID: String, description: String, count: Int = 1, unit: String? = nil, offerERN: String? = nil,
                        completion: @escaping @MainActor @Sendable (Result<ListItem, PlayhouseError>) -> Void) {
        deliver(completion) { () throws(PlayhouseError) in
            try await addItem(to: listID, description: description, count: count, unit: unit, offerERN: offerERN)
        }
    }

    public func updateItem(_ id: String, description: String? = nil, count: Int? = nil, unit: String? = nil,
                           completion: @escaping @MainActor @Sendable (Result<Void, PlayhouseError>) -> Void) {
        deliver(completion) { () throws(PlayhouseError) in try await updateItem(id, description: description, count: count, unit: unit) }
    }

    public func setTicked(_ id: String, _ ticked: Bool, completion: @escaping @MainActor @Sendable (Result<Void, PlayhouseError>) -> Void) {
        deliver(completion) { () throws(PlayhouseError) in try await setTicked(id, ticked) }
    }

    public func moveItem(_ id: String, after: String?, completion: @escaping @MainActor @Sendable (Result<Void, PlayhouseError>) -> Void) {
        deliver(completion) { () throws(PlayhouseError) in try await moveItem(id, after: after) }
    }

    public func removeItem(_ id: String, completion: @escaping @MainActor @Sendable (Result<Void, PlayhouseError>) -> Void) {
        deliver(completion) { () throws(PlayhouseError) in try await removeItem(id) }
    }

    public func shareList(_ listID: String, withEmail email: String, access: ListAccess,
                          completion: @escaping @MainActor @Sendable (Result<Void, PlayhouseError>) -> Void) {
        deliver(completion) { () throws(PlayhouseError) in try await shareList(listID, withEmail: email, access: access) }
    }

    public func shareList(_ listID: String, withPlayer playerID: String, access: ListAccess,
                          completion: @escaping @MainActor @Sendable (Result<Void, PlayhouseError>) -> Void) {
        deliver(completion) { () throws(PlayhouseError) in try await shareList(listID, withPlayer: playerID, access: access) }
    }

    public func answerInvitation(_ listID: String, accept: Bool, completion: @escaping @MainActor @Sendable (Result<Void, PlayhouseError>) -> Void) {
        deliver(completion) { () throws(PlayhouseError) in try await answerInvitation(listID, accept: accept) }
    }

    public func removeShare(_ listID: String, player playerID: String,
                            completion: @escaping @MainActor @Sendable (Result<Void, PlayhouseError>) -> Void) {
        deliver(completion) { () throws(PlayhouseError) in try await removeShare(listID, player: playerID) }
    }

    public func leaveList(_ listID: String, completion: @escaping @MainActor @Sendable (Result<Void, PlayhouseError>) -> Void) {
        deliver(completion) { () throws(PlayhouseError) in try await leaveList(listID) }
    }

    public func moveUserlessLists(completion: @escaping @MainActor @Sendable (Result<Void, PlayhouseError>) -> Void) {
        deliver(completion) { () throws(PlayhouseError) in try await moveUserlessLists() }
    }

    public func sync(completion: @escaping @MainActor @Sendable (Result<Void, PlayhouseError>) -> Void) {
        deliver(completion) { () throws(PlayhouseError) in try await sync() }
    }

    public func syncStatus(completion: @escaping @MainActor @Sendable (Result<ListSyncStatus, PlayhouseError>) -> Void) {
        deliver(completion) { () throws(PlayhouseError) in try await syncStatus() }
    }

    // MARK: Inside

    private func view() async throws(PlayhouseError) -> ListView {
        try await run { try await sync.store().view() }
    }

    /// Queues `operation`, provided the server would take it (``PlayhouseAPI/ListOperation/problems``)
    /// and the view after it passes `check`.
    @discardableResult
    private func record(_ operation: ListOperation,
                        check: @escaping @Sendable (ListView) throws(PlayhouseError) -> Void = { _ in }) async throws(PlayhouseError) -> ListView {
        let problems = operation.problems
        guard problems.isEmpty else {
            throw PlayhouseError(code: .validationFailed, message: problems.map { "\($0.field): \($0.code)" }.joined(separator: "; "))
        }
        return try await run { try await sync.record([operation]) { view in try check(view) } }
    }

    private func run<T>(_ body: () async throws -> T) async throws(PlayhouseError) -> T {
        do {
            return try await body()
        } catch let error as PlayhouseError {
            throw error
        } catch {
            throw PlayhouseError(code: .localStoreFailed, message: "The lists on this device could not be read or written: \(error)")
        }
    }

    private static func newID() -> String { UUID().uuidString.lowercased() }

    private static func found<T>(_ value: T?) throws(PlayhouseError) -> T {
        guard let value else { throw PlayhouseError(code: .listNotFound, message: "There is no such list on this device, or it may not be written.") }
        return value
    }
}
