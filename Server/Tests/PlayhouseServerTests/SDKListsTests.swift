import Foundation
import NIOConcurrencyHelpers
import PlayhouseAPI
import PlayhouseKit
@testable import PlayhouseServer
import Testing
import Vapor

/// The SDK's offline lists against a real server on 127.0.0.1: devices that go offline, relaunch,
/// switch players, and end up with what the server has.
@Suite struct SDKListsTests {
    /// A device: its own token store, list folder and network, which the test can cut.
    struct Device {
        let client: PlayhouseClient
        let network: Network
        let tokens: FileTokenStore
        let folder: URL
    }

    /// A transport that answers `offline` while the test says so, and counts the pulls sent.
    final class Network: Transport, Sendable {
        private let inner = URLSessionTransport(timeout: 40)
        private let down = NIOLockedValueBox(false)
        private let pullCount = NIOLockedValueBox(0)
        var isDown: Bool {
            get { down.withLockedValue { $0 } }
            set { down.withLockedValue { $0 = newValue } }
        }
        /// The reads of the change feed sent so far.
        var pulls: Int { pullCount.withLockedValue { $0 } }

        func send(_ request: HTTPRequest) async throws -> HTTPResponse {
            if isDown { throw PlayhouseError(code: .offline, message: "The test cut the network.") }
            if request.url.path == APIPath.listChanges { pullCount.withLockedValue { $0 += 1 } }
            return try await inner.send(request)
        }
    }

    func device(_ url: URL, _ credentials: AppCredentials, polling: ListsOptions.Polling = .manual, tokens: FileTokenStore? = nil,
                folder: URL? = nil, installation: String = "install-\(UUID().uuidString)") -> Device {
        let network = Network()
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("playhouse-lists-\(UUID().uuidString)")
        let tokens = tokens ?? FileTokenStore(url: base.appendingPathComponent("tokens.json"))
        let folder = folder ?? base.appendingPathComponent("lists")
        let client = PlayhouseClient(configuration: .init(baseURL: url, clientID: credentials.app.clientID, clientSecret: credentials.clientSecret,
                                                          transport: network, retryPolicy: RetryPolicy(maxAttempts: 1),
                                                          redirectURI: URL(string: "mygame://authorize")!, tokenStore: tokens,
                                                          installationID: installation, appLifecycle: nil,
                                                          lists: ListsOptions(directory: folder, polling: polling)))
        return Device(client: client, network: network, tokens: tokens, folder: folder)
    }

    func signIn(_ device: Device, _ email: String, register: Bool = true) async throws {
        _ = try await device.client.auth.signIn(scopes: ["profile", "lists"], presenter: FormPostingPresenter(email: email, register: register))
    }

    /// The access token the device holds now.
    func token(_ device: Device) throws -> String {
        try #require(try device.tokens.load()?.accessToken)
    }

    /// What the server has for the player `token` acts for: each list's name and its items' descriptions, in order.
    func serverState(_ app: Application, _ token: String) async throws -> [String] {
        let response = try await app.send(.GET, "/v1/lists", headers: bearer(token))
        return try response.decode(ShoppingListsPage.self).data.map { snapshot in
            ([snapshot.list.name] + snapshot.items.map { "\($0.description)\($0.ticked ? " ✓" : "")" }).joined(separator: "|")
        }
    }

    /// Ann's phone and tablet, the tablet following by long poll, and a list "Groceries" the phone made and sent.
    func phoneAndLongPollingTablet(_ app: Application, _ url: URL) async throws -> (Device, Device, ShoppingList) {
        let credentials = try await app.createApp()
        let phone = device(url, credentials), tablet = device(url, credentials, polling: .longPoll)
        try await signIn(phone, "ann@example.com")
        try await signIn(tablet, "ann@example.com", register: false)
        let list = try await phone.client.lists.createList(name: "Groceries")
        try await phone.client.lists.sync()
        return (phone, tablet, list)
    }

    /// What a device shows, in the same form.
    func shown(_ device: Device) async throws -> [String] {
        var shown: [String] = []
        for list in try await device.client.lists.lists() {
            let items = try await device.client.lists.items(in: list.id)
            shown.append(([list.name] + items.map { "\($0.description)\($0.ticked ? " ✓" : "")" }).joined(separator: "|"))
        }
        return shown
    }

    @Test(arguments: Engine.available)
    func twoDevicesOfOnePlayerEndUpTheSame(_ engine: Engine) async throws {
        try await withRunningServer(engine, { $0.passwordHashCost = 4 }) { app, url in
            let credentials = try await app.createApp()
            let phone = device(url, credentials), tablet = device(url, credentials)
            try await signIn(phone, "ann@example.com")
            try await signIn(tablet, "ann@example.com", register: false)

            let list = try await phone.client.lists.createList(name: "Groceries")
            let milk = try await phone.client.lists.addItem(to: list.id, description: "Milk", count: 2)
            let eggs = try await phone.client.lists.addItem(to: list.id, description: "Eggs")
            let atOnce = try await shown(phone)
            #expect(atOnce == ["Groceries|Milk|Eggs"], "answered at once from the device")
            try await phone.client.lists.sync()
            try await tablet.client.lists.sync()
            #expect(try await shown(tablet) == ["Groceries|Milk|Eggs"])

            // Both offline: the phone ticks milk and moves eggs up; the tablet renames milk.
            phone.network.isDown = true
            tablet.network.isDown = true
            try await phone.client.lists.setTicked(milk.id, true)
            try await phone.client.lists.moveItem(eggs.id, after: nil)
            try await tablet.client.lists.updateItem(milk.id, description: "Oat milk")
            #expect(try await phone.client.lists.syncStatus().pendingOperations == 2)
            await #expect(throws: PlayhouseError.self) { try await phone.client.lists.sync() }
            #expect(try await phone.client.lists.syncStatus().lastError?.code == .offline)

            phone.network.isDown = false
            tablet.network.isDown = false
            try await tablet.client.lists.sync()
            try await phone.client.lists.sync()
            try await tablet.client.lists.sync()
            let server = try await serverState(app, try token(phone))
            #expect(server == ["Groceries|Eggs|Oat milk ✓"])
            #expect(try await shown(phone) == server)
            #expect(try await shown(tablet) == server)
            #expect(try await phone.client.lists.syncStatus().pendingOperations == 0)
        }
    }

    @Test(arguments: Engine.available)
    func theQueueOutlivesARelaunchAndGoesFirst(_ engine: Engine) async throws {
        try await withRunningServer(engine, { $0.passwordHashCost = 4 }) { app, url in
            let credentials = try await app.createApp()
            let installation = "install-\(UUID().uuidString)"
            let phone = device(url, credentials, installation: installation)
            try await signIn(phone, "ann@example.com")
            let list = try await phone.client.lists.createList(name: "Groceries")
            try await phone.client.lists.sync()
            phone.network.isDown = true
            try await phone.client.lists.addItem(to: list.id, description: "Bread")
            try await phone.client.lists.addItem(to: list.id, description: "Jam")
            #expect(try await phone.client.lists.syncStatus().pendingOperations == 2)

            // The app is killed and launched again, online.
            let relaunched = device(url, credentials, tokens: phone.tokens, folder: phone.folder, installation: installation)
            #expect(try await shown(relaunched) == ["Groceries|Bread|Jam"], "the queue is on disk")
            #expect(try await relaunched.client.lists.syncStatus().pendingOperations == 2)
            try await relaunched.client.lists.sync()
            #expect(try await relaunched.client.lists.syncStatus().pendingOperations == 0)
            #expect(try await serverState(app, try token(relaunched)) == ["Groceries|Bread|Jam"])
        }
    }

    @Test(arguments: Engine.available)
    func aPlayerSwitchKeepsUnsentChangesForTheirOwner(_ engine: Engine) async throws {
        try await withRunningServer(engine, { $0.passwordHashCost = 4 }) { app, url in
            let credentials = try await app.createApp()
            let phone = device(url, credentials)
            try await signIn(phone, "ann@example.com")
            let list = try await phone.client.lists.createList(name: "Ann's")
            try await phone.client.lists.sync()
            phone.network.isDown = true
            try await phone.client.lists.addItem(to: list.id, description: "Coffee")
            // The app listens before Ann leaves: it is told when her lists go, which may be before Bob signs in.
            var told = await phone.client.lists.changes().makeAsyncIterator()
            await phone.client.auth.logout()
            phone.network.isDown = false

            // Bob signs in on the same phone: none of Ann's lists, none of her queue; the app was told Ann's lists went.
            try await signIn(phone, "bob@example.com")
            _ = try await phone.client.lists.lists()
            #expect(await told.next()?.removedLists.map(\.name) == ["Ann's"])
            try await phone.client.lists.sync()
            #expect(try await shown(phone) == [])
            #expect(try await phone.client.lists.syncStatus().pendingOperations == 0)
            await phone.client.auth.logout()

            // Ann again: her coffee goes out now.
            try await signIn(phone, "ann@example.com", register: false)
            #expect(try await phone.client.lists.syncStatus().pendingOperations == 1)
            try await phone.client.lists.sync()
            #expect(try await serverState(app, try token(phone)) == ["Ann's|Coffee"])
        }
    }

    @Test(arguments: Engine.available)
    func userlessListsMoveToThePlayerWhoSignsIn(_ engine: Engine) async throws {
        try await withRunningServer(engine, { $0.passwordHashCost = 4 }) { app, url in
            let credentials = try await app.createApp()
            let phone = device(url, credentials)
            let list = try await phone.client.lists.createList(name: "Before sign-in")
            let tea = try await phone.client.lists.addItem(to: list.id, description: "Tea")
            try await phone.client.lists.addItem(to: list.id, description: "Honey")
            try await phone.client.lists.setTicked(tea.id, true)
            #expect(try await shown(phone) == ["Before sign-in|Tea ✓|Honey"])
            #expect(try await phone.client.lists.syncStatus().isSyncing == false)
            // An item for a list the device does not have, or one the server would refuse, is not queued.
            await #expect(throws: PlayhouseError.self) { try await phone.client.lists.addItem(to: UUID().uuidString, description: "Salt") }
            await #expect(throws: PlayhouseError.self) { try await phone.client.lists.addItem(to: list.id, description: "Salt", unit: " ") }
            #expect(try await phone.client.lists.syncStatus().pendingOperations == 4)

            try await signIn(phone, "ann@example.com")
            #expect(try await shown(phone) == [], "the player's lists, not the userless ones")
            try await phone.client.lists.moveUserlessLists()
            #expect(try await shown(phone) == ["Before sign-in|Tea ✓|Honey"])
            try await phone.client.lists.sync()
            #expect(try await serverState(app, try token(phone)) == ["Before sign-in|Tea ✓|Honey"])
            await phone.client.auth.logout()
            #expect(try await shown(phone) == [], "the userless lists were given away")
        }
    }

    @Test(arguments: Engine.available)
    func changesAreToldAndALongPollBringsTheOtherDevicesAtOnce(_ engine: Engine) async throws {
        try await withRunningServer(engine, { $0.passwordHashCost = 4 }) { app, url in
            let (phone, tablet, list) = try await phoneAndLongPollingTablet(app, url)

            let heard = NIOLockedValueBox<[[String]]>([])
            let observer = NotificationCenter.default.addObserver(forName: .playhouseListItemsDidChange, object: nil, queue: nil) { note in
                let added = (note.userInfo?[ListsAPI.addedKey] as? [ListItem] ?? []).map(\.description)
                heard.withLockedValue { $0.append(added) }
            }
            defer { NotificationCenter.default.removeObserver(observer) }
            var tabletChanges = await tablet.client.lists.changes().makeAsyncIterator()
            _ = try await tablet.client.lists.lists()  // starts the tablet's sync
            // The tablet hears of the list (its first pull), then of the milk the phone adds.
            var seen: [String] = [], added = false
            while !seen.contains("Milk") {
                if !added {
                    try await phone.client.lists.addItem(to: list.id, description: "Milk")
                    added = true
                }
                guard let change = await tabletChanges.next() else { break }
                seen += change.addedItems.map(\.description)
                if let modified = change.modifiedLists.first { #expect(modified.id == list.id) }
            }
            #expect(seen == ["Milk"])
            #expect(heard.withLockedValue { $0 }.contains(["Milk"]))
        }
    }

    // A pause that never ends fails here, not at the test step's timeout; the limit is generous, as the
    // whole suite's parallel tests slow each other down (a minute was too short under scripts/test).
    @Test(.timeLimit(.minutes(5)), arguments: Engine.available)
    func theLongPollPausesInTheBackgroundAndCatchesUpOnReturn(_ engine: Engine) async throws {
        try await withRunningServer(engine, { $0.passwordHashCost = 4 }) { app, url in
            let (phone, tablet, list) = try await phoneAndLongPollingTablet(app, url)
            var tabletChanges = await tablet.client.lists.changes().makeAsyncIterator()
            while try await tablet.client.lists.lists().isEmpty { _ = await tabletChanges.next() }

            await tablet.client.session.enterBackground()
            try await Task.sleep(for: .milliseconds(200))
            let pulls = tablet.network.pulls
            try await phone.client.lists.addItem(to: list.id, description: "Milk")
            try await phone.client.lists.sync()
            try await Task.sleep(for: .seconds(1))
            #expect(tablet.network.pulls == pulls, "no pull while the app is in the background")
            #expect(try await tablet.client.lists.items(in: list.id).isEmpty)
            #expect(try await tablet.client.lists.syncStatus().lastError == nil, "a poll cut short is no failure")

            await tablet.client.session.enterForeground()
            var seen: [String] = []
            while !seen.contains("Milk"), let change = await tabletChanges.next() { seen += change.addedItems.map(\.description) }
            #expect(seen == ["Milk"])
        }
    }
}
