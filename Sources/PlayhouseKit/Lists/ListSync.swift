import Foundation
import PlayhouseAPI

/// Keeps the signed-in player's lists in step with the server, and answers for the store the app
/// works on (``ListsAPI``).
///
/// Two loops run for the signed-in player's store, each retrying with jittered backoff (1 s,
/// doubling, at most a minute: the slow cycle while offline):
/// - **Push**: the queue, oldest first, up to 100 operations a batch, whenever the app makes a change
///   and at launch. Operations leave the queue only when the server answered them (applied, ignored
///   or refused): a timeout, a relaunch or a user switch keeps them.
/// - **Pull**: the change feed after the stored cursor, a long poll by default. Local changes are
///   sent before anything is pulled: no pull starts while the queue has operations, and a pull that
///   was in flight while a push was answered is read again rather than applied. The pull pauses
///   while the app is in the background (``AppState``), and pulls at once when it comes back.
///
/// Operations are sent with the token of the player whose store they are in (never with another's,
/// if the player changes meanwhile). Without a signed-in player, or with
/// ``ListsOptions/ignoresSignedInPlayer``, the app works on the userless store and nothing syncs.
actor ListSync {
    private let api: APIClient
    private let options: ListsOptions
    private let clock: any PlayhouseClock
    private var stores: [String: ListStore] = [:]
    /// The player whose lists sync; nil: the userless ones, which do not.
    private var owner: String?
    private var started = false
    /// The client let go of the lists: nothing syncs again.
    private var stopped = false
    private var inBackground = false
    private var watcher: Task<Void, Never>?
    private var pusher: Task<Void, Never>?
    private var puller: Task<Void, Never>?
    /// Counts answered pushes, so that a pull that overlapped one is read again.
    private var pushes = 0
    /// Numbers the loops started, and the pusher's that runs now: an old pusher that ends late
    /// (the player switched away and back meanwhile) leaves the new one's bookkeeping alone.
    private var loops = 0
    private var pushLoop = 0
    private var lastError: PlayhouseError?
    private var nextTry: Date?
    private var lastSynced: Date?
    private let watchers = Broadcast<ListsChange>()

    static let batchSize = 100
    static let longPollSeconds = 20

    init(api: APIClient, options: ListsOptions) {
        self.api = api
        self.options = options
        self.clock = api.configuration.clock
    }

    // MARK: The store the app works on

    /// The store of the signed-in player (the userless one without a player), syncing from the first call.
    func store() async throws -> ListStore {
        await follow()
        return try store(for: owner)
    }

    /// Starts syncing, and makes sure the store is the signed-in player's now: a call made just
    /// after a sign-in or sign-out does not wait for the watcher to hear of it.
    private func follow() async {
        await start()
        switchTo(await api.playerSession.currentPlayer()?.id)
    }

    /// The userless store.
    func userlessStore() throws -> ListStore { try store(for: nil) }

    /// Queues `operations` in the current store, provided the view after them passes `check`
    /// (nothing is queued when it throws), tells the app what changed, and pushes.
    func record(_ operations: [ListOperation], check: @Sendable (ListView) throws -> Void = { _ in }) async throws -> ListView {
        let store = try await store()
        let (before, after) = try store.enqueue(operations, at: api.configuration.now(), check: check)
        announce(after.changes(since: before))
        startPushing()
        return after
    }

    /// Queues `operations` in the store of `player`, whether or not they are the one signed in.
    func record(_ operations: [ListOperation], for player: String) throws {
        let store = try store(for: player)
        let (before, after) = try store.enqueue(operations, at: api.configuration.now())
        if player == owner {
            announce(after.changes(since: before))
            startPushing()
        }
    }

    /// Empties the userless store (its lists moved elsewhere).
    func clearUserless() throws {
        let store = try store(for: nil)
        let (before, after) = try store.clear()
        if owner == nil { announce(after.changes(since: before)) }
    }

    /// The current player's id; nil when the app works on the userless lists.
    func currentOwner() async -> String? {
        await follow()
        return owner
    }

    private func store(for owner: String?) throws -> ListStore {
        let key = owner ?? ""
        if let store = stores[key] { return store }
        let name = owner.map { "lists-" + $0.filter { $0.isLetter || $0.isNumber || $0 == "-" } } ?? "lists-userless"
        let store = try ListStore(url: directory.appendingPathComponent(name + ".sqlite"), owner: owner)
        stores[key] = store
        return store
    }

    private var directory: URL {
        options.directory ?? LocalStore.url(clientID: api.configuration.clientID, extension: "lists")
    }

    // MARK: Status and events

    func status() async throws -> ListSyncStatus {
        let store = try await store()
        return ListSyncStatus(pendingOperations: try store.queueLength(), lastError: lastError, nextTry: nextTry, lastSynced: lastSynced,
                              isSyncing: owner != nil)
    }

    func changes() -> AsyncStream<ListsChange> { watchers.stream() }

    private func announce(_ change: ListsChange) {
        guard !change.isEmpty else { return }
        watchers.yield(change)
        let lists: [String: Any] = [ListsAPI.addedKey: change.addedLists, ListsAPI.removedKey: change.removedLists,
                                    ListsAPI.modifiedKey: change.modifiedLists]
        let items: [String: Any] = [ListsAPI.addedKey: change.addedItems, ListsAPI.removedKey: change.removedItems,
                                    ListsAPI.modifiedKey: change.modifiedItems]
        if !(change.addedLists.isEmpty && change.removedLists.isEmpty && change.modifiedLists.isEmpty) {
            NotificationCenter.default.post(name: .playhouseListsDidChange, object: nil, userInfo: lists)
        }
        if !(change.addedItems.isEmpty && change.removedItems.isEmpty && change.modifiedItems.isEmpty) {
            NotificationCenter.default.post(name: .playhouseListItemsDidChange, object: nil, userInfo: items)
        }
    }

    // MARK: Following the signed-in player

    /// Starts following the signed-in player (once).
    func start() async {
        guard !started else { return }
        started = true
        inBackground = api.appState.follow { [weak self] background in await self?.setBackground(background) }
        let players = await api.playerSession.changes()
        switchTo(await api.playerSession.currentPlayer()?.id)
        startLoops()
        watcher = Task { [weak self] in
            for await player in players {
                guard let self else { return }
                await self.switchTo(player?.id)
            }
        }
    }

    /// The player changed: the previous player's loops stop (their queue stays in their store), the new one's start.
    private func switchTo(_ player: String?) {
        let next = options.ignoresSignedInPlayer ? nil : player
        guard next != owner else { return }
        pusher?.cancel()
        puller?.cancel()
        pusher = nil
        puller = nil
        let before = (try? store(for: owner).view()) ?? ListView()
        owner = next
        lastError = nil
        nextTry = nil
        lastSynced = nil
        // The app now shows another player's lists (or the userless ones): tell it what changed.
        if started, let after = try? store(for: next).view() { announce(after.changes(since: before)) }
        startLoops()
    }

    private func startLoops() {
        guard owner != nil else { return }
        startPushing()
        startPulling()
    }

    /// Stops syncing (the client is going away).
    func stop() {
        stopped = true
        watcher?.cancel()
        pusher?.cancel()
        puller?.cancel()
    }

    // MARK: Pushing

    private func startPushing() {
        guard let owner, pusher == nil, !stopped else { return }
        loops += 1
        let loop = loops
        pusher = Task { await self.push(owner, loop: loop) }
    }

    /// Pushes in the background until the queue is empty, retrying after failures; stops for
    /// good when the player is not signed in now or the server refuses their token.
    private func push(_ player: String, loop: Int) async {
        defer { if pushLoop == loop { pusher = nil } }
        pushLoop = loop
        var failures = 0
        while !Task.isCancelled {
            do {
                try await pushQueue(player)
                return
            } catch {
                let error = error as? PlayhouseError ?? PlayhouseError(transportError: error)
                if owner == player { lastError = error }
                if error.code == .notSignedIn || error.status == 401 || error.status == 403 { return }
                failures += 1
                guard await pause(failures) else { return }
            }
        }
    }

    /// Sends the queue once, batch after batch, until it is empty; throws what stopped it.
    private func pushQueue(_ player: String) async throws {
        var batchSize = Self.batchSize
        while true {
            try Task.checkCancellation()
            let store = try store(for: player)
            let batch = try store.queued(limit: batchSize)
            if batch.isEmpty { return }
            let answer: ListOperationsResponse
            switch await send(batch, for: player) {
            case .success(let sent):
                answer = sent
            case .failure(let error) where Self.refusesForGood(error):
                // The server refused the batch whole (an invalid operation, a body too large).
                // Alone, an operation it refuses is answered, and leaves the queue with its error
                // kept; the others go one by one until past it.
                if batch.count == 1 {
                    try answered([(batch[0].seq, true)], in: store, for: player)
                    if owner == player { lastError = error }
                } else {
                    batchSize = 1
                }
                continue
            case .failure(let error):
                throw error
            }
            try Task.checkCancellation()
            guard answer.results.map(\.mutationID) == batch.map(\.operation.mutationID) else {
                throw PlayhouseError(code: .badResponse, message: "The server answered other operations than were sent.")
            }
            try answered(zip(batch, answer.results).map { ($0.seq, $1.status == .refused) }, in: store, for: player)
        }
    }

    /// Whether the server's answer to a batch says it will never take it as it is: a 4xx other
    /// than the token's (401, 403), a timeout (408) or too many requests (429).
    static func refusesForGood(_ error: PlayhouseError) -> Bool {
        guard let status = error.status else { return false }
        return (400..<500).contains(status) && ![401, 403, 408, 429].contains(status)
    }

    private func send(_ batch: [ListStore.Queued], for player: String) async -> Result<ListOperationsResponse, PlayhouseError> {
        await request(for: player, "POST", APIPath.listOperations, body: ListOperationsRequest(operations: batch.map(\.operation)),
                      retryable: true, as: ListOperationsResponse.self)
    }

    /// A call for `player` (``APIClient/on(behalfOf:_:_:body:query:retryable:as:)``), its failure as a value.
    private func request<Answer: Decodable>(for player: String, _ method: String, _ path: String, body: (some Encodable & Sendable)? = Optional<Int>.none,
                                            query: [URLQueryItem] = [], retryable: Bool? = nil,
                                            as type: Answer.Type) async -> Result<Answer, PlayhouseError> {
        do throws(PlayhouseError) {
            return .success(try await api.on(behalfOf: player, method, path, body: body, query: query, retryable: retryable))
        } catch {
            return .failure(error)
        }
    }

    private func answered(_ answers: [(seq: Int64, refused: Bool)], in store: ListStore, for player: String) throws {
        let (before, after) = try store.answered(answers)
        pushes += 1
        guard owner == player else { return }
        lastError = nil
        nextTry = nil
        announce(after.changes(since: before))
    }

    // MARK: Pulling

    private func startPulling() {
        guard let owner, puller == nil, options.polling != .manual, !inBackground, !stopped else { return }
        puller = Task { await self.pull(owner) }
    }

    /// The app went to the background (the pull stops; a push goes on) or came back (a pull at once).
    private func setBackground(_ background: Bool) {
        guard background != inBackground else { return }
        inBackground = background
        if background {
            puller?.cancel()
            puller = nil
        } else {
            startPulling()
        }
    }

    private func pull(_ player: String) async {
        var failures = 0
        while !Task.isCancelled {
            do {
                let store = try store(for: player)
                if try store.queueLength() > 0 {
                    // Local changes go first: wait for the push (or its next try).
                    if pusher == nil { startPushing() }
                    await pusher?.value
                    if try store.queueLength() > 0 {
                        failures += 1
                        guard await pause(failures) else { return }
                        continue
                    }
                }
                try await pullAll(player, store, wait: options.polling == .longPoll ? Self.longPollSeconds : 0)
                failures = 0
                switch options.polling {
                case .longPoll: continue
                case .every(let seconds): try await clock.sleep(for: .milliseconds(Int(min(max(seconds, 1), 86_400) * 1000)))
                case .manual: return
                }
            } catch is CancellationError {
                return
            } catch {
                // A poll cut short by its cancellation (the app went to the background) is no failure.
                if Task.isCancelled { return }
                let error = error as? PlayhouseError ?? PlayhouseError(transportError: error)
                if owner == player { lastError = error }
                failures += 1
                guard await pause(failures) else { return }
            }
        }
    }

    /// Pulls every page after the stored cursor (or, with none, everything the player sees now),
    /// waiting up to `wait` seconds for a change when there is none.
    private func pullAll(_ player: String, _ store: ListStore, wait: Int) async throws {
        var first = true
        // A resync (no cursor: the first sync, or after a 410) gathers every page, and replaces
        // what the store had in one transaction at the end: the lists never show half of it, and
        // the store's cursor moves only with the data.
        var resync: (changes: [ListChange], cursor: String?, pushes: Int)?
        while true {
            try Task.checkCancellation()
            let pushesBefore = pushes
            let stored = try store.cursor()
            if stored == nil && resync == nil { resync = ([], nil, pushesBefore) }
            let cursor = resync.map(\.cursor) ?? stored
            var query = [URLQueryItem(name: "limit", value: "500")]
            if let cursor { query.append(URLQueryItem(name: "since", value: cursor)) }
            if first, resync == nil, cursor != nil, wait > 0 { query.append(URLQueryItem(name: "wait", value: String(wait))) }
            first = false
            let page: ListChanges
            switch await request(for: player, "GET", APIPath.listChanges, query: query, as: ListChanges.self) {
            case .success(let read):
                page = read
            case .failure(let error) where error.status == 410:
                // The server no longer goes back that far: start again from what it has now.
                try store.forgetCursor()
                resync = nil
                continue
            case .failure(let error):
                throw error
            }
            try Task.checkCancellation()
            if let gathering = resync {
                // A push answered meanwhile may be missing from the pages read: start again.
                guard pushes == gathering.pushes else {
                    resync = nil
                    continue
                }
                resync = (gathering.changes + page.data, page.nextCursor, gathering.pushes)
                if page.hasMore { continue }
            }
            // A push answered meanwhile may be missing from this page: read again.
            guard pushes == pushesBefore, try store.queueLength() == 0 else {
                if try store.queueLength() > 0 { return }
                continue
            }
            let (before, after) = try store.apply(resync?.changes ?? page.data, cursor: page.nextCursor, restart: resync != nil,
                                                  complete: !page.hasMore)
            resync = nil
            if owner == player {
                lastSynced = api.configuration.now()
                lastError = nil
                nextTry = nil
                announce(after.changes(since: before))
            }
            if !page.hasMore { return }
        }
    }

    /// Sync now: push everything, then pull every change, once. Throws what stopped it.
    func syncNow() async throws(PlayhouseError) {
        await follow()
        guard let player = owner else { return }
        do {
            try await pushQueue(player)
            try await pullAll(player, try store(for: player), wait: 0)
        } catch {
            let error = error as? PlayhouseError ?? PlayhouseError(transportError: error)
            if owner == player { lastError = error }
            throw error
        }
    }

    /// Waits before the next try after `failures` failures: 1 s doubling to a minute, with jitter.
    /// False when the wait was cancelled.
    private func pause(_ failures: Int) async -> Bool {
        let base = min(60, pow(2, Double(min(failures, 7) - 1)))
        let wait = base * Double.random(in: 0.5...1)
        nextTry = api.configuration.now().addingTimeInterval(wait)
        do { try await clock.sleep(for: .milliseconds(Int(wait * 1000))) } catch { return false }
        return !Task.isCancelled
    }
}
