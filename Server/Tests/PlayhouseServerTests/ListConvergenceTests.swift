import Foundation
import NIOConcurrencyHelpers
import PlayhouseAPI
import PlayhouseKit
@testable import PlayhouseServer
import Testing
import Vapor

/// Convergence under faults, property-based: several real SDK clients make random operations of
/// every kind against a real server over HTTP, while their networks go down and up at random, the
/// server's answers to their batches are lost after it applied them, devices are relaunched, and
/// midway a server's process is killed (SIGKILL) while a device sends a batch, and started again.
/// The servers are the `playhouse` binary in processes of their own; on PostgreSQL the devices talk
/// to two of them. At the end every device shows what the server has, and the server recorded
/// every operation made exactly once.
///
/// Each run has a fixed seed, printed with any failure; `PLAYHOUSE_LISTS_SEED=<seed>` runs that one.
@Suite struct ListConvergenceTests {
    static var seeds: [UInt64] {
        if let seed = ProcessInfo.processInfo.environment["PLAYHOUSE_LISTS_SEED"].flatMap(UInt64.init) { return [seed] }
        return [11, 2026]
    }

    /// A device's network: down at times, and at times losing the server's answer to a batch it delivered.
    final class Network: Transport, Sendable {
        private let inner = URLSessionTransport(timeout: 40)
        private let state = NIOLockedValueBox((down: false, loseAnswers: 0.0, seed: UInt64(0), lost: 0))
        /// How many answers were lost after the server applied the batch.
        var lost: Int { state.withLockedValue { $0.lost } }
        var isDown: Bool {
            get { state.withLockedValue { $0.down } }
            set { state.withLockedValue { $0.down = newValue } }
        }

        init(seed: UInt64, loseAnswers: Double) { state.withLockedValue { $0 = (false, loseAnswers, seed, 0) } }

        func send(_ request: HTTPRequest) async throws -> HTTPResponse {
            if isDown { throw PlayhouseError(code: .offline, message: "down") }
            let response = try await inner.send(request)
            let lose = state.withLockedValue { state -> Bool in
                var random = SeededGenerator(seed: state.seed)
                state.seed = random.next()
                let lose = request.url.path == APIPath.listOperations && Double(state.seed % 1000) / 1000 < state.loseAnswers
                if lose { state.lost += 1 }
                return lose
            }
            if lose { throw PlayhouseError(code: .offline, message: "the answer was lost") }
            return response
        }
    }

    struct Device {
        var client: PlayhouseClient
        let network: Network
        let tokens: FileTokenStore
        let folder: URL
        let installation: String
        let url: URL
    }

    static func device(_ url: URL, _ credentials: AppCredentials, seed: UInt64, tokens: FileTokenStore? = nil, folder: URL? = nil,
                       installation: String? = nil, network: Network? = nil) -> Device {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("playhouse-converge-\(UUID().uuidString)")
        let tokens = tokens ?? FileTokenStore(url: base.appendingPathComponent("tokens.json"))
        let folder = folder ?? base.appendingPathComponent("lists")
        let installation = installation ?? "install-\(UUID().uuidString)"
        let network = network ?? Network(seed: seed, loseAnswers: 0.2)
        let client = PlayhouseClient(configuration: .init(baseURL: url, clientID: credentials.app.clientID, clientSecret: credentials.clientSecret,
                                                          transport: network, retryPolicy: RetryPolicy(maxAttempts: 1),
                                                          redirectURI: URL(string: "mygame://authorize")!, tokenStore: tokens,
                                                          installationID: installation, appLifecycle: nil,
                                                          lists: ListsOptions(directory: folder, polling: .manual)))
        return Device(client: client, network: network, tokens: tokens, folder: folder, installation: installation, url: url)
    }

    /// The same device after the app was killed and launched again.
    static func relaunched(_ device: Device, _ credentials: AppCredentials) -> Device {
        Self.device(device.url, credentials, seed: 0, tokens: device.tokens, folder: device.folder, installation: device.installation,
                    network: device.network)
    }

    @Test(arguments: Engine.available, seeds)
    func everyDeviceEndsWithTheServersListsAndEveryOperationOnce(_ engine: Engine, seed: UInt64) async throws {
        let configuration = { var configuration = engine.isolatedConfiguration(); configuration.passwordHashCost = 4; return configuration }()
        // The application here makes the app and reads what the servers stored; the devices talk to the servers.
        try await withPlayhouse(configuration, drop: true) { app in
            var servers: [ServerProcess] = []
            for _ in 0..<(engine == .postgres ? 2 : 1) { servers.append(try await ServerProcess(configuration)) }
            defer { for server in servers { server.stop() } }
            try await run(seed: seed, app: app, servers: servers)
        }
    }

    private func run(seed: UInt64, app: Application, servers: [ServerProcess]) async throws {
        var random = SeededGenerator(seed: seed)
        let urls = servers.map(\.url)
        let credentials = try await app.createApp()
        var devices = [Self.device(urls[0], credentials, seed: random.next()), Self.device(urls[urls.count - 1], credentials, seed: random.next()),
                       Self.device(urls[0], credentials, seed: random.next())]
        let owners = ["ann@example.com", "ann@example.com", "bob@example.com"]
        for (index, device) in devices.enumerated() {
            _ = try await device.client.auth.signIn(scopes: ["profile", "lists"],
                                                   presenter: FormPostingPresenter(email: owners[index], register: index != 1))
        }
        // Ann shares a list with Bob, who accepts: three devices on one list, two players.
        let shared = try await devices[0].client.lists.createList(name: "Shared")
        try await devices[0].client.lists.shareList(shared.id, withEmail: "bob@example.com", access: .write)
        try await syncUntilSent(devices[0])
        try await devices[2].client.lists.sync()
        try await devices[2].client.lists.answerInvitation(shared.id, accept: true)
        try await syncUntilSent(devices[2])

        var made = 2 + 1  // the list, the share, the answer
        for step in 0..<120 {
            let index = Int(random.next() % 3)
            let device = devices[index]
            switch random.next() % 100 {
            case 0..<8:
                device.network.isDown.toggle()
            case 8..<20:
                try? await device.client.lists.sync()
            case 20..<22:
                devices[index] = Self.relaunched(device, credentials)
            default:
                if try await randomOperation(device.client.lists, &random) { made += 1 }
            }
            if step == 60 { made += try await killWhileSending(devices[0], servers[0], &random) }
        }

        // Everyone back online: each device sends what it has and reads what the server has.
        for device in devices { device.network.isDown = false }
        for _ in 0..<2 { for device in devices { try await syncUntilSent(device) } }
        let context = "seed \(seed) (PLAYHOUSE_LISTS_SEED=\(seed) runs it again)"
        for (index, device) in devices.enumerated() {
            let server = try await serverView(app, credentials, email: owners[index])
            let shown = try await Self.shown(device.client.lists)
            #expect(shown == server, "device \(index): \(context)")
        }
        #expect(try await app.count("idempotency_keys", where: "owner LIKE 'lists:%'") == made, "every operation made reached the server once: \(context)")
        // The run did meet what it is about.
        #expect(made > 40 && devices.map(\.network.lost).reduce(0, +) > 0, "\(made) operations, answers lost: \(context)")
    }

    /// Sends until the device's queue is empty (answers lost on the way are sent again).
    private func syncUntilSent(_ device: Device) async throws {
        for _ in 0..<50 {
            if (try? await device.client.lists.sync()) != nil, try await device.client.lists.syncStatus().pendingOperations == 0 { return }
        }
        Issue.record("the queue never emptied")
    }

    /// One operation of a random kind on what the device shows; false when there was nothing to do it on.
    private func randomOperation(_ lists: ListsAPI, _ random: inout SeededGenerator) async throws -> Bool {
        let all = try await lists.lists()
        guard let list = all.isEmpty ? nil : all[Int(random.next() % UInt64(all.count))] else {
            _ = try await lists.createList(name: "List \(random.next() % 100)")
            return true
        }
        let items = try await lists.items(in: list.id)
        let item = items.isEmpty ? nil : items[Int(random.next() % UInt64(items.count))]
        switch random.next() % 100 {
        case 0..<6: _ = try await lists.createList(name: "List \(random.next() % 100)")
        case 6..<12: try await lists.renameList(list.id, to: "Renamed \(random.next() % 100)")
        case 12..<15 where list.access == .owner && list.name != "Shared": try await lists.removeList(list.id)
        case 15..<45: _ = try await lists.addItem(to: list.id, description: "Item \(random.next() % 1000)", count: Int(random.next() % 9) + 1)
        case 45..<55:
            guard let item else { return false }
            try await lists.updateItem(item.id, description: random.next() % 2 == 0 ? "Edited \(random.next() % 100)" : nil,
                                       count: Int(random.next() % 9) + 1)
        case 55..<70:
            guard let item else { return false }
            try await lists.setTicked(item.id, !item.ticked)
        case 70..<88:
            guard let item else { return false }
            let after = random.next() % 3 == 0 || items.count < 2 ? nil : items[Int(random.next() % UInt64(items.count))].id
            try await lists.moveItem(item.id, after: after == item.id ? nil : after)
        case 88..<100:
            guard let item else { return false }
            try await lists.removeItem(item.id)
        default:
            return false
        }
        return true
    }

    /// What a device shows: each list's name and its items, in order.
    static func shown(_ lists: ListsAPI) async throws -> [String] {
        var shown: [String] = []
        for list in try await lists.lists().sorted(by: { $0.id < $1.id }) {
            let items = try await lists.items(in: list.id).map { "\($0.description) x\($0.count)\($0.ticked ? " ✓" : "")" }
            shown.append(([list.name] + items).joined(separator: "|"))
        }
        return shown
    }

    /// What the server has for the player with `email`, in the same form.
    private func serverView(_ app: Application, _ credentials: AppCredentials, email: String) async throws -> [String] {
        let player = try #require(try await app.listFeed.player(app: credentials.app.id, email))
        return try await app.listFeed.lists(app: credentials.app.id, player: player).sorted { $0.list.id < $1.list.id }.map { snapshot in
            ([snapshot.list.name] + snapshot.items.map { "\($0.description) x\($0.count)\($0.ticked ? " ✓" : "")" }).joined(separator: "|")
        }
    }

    /// The first server's process is killed while `device` (one of its) sends a batch of a few new
    /// operations, or just before or after, and started again on the same port; answers how many
    /// operations were made.
    private func killWhileSending(_ device: Device, _ server: ServerProcess, _ random: inout SeededGenerator) async throws -> Int {
        device.network.isDown = false
        var made = 0
        for _ in 0..<3 {
            if try await randomOperation(device.client.lists, &random) { made += 1 }
        }
        let lists = device.client.lists
        let sending = Task { try? await lists.sync() }
        try await Task.sleep(for: .milliseconds(Int(random.next() % 40)))
        server.kill()
        await sending.value
        try await server.start()
        return made
    }
}
