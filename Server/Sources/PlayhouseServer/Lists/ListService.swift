import Foundation
import PlayhouseAPI
import SQLKit

/// Applies batches of list operations, each mutation id at most once, in the server's order.
///
/// A batch is one transaction. It first takes the next positions of the app's change feed
/// (`list_feeds`, one row per app; on PostgreSQL its lock is held to the commit, so one app's list
/// transactions commit one at a time and in the order of their positions, and a reader of the
/// feed never sees a later position before an earlier one), and reads which of its mutation ids
/// were applied before. Then each operation in turn: a mutation id applied before gets its first
/// answer again; a new one is decided by ``ListRules`` from what is stored now and applied (items
/// added one after another are decided in turn and inserted in one statement). The new ones'
/// answers are recorded with their mutation ids in the same transaction (in one statement), so
/// that a batch resent after a lost answer changes nothing and gets the same answers. Last, the
/// players who see the changed lists are woken (``ListChangeSignal``): on PostgreSQL by `NOTIFY`,
/// which every instance listens to, sent at the commit.
struct ListService: Sendable {
    let store: Store
    let now: Date
    let players: PlayerService
    let signal: ListChangeSignal
    var limits = ListLimits()

    /// What became of an operation, as stored with its mutation id.
    struct Outcome: Sendable, Equatable, Codable {
        var status: ListOperationStatus
        var reason: String?
        var refusal: PlayhouseProblem?
    }

    /// Applies `batch` for `player` of `app`: every operation's outcome, in order. A batch with any
    /// invalid operation is refused whole (422 `validation_failed`, every problem named, as any
    /// request body whose fields do not hold), and changes nothing.
    func apply(_ batch: ListOperationsRequest, app: UUID, player: UUID) async throws -> [Outcome] {
        let problems = limits.check(batch)
        guard problems.isEmpty else {
            throw PlayhouseProblem(.unprocessableEntity, .validationFailed, message: "invalid_operations", fields: problems)
        }
        let now = self.now, limits = self.limits, players = self.players, signal = self.signal
        let (outcomes, woken) = try await store.transaction { sql in
            let store = Store(sql)
            let first = try await Self.takePositions(batch.operations.count, app: app, sql)
            let earlier = try await Self.earlierAnswers(batch.operations, app: app, caller: player, sql)
            let operations = batch.operations
            var outcomes: [Outcome] = []
            var touched: [UUID] = []
            var answers: [Answer] = []
            var start = 0
            while start < operations.count {
                // Items to add one after another are decided in turn and added in one statement;
                // any other operation goes by itself.
                var end = start + 1
                if operations[start].op == .addItem { while end < operations.count, operations[end].op == .addItem { end += 1 } }
                var fresh: [(operation: ListOperation, seq: Int64)] = []
                var freshAnswers: [Answer] = []
                var freshAt: [Int] = []
                for index in start..<end {
                    let answer = Answer(operations[index])
                    if let earlier = earlier[answer.mutation] {
                        // Sent before: its first answer, if it is the same operation.
                        outcomes.append(earlier.fingerprint == answer.fingerprint ? earlier.outcome : Answer.reused)
                    } else {
                        outcomes.append(Outcome(status: .applied))  // decided below
                        fresh.append((operations[index], first + Int64(index)))
                        freshAnswers.append(answer)
                        freshAt.append(index)
                    }
                }
                start = end
                guard !fresh.isEmpty else { continue }
                let step = Step(sql: sql, dialect: store.dialect, app: app, caller: player, now: now, seq: fresh[0].seq,
                                players: PlayerService(store: store, hasher: players.hasher, now: now), limits: limits)
                let decided: [Outcome], changed: [UUID]
                if fresh[0].operation.op == .addItem {
                    (decided, changed) = try await step.addItems(fresh)
                } else {
                    let (outcome, list) = try await step.run(fresh[0].operation)
                    (decided, changed) = ([outcome], list.map { [$0] } ?? [])
                }
                for (offset, outcome) in decided.enumerated() {
                    outcomes[freshAt[offset]] = outcome
                    var answer = freshAnswers[offset]
                    answer.outcome = outcome
                    answers.append(answer)
                }
                for list in changed where !touched.contains(list) { touched.append(list) }
            }
            try await IdempotentRequest.store(try answers.map { try $0.stored(by: player) }, app: app, at: now, sql)
            let woken = try await Self.playersWhoSee(touched, caller: player, sql)
            if let channel = signal.channel {
                for payload in ListChangeSignal.payloads(woken) {
                    try await PostgresNotifications.announce(payload, on: channel, sql)
                }
            }
            return (outcomes, woken)
        }
        // This instance's polls at once; on PostgreSQL every instance's (this one's again) by NOTIFY.
        signal.wake(woken)
        return outcomes
    }

    /// Erases the player's lists (a deleted account, ``DeleteAccount``), in the caller's
    /// transaction: each list they own becomes a tombstone in the feeds of those it was shared
    /// with, and its name and its items' texts are emptied (the tombstones already there too); each
    /// share they have of another player's list is left. The answers their mutation ids keep are
    /// forgotten with the rest of their stored answers. Answers the players whose feeds changed,
    /// to ``wake(_:)`` once the transaction has committed (on PostgreSQL every instance is told at
    /// the commit).
    func forget(player: UUID, app: UUID, on sql: any SQLDatabase) async throws -> Set<UUID> {
        // The app's feed locked first (PostgreSQL), as a batch does: a batch of the player's that
        // made a list meanwhile has committed, and its list is among those read next.
        _ = try await Self.takePositions(0, app: app, sql)
        let owned = try await sql.raw("SELECT id FROM shopping_lists WHERE owner_id = \(bind: player) AND deleted_at IS NULL").all()
            .map { try $0.decode(column: "id", as: UUID.self) }
        let shared = try await sql.raw("""
            SELECT list_id FROM list_shares WHERE player_id = \(bind: player) AND status IN ('pending', 'accepted')
            """).all().map { try $0.decode(column: "list_id", as: UUID.self) }
        let woken = try await Self.playersWhoSee(owned + shared, caller: player, sql)
        if !owned.isEmpty || !shared.isEmpty {
            var seq = try await Self.takePositions(owned.count + shared.count, app: app, sql)
            for list in owned {
                try await sql.raw("""
                    UPDATE shopping_lists SET deleted_at = \(bind: now), modified_at = \(bind: now), change_seq = \(bind: seq) WHERE id = \(bind: list)
                    """).run()
                seq += 1
            }
            for list in shared {
                try await sql.raw("""
                    UPDATE list_shares SET status = \(bind: ListShareStatus.left.rawValue), modified_at = \(bind: now), change_seq = \(bind: seq)
                    WHERE list_id = \(bind: list) AND player_id = \(bind: player)
                    """).run()
                seq += 1
            }
        }
        try await sql.raw("""
            UPDATE list_items SET description = '', unit = NULL, deleted_at = COALESCE(deleted_at, \(bind: now))
            WHERE list_id IN (SELECT id FROM shopping_lists WHERE owner_id = \(bind: player))
            """).run()
        try await sql.raw("UPDATE shopping_lists SET name = '' WHERE owner_id = \(bind: player)").run()
        if let channel = signal.channel {
            for payload in ListChangeSignal.payloads(woken) { try await PostgresNotifications.announce(payload, on: channel, sql) }
        }
        return woken
    }

    /// Wakes the long polls of `players` on this instance (after ``forget(player:app:on:)``'s commit).
    func wake(_ players: Set<UUID>) {
        signal.wake(players)
    }

    /// Takes `count` positions of `app`'s feed; answers the first.
    private static func takePositions(_ count: Int, app: UUID, _ sql: any SQLDatabase) async throws -> Int64 {
        let last = try await sql.raw("""
            INSERT INTO list_feeds (app_id, last_seq, purged_seq) VALUES (\(bind: app), \(bind: Int64(count)), 0)
            ON CONFLICT (app_id) DO UPDATE SET last_seq = list_feeds.last_seq + excluded.last_seq
            RETURNING last_seq
            """).first()?.decode(column: "last_seq", as: Int64.self) ?? Int64(count)
        return last - Int64(count) + 1
    }

    /// A new operation's mutation id, what makes it the same operation, and its answer.
    private struct Answer {
        let mutation: UUID
        let fingerprint: String
        var outcome = Outcome(status: .applied)

        /// The answer to a mutation id sent before with another operation.
        static let reused = Outcome(status: .refused, refusal: PlayhouseProblem(.conflict, .mutationIDReused))

        init(_ operation: ListOperation) {
            mutation = UUID(uuidString: operation.mutationID)!
            fingerprint = IdempotentRequest.fingerprint(of: operation)
        }

        /// The mutation id's key among the player's stored answers.
        static func key(_ mutation: UUID) -> String { mutation.uuidString.lowercased() }

        /// The answer as stored for `caller`: the outcome's JSON, with the status the operation
        /// would have had as a request of its own.
        func stored(by caller: UUID) throws -> IdempotentRequest.StoredAnswer {
            IdempotentRequest.StoredAnswer(id: UUID.random(), owner: IdempotentRequest.owner(listsOf: caller), key: Self.key(mutation),
                                           fingerprint: fingerprint, status: Int(outcome.refusal?.status.code ?? 200),
                                           body: String(decoding: try JSONEncoder().encode(outcome), as: UTF8.self))
        }
    }

    /// The answers stored for those of `operations`' mutation ids that `caller` sent before, with
    /// the fingerprints of the operations they answered.
    private static func earlierAnswers(_ operations: [ListOperation], app: UUID, caller: UUID,
                                       _ sql: any SQLDatabase) async throws -> [UUID: (fingerprint: String, outcome: Outcome)] {
        let mutations = operations.map { UUID(uuidString: $0.mutationID)! }
        let stored = try await IdempotentRequest.storedAnswers(app: app, owner: IdempotentRequest.owner(listsOf: caller),
                                                               keys: mutations.map(Answer.key), sql)
        var answers: [UUID: (fingerprint: String, outcome: Outcome)] = [:]
        for mutation in mutations {
            guard let answer = stored[Answer.key(mutation)] else { continue }
            answers[mutation] = (answer.fingerprint, try JSONDecoder().decode(Outcome.self, from: Data(answer.body.utf8)))
        }
        return answers
    }

    /// The players who see `lists` (their owners, and everyone with a share of them, whatever its
    /// status, so that an invitee hears of the invitation), and the caller (their other devices).
    private static func playersWhoSee(_ lists: [UUID], caller: UUID, _ sql: any SQLDatabase) async throws -> Set<UUID> {
        var players: Set<UUID> = [caller]
        for list in lists {
            let rows = try await sql.raw("""
                SELECT owner_id AS player_id FROM shopping_lists WHERE id = \(bind: list)
                UNION SELECT player_id FROM list_shares WHERE list_id = \(bind: list)
                """).all()
            for row in rows { players.insert(try row.decode(column: "player_id", as: UUID.self)) }
        }
        return players
    }

    /// One operation of a batch, in its transaction, at its position in the feed.
    private struct Step {
        let sql: any SQLDatabase
        let dialect: String
        let app: UUID
        let caller: UUID
        let now: Date
        let seq: Int64
        let players: PlayerService
        let limits: ListLimits

        /// The operation's outcome, and the list it changed (nil when it changed nothing); an
        /// operation that adds no item (those go through ``addItems(_:)``).
        func run(_ operation: ListOperation) async throws -> (Outcome, UUID?) {
            let facts = try await facts(for: operation)
            switch ListRules.decide(operation, caller: caller, facts: facts, limits: limits) {
            case .apply:
                guard try await write(operation, facts) else { return (Outcome(status: .refused, refusal: .listIDTaken), nil) }
                return (Outcome(status: .applied), facts.list?.id ?? operation.listID.flatMap(UUID.init(uuidString:)))
            case .ignore(let reason):
                return (Outcome(status: .ignored, reason: reason), nil)
            case .refuse(let refusal):
                return (Outcome(status: .refused, refusal: refusal), nil)
            }
        }

        /// Items to add, one after another, each at its own feed position: each is decided by the
        /// rules knowing its list (read once for them all, with its count of items), and the item
        /// of its id (all read at once, and those added before it); those to add are added in one
        /// statement, each after the last position its list ever gave. Answers their outcomes, and
        /// the lists they changed.
        func addItems(_ operations: [(operation: ListOperation, seq: Int64)]) async throws -> (outcomes: [Outcome], lists: [UUID]) {
            let ids = operations.map { UUID(uuidString: $0.operation.itemID!)! }
            var items: [UUID: ItemRecord] = [:]
            for row in try await sql.raw("SELECT \(ListRows.itemColumns) FROM list_items i WHERE i.id IN (\(binds: ids))").all() {
                let item = try ListRows.itemRecord(row)
                items[item.id] = item
            }
            var lists: [UUID: ListFacts] = [:]
            var last: [UUID: String?] = [:]
            var outcomes: [Outcome] = []
            var rows: [SQLQueryString] = []
            var added: [(index: Int, item: UUID, list: UUID)] = []
            for (index, (operation, seq)) in operations.enumerated() {
                let listID = UUID(uuidString: operation.listID!)!, itemID = ids[index]
                if lists[listID] == nil {
                    var facts = ListFacts()
                    try await readList(listID, into: &facts)
                    facts.items = try await count("SELECT COUNT(*) AS n FROM list_items WHERE list_id = \(bind: listID) AND deleted_at IS NULL")
                    lists[listID] = facts
                }
                var facts = lists[listID]!
                facts.item = items[itemID]
                switch ListRules.decide(operation, caller: caller, facts: facts, limits: limits) {
                case .apply:
                    if last[listID] == nil { last[listID] = .some(try await maxPosition("list_items WHERE list_id = \(bind: listID)")) }
                    let position = ListOrder.between(last[listID]!, nil)
                    last[listID] = position
                    lists[listID]!.items += 1
                    let unit = operation.unit.flatMap { $0.isEmpty ? nil : $0 }
                    items[itemID] = ItemRecord(id: itemID, listID: listID, description: operation.description!, count: operation.count!,
                                               unit: unit, ticked: operation.ticked ?? false, position: position, deleted: false)
                    rows.append("""
                        (\(bind: itemID), \(bind: app), \(bind: listID), \(bind: operation.description!), \(bind: operation.count!),
                         \(bind: unit), \(bind: operation.ticked ?? false), \(bind: operation.offerERN), \(bind: caller), \(bind: position),
                         \(bind: now), \(bind: seq))
                        """)
                    added.append((index, itemID, listID))
                    outcomes.append(Outcome(status: .applied))
                case .ignore(let reason):
                    outcomes.append(Outcome(status: .ignored, reason: reason))
                case .refuse(let refusal):
                    outcomes.append(Outcome(status: .refused, refusal: refusal))
                }
            }
            guard !rows.isEmpty else { return (outcomes, []) }
            let inserted = Set(try await sql.raw("""
                INSERT INTO list_items (id, app_id, list_id, description, count, unit, ticked, offer_ern, creator_id, position,
                                        modified_at, change_seq)
                VALUES \(rows.joined(separator: ", "))
                ON CONFLICT (id) DO NOTHING RETURNING id
                """).all().map { try $0.decode(column: "id", as: UUID.self) })
            var changed: [UUID] = []
            for add in added {
                if inserted.contains(add.item) {
                    if !changed.contains(add.list) { changed.append(add.list) }
                } else {
                    // Another app's item took the id at the same moment (each app's writes are serialised, not two apps').
                    outcomes[add.index] = Outcome(status: .refused, refusal: .listIDTaken)
                }
            }
            return (outcomes, changed)
        }

        // MARK: Facts

        /// What the rules need to know to decide the operation (one that adds no item: ``addItems(_:)``).
        private func facts(for operation: ListOperation) async throws -> ListFacts {
            var facts = ListFacts()
            if operation.op.actsOnItem, let itemID = operation.itemID.flatMap(UUID.init(uuidString:)) { facts.item = try await item(itemID) }
            // An item operation's list is its item's; the others name their list.
            let listID = operation.op.namesList ? operation.listID.flatMap(UUID.init(uuidString:)) : facts.item?.listID
            if let listID { try await readList(listID, into: &facts) }
            switch operation.op {
            case .createList:
                facts.ownedLists = try await count("SELECT COUNT(*) AS n FROM shopping_lists WHERE owner_id = \(bind: caller) AND deleted_at IS NULL")
            case .moveItem:
                if let after = operation.after.flatMap(UUID.init(uuidString:)) { facts.anchor = try await item(after) }
            case .shareList:
                facts.invitee = try await invitee(operation)
                if let listID, let invitee = facts.invitee {
                    facts.share = try await share(listID, invitee)
                    facts.shares = try await count("""
                        SELECT COUNT(*) AS n FROM list_shares WHERE list_id = \(bind: listID) AND status IN ('pending', 'accepted')
                        """)
                }
            case .removeShare:
                if let listID, let player = operation.playerID.flatMap(UUID.init(uuidString:)) { facts.share = try await share(listID, player) }
            case .answerShare, .leaveList:
                if let listID { facts.share = try await share(listID, caller) }
            default:
                break
            }
            return facts
        }

        /// The list (of any app: an id of another app's list is taken), and the caller's access to it.
        private func readList(_ id: UUID, into facts: inout ListFacts) async throws {
            guard let row = try await sql.raw("""
                SELECT \(ListRows.listColumns), s.access AS share_access, s.status AS share_status
                FROM shopping_lists l LEFT JOIN list_shares s ON s.list_id = l.id AND s.player_id = \(bind: caller)
                WHERE l.id = \(bind: id)
                """).first() else { return }
            let list = try ListRows.listRecord(row)
            facts.list = list
            guard list.appID == app else { return }
            if list.ownerID == caller {
                facts.access = .owner
            } else if try row.decode(column: "share_status", as: String?.self) == ListShareStatus.accepted.rawValue {
                facts.access = ListAccess(rawValue: try row.decode(column: "share_access", as: String.self))
            }
        }

        private func item(_ id: UUID) async throws -> ItemRecord? {
            try await sql.raw("SELECT \(ListRows.itemColumns) FROM list_items i WHERE i.id = \(bind: id)").first().map(ListRows.itemRecord)
        }

        private func share(_ list: UUID, _ player: UUID) async throws -> ShareRecord? {
            guard let row = try await sql.raw("""
                SELECT access, status FROM list_shares WHERE list_id = \(bind: list) AND player_id = \(bind: player)
                """).first() else { return nil }
            return ShareRecord(playerID: player, access: ListAccess(rawValue: try row.decode(column: "access", as: String.self)) ?? .read,
                               status: ListShareStatus(rawValue: try row.decode(column: "status", as: String.self)) ?? .removed)
        }

        private func invitee(_ operation: ListOperation) async throws -> UUID? {
            guard let reference = operation.playerID ?? operation.email else { return nil }
            return try await players.find(appID: app, idOrEmail: reference)?.id
        }

        private func count(_ query: SQLQueryString) async throws -> Int {
            try await sql.raw(query).first()?.decode(column: "n", as: Int.self) ?? 0
        }

        // MARK: Writes

        /// Writes what the operation does; false when a new list or item met its id taken by
        /// another app's at the same moment (each app's writes are serialised, not two apps').
        private func write(_ operation: ListOperation, _ facts: ListFacts) async throws -> Bool {
            let listID = facts.list?.id ?? operation.listID.flatMap(UUID.init(uuidString:))!
            let itemID = operation.itemID.flatMap(UUID.init(uuidString:))
            switch operation.op {
            case .createList:
                let last = try await maxPosition("shopping_lists WHERE owner_id = \(bind: caller)")
                return try await sql.raw("""
                    INSERT INTO shopping_lists (id, app_id, owner_id, name, position, created_at, modified_at, change_seq)
                    VALUES (\(bind: listID), \(bind: app), \(bind: caller), \(bind: operation.name!), \(bind: ListOrder.between(last, nil)),
                            \(bind: now), \(bind: now), \(bind: seq))
                    ON CONFLICT (id) DO NOTHING RETURNING id
                    """).first() != nil
            case .renameList:
                try await sql.raw("""
                    UPDATE shopping_lists SET name = \(bind: operation.name!), modified_at = \(bind: now), change_seq = \(bind: seq)
                    WHERE id = \(bind: listID)
                    """).run()
            case .deleteList:
                // The list's tombstone is in the feed; its items go with it, and are not sent one by one.
                try await sql.raw("""
                    UPDATE shopping_lists SET deleted_at = \(bind: now), modified_at = \(bind: now), change_seq = \(bind: seq)
                    WHERE id = \(bind: listID)
                    """).run()
                try await sql.raw("UPDATE list_items SET deleted_at = \(bind: now) WHERE list_id = \(bind: listID) AND deleted_at IS NULL").run()
            case .addItem:
                preconditionFailure("items are added by addItems(_:)")
            case .editItem:
                let item = facts.item!
                let unit = operation.unit.map { $0.isEmpty ? nil : $0 } ?? item.unit
                try await sql.raw("""
                    UPDATE list_items SET description = \(bind: operation.description ?? item.description), count = \(bind: operation.count ?? item.count),
                        unit = \(bind: unit), modified_at = \(bind: now), change_seq = \(bind: seq)
                    WHERE id = \(bind: item.id)
                    """).run()
            case .tickItem:
                try await updateItem(itemID!, "ticked = \(bind: operation.ticked!)")
            case .moveItem:
                let item = facts.item!
                let position: String
                if let anchor = facts.anchor {
                    let next = try await minPosition(after: anchor.position, in: item.listID, except: item.id)
                    position = ListOrder.between(anchor.position, next)
                } else {
                    position = ListOrder.between(nil, try await minPosition(after: nil, in: item.listID, except: item.id))
                }
                try await updateItem(item.id, "position = \(bind: position)")
            case .deleteItem:
                try await updateItem(itemID!, "deleted_at = \(bind: now)")
            case .shareList:
                try await sql.raw("""
                    INSERT INTO list_shares (app_id, list_id, player_id, access, status, invited_by, modified_at, change_seq)
                    VALUES (\(bind: app), \(bind: listID), \(bind: facts.invitee!), \(bind: operation.access!.rawValue), 'pending',
                            \(bind: caller), \(bind: now), \(bind: seq))
                    ON CONFLICT (list_id, player_id) DO UPDATE SET access = excluded.access,
                        status = CASE WHEN list_shares.status = 'accepted' THEN 'accepted' ELSE 'pending' END,
                        invited_by = excluded.invited_by, modified_at = excluded.modified_at, change_seq = excluded.change_seq
                    """).run()
            case .answerShare:
                try await setShareStatus(listID, caller, operation.accept! ? .accepted : .declined)
            case .removeShare:
                try await setShareStatus(listID, UUID(uuidString: operation.playerID!)!, .removed)
            case .leaveList:
                try await setShareStatus(listID, caller, .left)
            }
            return true
        }

        private func updateItem(_ id: UUID, _ assignment: SQLQueryString) async throws {
            try await sql.raw("""
                UPDATE list_items SET \(assignment), modified_at = \(bind: now), change_seq = \(bind: seq) WHERE id = \(bind: id)
                """).run()
        }

        private func setShareStatus(_ list: UUID, _ player: UUID, _ status: ListShareStatus) async throws {
            try await sql.raw("""
                UPDATE list_shares SET status = \(bind: status.rawValue), modified_at = \(bind: now), change_seq = \(bind: seq)
                WHERE list_id = \(bind: list) AND player_id = \(bind: player)
                """).run()
        }

        /// The last position among `rows` (a table and its condition), deleted ones included: a new
        /// position after it is after every position ever given there.
        private func maxPosition(_ rows: SQLQueryString) async throws -> String? {
            try await sql.raw("SELECT MAX(\(SQLQueryString.inByteOrder("position", dialect: dialect))) AS p FROM \(rows)").first()?
                .decode(column: "p", as: String?.self)
        }

        /// The first position of `list`'s items after `position` (none: the first of all), not
        /// counting `item`; deleted items count, so a position between is free.
        private func minPosition(after position: String?, in list: UUID, except item: UUID) async throws -> String? {
            let column = SQLQueryString.inByteOrder("position", dialect: dialect)
            let after: SQLQueryString = position.map { "AND \(column) > \(bind: $0)" } ?? ""
            return try await sql.raw("""
                SELECT MIN(\(column)) AS p FROM list_items WHERE list_id = \(bind: list) AND id <> \(bind: item) \(after)
                """).first()?.decode(column: "p", as: String?.self)
        }
    }
}
