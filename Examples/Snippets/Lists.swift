import Foundation
import PlayhouseKit

// The code of the article "Offline lists".

func makeAList(client: PlayhouseClient) async throws {
    let list = try await client.lists.createList(name: "Groceries")
    let milk = try await client.lists.addItem(to: list.id, description: "Milk", count: 2, unit: "l")
    try await client.lists.setTicked(milk.id, true)
    show(try await client.lists.items(in: list.id))              // at once, from the device
}

func followChanges(client: PlayhouseClient) async {
    for await change in await client.lists.changes() {
        show(change.addedItems, change.removedItems, change.modifiedItems, change.modifiedLists)
    }
}

func observeChanges() {
    _ = NotificationCenter.default.addObserver(forName: .playhouseListItemsDidChange, object: nil, queue: .main) { note in
        show(note.userInfo?[ListsAPI.addedKey] as? [ListItem] ?? [])
    }
}

func shareAList(client: PlayhouseClient, listID: String) async throws {
    try await client.lists.shareList(listID, withEmail: "bob@example.com", access: .write)
    // On Bob's device:
    for invitation in try await client.lists.invitations() {
        try await client.lists.answerInvitation(invitation.listID, accept: true)
    }
}

func syncAndStatus(client: PlayhouseClient) async throws {
    try await client.lists.sync()                                // a pull-to-refresh; syncing goes on by itself
    let status = try await client.lists.syncStatus()
    show(status.pendingOperations, status.lastError as Any, status.nextTry as Any)
}

func userlessLists(client: PlayhouseClient) async throws {
    try await client.lists.moveUserlessLists()                   // after a sign-in: the lists made signed out become the player's
}

func listsOptions(url: URL) -> PlayhouseClient {
    PlayhouseClient(configuration: .init(baseURL: url, clientID: "ph_…",
                                         lists: ListsOptions(polling: .every(6), startsAtLaunch: true)))
}
