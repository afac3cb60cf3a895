import Foundation
import PlayhouseAPI
@testable import PlayhouseServer
import Testing
import Vapor
import VaporTesting

/// Shopping lists over HTTP: the merge rules as the README tells them (each example is a test
/// here), mutation ids applied once, shares, the change feed, its tombstones and long polls.
@Suite struct ListsTests {
    // MARK: The README's merge examples

    @Test(arguments: Engine.available)
    func aTickAndARenameOfTheSameItemBothSurvive(_ engine: Engine) async throws {
        try await withPlayhouse(engine, { $0.passwordHashCost = 4 }) { app in
            let fixture = try await ListFixture.make(app)
            let ann = try await fixture.player("ann@example.com")
            let list = Op.id(), milk = Op.id()
            try await fixture.apply(ann, Op.createList(list, "Groceries"), Op.add(list, milk, "Milk"))
            // The phone ticks milk while the tablet, offline, renamed it: both reach the server.
            #expect(try await fixture.apply(ann, Op.tick(milk)).map(\.status) == [.applied])
            #expect(try await fixture.apply(ann, Op.edit(milk, description: "Oat milk")).map(\.status) == [.applied])
            let item = try #require(try await fixture.items(ann, list).first)
            #expect(item.description == "Oat milk" && item.ticked)
        }
    }

    @Test(arguments: Engine.available)
    func forTheSameFieldTheOperationAppliedLastWins(_ engine: Engine) async throws {
        try await withPlayhouse(engine, { $0.passwordHashCost = 4 }) { app in
            let fixture = try await ListFixture.make(app)
            let ann = try await fixture.player("ann@example.com")
            let list = Op.id(), eggs = Op.id()
            try await fixture.apply(ann, Op.createList(list, "Groceries"), Op.add(list, eggs, "Eggs", count: 6))
            try await fixture.apply(ann, Op.edit(eggs, count: 12))
            try await fixture.apply(ann, Op.edit(eggs, count: 10, unit: "pcs"))
            let item = try #require(try await fixture.items(ann, list).first)
            #expect(item.count == 10 && item.unit == "pcs" && item.description == "Eggs")
            // "" takes the unit away; an edit to what is there already changes nothing.
            #expect(try await fixture.apply(ann, Op.edit(eggs, unit: "")).map(\.status) == [.applied])
            #expect(try await fixture.items(ann, list).first?.unit == nil)
            #expect(try await fixture.apply(ann, Op.edit(eggs, count: 10)).map(\.reason) == ["unchanged"])
        }
    }

    @Test(arguments: Engine.available)
    func deletingWinsOverEditsMadeAfterIt(_ engine: Engine) async throws {
        try await withPlayhouse(engine, { $0.passwordHashCost = 4 }) { app in
            let fixture = try await ListFixture.make(app)
            let ann = try await fixture.player("ann@example.com")
            let list = Op.id(), bread = Op.id(), jam = Op.id()
            try await fixture.apply(ann, Op.createList(list, "Groceries"), Op.add(list, bread, "Bread"), Op.add(list, jam, "Jam"))
            try await fixture.apply(ann, Op.deleteItem(bread))
            // The tablet ticked bread offline before it heard of the delete: the delete stands.
            let late = try await fixture.apply(ann, Op.tick(bread), Op.add(list, bread, "Bread"), Op.move(jam, after: bread))
            #expect(late.map(\.status) == [.ignored, .ignored, .applied])
            #expect(late.map(\.reason) == ["deleted", "deleted", nil])
            #expect(try await fixture.items(ann, list).map(\.description) == ["Jam"])
            // Deleting the list takes its items; nothing can be added to it or changed in it again.
            try await fixture.apply(ann, Op.deleteList(list))
            let afterList = try await fixture.apply(ann, Op.add(list, Op.id(), "Tea"), Op.tick(jam), Op.rename(list, "Food"),
                                                    Op.createList(list, "Groceries"))
            #expect(afterList.map(\.reason) == ["deleted", "deleted", "deleted", "deleted"])
            #expect(try await fixture.snapshot(ann).data.isEmpty)
        }
    }

    @Test(arguments: Engine.available)
    func itemsAddedInOneBatchAreDecidedOneByOneInOrder(_ engine: Engine) async throws {
        try await withPlayhouse(engine, { $0.passwordHashCost = 4 }) { app in
            let fixture = try await ListFixture.make(app)
            let ann = try await fixture.player("ann@example.com")
            let groceries = Op.id(), hardware = Op.id(), milk = Op.id(), nails = Op.id(), gone = Op.id(), bread = Op.id()
            try await fixture.apply(ann, Op.createList(groceries, "Groceries"), Op.createList(hardware, "Hardware"),
                                    Op.add(hardware, nails, "Nails"), Op.add(groceries, gone, "Gone"))
            try await fixture.apply(ann, Op.deleteItem(gone))
            // One run of adds: a new item, the same id again, an id of the other list, a deleted id, an unknown list.
            let answers = try await fixture.apply(ann, Op.add(groceries, milk, "Milk"), Op.add(groceries, milk, "Milk"),
                                                  Op.add(groceries, nails, "Nails"), Op.add(groceries, gone, "Gone"),
                                                  Op.add(Op.id(), Op.id(), "Lost"), Op.add(groceries, bread, "Bread"))
            #expect(answers.map(\.status) == [.applied, .ignored, .refused, .ignored, .refused, .applied])
            #expect(answers.map(\.reason) == [nil, "exists", nil, "deleted", nil, nil])
            #expect(answers.map { $0.problem?.code } == [nil, nil, .listIDTaken, nil, .listNotFound, nil])
            // Added in their order, after every item the list ever had.
            #expect(try await fixture.items(ann, groceries).map(\.description) == ["Milk", "Bread"])
            #expect(try await fixture.items(ann, hardware).map(\.description) == ["Nails"])
        }
    }

    @Test(arguments: Engine.available)
    func concurrentMovesLeaveEveryItemOnceInOneOrder(_ engine: Engine) async throws {
        try await withPlayhouse(engine, { $0.passwordHashCost = 4 }) { app in
            let fixture = try await ListFixture.make(app)
            let ann = try await fixture.player("ann@example.com")
            let bob = try await fixture.player("bob@example.com")
            let list = Op.id(), ids = (0..<4).map { _ in Op.id() }
            try await fixture.apply(ann, Op.createList(list, "Groceries"), Op.share(list, email: "bob@example.com", .write))
            try await fixture.apply(bob, Op.answer(list, accept: true))
            try await fixture.apply(ann, Op.add(list, ids[0], "A"), Op.add(list, ids[1], "B"), Op.add(list, ids[2], "C"),
                                    Op.add(list, ids[3], "D"))
            #expect(try await fixture.items(ann, list).map(\.description) == ["A", "B", "C", "D"])
            // Ann moves A after C while Bob moves C after A: as a linked list, A and C would point at
            // each other. Here each move is applied in turn to the positions the server has.
            async let annMoves = fixture.apply(ann, Op.move(ids[0], after: ids[2]))
            async let bobMoves = fixture.apply(bob, Op.move(ids[2], after: ids[0]), Op.move(ids[3], after: nil))
            _ = try await (annMoves, bobMoves)
            let annSees = try await fixture.items(ann, list).map(\.description)
            let bobSees = try await fixture.items(bob, list).map(\.description)
            #expect(annSees == bobSees)
            #expect(annSees.sorted() == ["A", "B", "C", "D"])
            #expect(annSees.first == "D")
            // The feed's positions give the same order to a replica that only follows the feed.
            var positions: [String: (String, String)] = [:]
            for change in try await fixture.changes(bob, since: nil).data {
                if case .item(let item) = change { positions[item.id] = (item.position, item.description) }
            }
            #expect(positions.values.sorted { $0.0 < $1.0 }.map(\.1) == annSees)
        }
    }

    // MARK: Mutation ids

    @Test(arguments: Engine.available)
    func aResentBatchChangesNothingAndGetsTheSameAnswers(_ engine: Engine) async throws {
        try await withPlayhouse(engine, { $0.passwordHashCost = 4 }) { app in
            let fixture = try await ListFixture.make(app)
            let ann = try await fixture.player("ann@example.com")
            let list = Op.id(), milk = Op.id()
            let batch = [Op.createList(list, "Groceries"), Op.add(list, milk, "Milk"), Op.tick(milk), Op.tick(milk),
                         Op.move(milk, after: Op.id()), Op.add(list, milk, "Milk")]
            let first = try await fixture.send(ann, batch)
            try #require(first.status == .ok)
            let answers = try first.decode(ListOperationsResponse.self).results
            #expect(answers.map(\.status) == [.applied, .applied, .applied, .ignored, .refused, .ignored])
            #expect(answers[4].problem?.code == .listAnchorNotFound && answers[4].problem?.status == 422)
            let cursor = try await fixture.changes(ann, since: nil).nextCursor
            let rows = try await app.count("idempotency_keys", where: "owner LIKE 'lists:%'")

            // The answer was lost; the phone sends the batch again, and again.
            for _ in 0..<2 {
                let again = try await fixture.send(ann, batch)
                #expect(try again.decode(ListOperationsResponse.self).results == answers)
            }
            #expect(try await app.count("idempotency_keys", where: "owner LIKE 'lists:%'") == rows)
            #expect(try await app.count("list_items") == 1)
            #expect(try await fixture.changes(ann, since: cursor).data.isEmpty)
            #expect(try await fixture.items(ann, list).map(\.ticked) == [true])

            // The same mutation id for another operation is refused, and stores nothing.
            var reused = Op.tick(milk, false)
            reused.mutationID = batch[2].mutationID
            let refused = try await fixture.apply(ann, reused)
            #expect(refused.first?.problem?.code == .mutationIDReused)
            #expect(try await fixture.items(ann, list).map(\.ticked) == [true])
        }
    }

    /// A database from before mutation ids' answers were kept with the requests' keys: the
    /// migration carries each answer over, and a batch sent again still gets its first answers.
    @Test(arguments: Engine.available)
    func answersKeptBeforeTheMoveAreStillTheAnswers(_ engine: Engine) async throws {
        try await withPlayhouse(engine, { $0.passwordHashCost = 4 }) { app in
            let fixture = try await ListFixture.make(app)
            let ann = try await fixture.player("ann@example.com")
            let list = Op.id()
            let batch = [Op.createList(list, "Groceries"), Op.leave(list)]
            let first = try await fixture.apply(ann, batch)
            #expect(first.map(\.status) == [.applied, .refused])

            // As the older server kept them: the revert carries them back into list_mutations, and
            // the refusal is put as that server wrote it (its ListRefusal, parameters always there).
            let move = MoveListAnswersToStoredAnswers()
            try await move.revert(on: app.db)
            #expect(try await app.count("list_mutations") == 2)
            #expect(try await app.count("idempotency_keys", where: "owner LIKE 'lists:%'") == 0)
            try await app.sql().raw("""
                UPDATE list_mutations SET outcome = '{"status":"refused","refusal":{"code":"list_owner_cannot_leave","status":409,"parameters":{}}}'
                WHERE outcome LIKE '%refused%'
                """).run()

            try await move.prepare(on: app.db)
            #expect(try await app.count("idempotency_keys", where: "owner LIKE 'lists:%'") == 2)
            #expect(try await app.count("idempotency_keys", where: "owner LIKE 'lists:%' AND status = 409") == 1)
            // Applied again, the creation would be `ignored` (it exists): the first answers stand, the refusal too.
            #expect(try await fixture.apply(ann, batch) == first)
            var reused = Op.rename(list, "Food")
            reused.mutationID = batch[0].mutationID
            #expect(try await fixture.apply(ann, reused).first?.problem?.code == .mutationIDReused)

            // The requests' sweep (a day) leaves them; the lists' purge forgets them with the tombstones.
            app.playhouseClock.advance(by: 2 * 24 * 3600)
            try await IdempotentRequest.sweep(app.store, now: app.playhouseClock.now())
            #expect(try await app.count("idempotency_keys", where: "owner LIKE 'lists:%'") == 2)
            try await app.listFeed.purge(retention: 24 * 3600)
            #expect(try await app.count("idempotency_keys", where: "owner LIKE 'lists:%'") == 0)
        }
    }

    /// The requests' sweep and the lists' purge each read their own kind's index by age, never
    /// the other kind's rows (``SplitIdempotencyKeyAgeIndex``): in the planner's own words.
    @Test(arguments: Engine.available)
    func eachSweepReadsItsOwnKindsIndex(_ engine: Engine) async throws {
        try await withPlayhouse(engine) { app in
            let cutoff = app.playhouseClock.now()
            for (statement, index) in [(IdempotentRequest.forgettingKeys(before: cutoff), "idempotency_keys_requests_age"),
                                       (IdempotentRequest.forgettingListAnswers(before: cutoff), "idempotency_keys_lists_age")] {
                let plan = try await app.store.transaction { sql in
                    guard sql.dialect.name == "postgresql" else {
                        return try await sql.raw("EXPLAIN QUERY PLAN \(statement)").all().map { try $0.decode(column: "detail", as: String.self) }
                    }
                    // An empty table is cheapest read whole: the plan is asked for as for a full one.
                    try await sql.raw("SET LOCAL enable_seqscan = off").run()
                    return try await sql.raw("EXPLAIN \(statement)").all().map { try $0.decode(column: "QUERY PLAN", as: String.self) }
                }
                #expect(plan.joined(separator: "\n").contains(index), "\(plan)")
            }
        }
    }

    // MARK: Shares and access

    @Test(arguments: Engine.available)
    func sharesGiveAndTakeAccess(_ engine: Engine) async throws {
        try await withPlayhouse(engine, { $0.passwordHashCost = 4 }) { app in
            let fixture = try await ListFixture.make(app)
            let ann = try await fixture.player("ann@example.com")
            let bob = try await fixture.player("bob@example.com")
            let cat = try await fixture.player("cat@example.com")
            let bobID = try await fixture.playerID(bob)
            let list = Op.id(), milk = Op.id()
            try await fixture.apply(ann, Op.createList(list, "Groceries"), Op.add(list, milk, "Milk"))
            let bobCursor = try await fixture.changes(bob, since: nil).nextCursor

            // Bob cannot see or touch the list before he is invited and accepts.
            let unseen = try await fixture.apply(bob, Op.tick(milk), Op.rename(list, "Mine"), Op.answer(list, accept: true))
            #expect(unseen.map { $0.problem?.code } == [.listItemNotFound, .listNotFound, .listShareNotFound])
            let invited = try await fixture.apply(ann, Op.share(list, email: "BOB@example.com", .write),
                                                  Op.share(list, email: "cat@example.com", .read), Op.share(list, email: "nobody@example.com", .read))
            #expect(invited.map(\.status) == [.applied, .applied, .refused])
            #expect(invited[2].problem?.code == .playerNotFound)
            let invitation = try await fixture.changes(bob, since: bobCursor)
            #expect(invitation.data.count == 1)
            guard case .share(let share)? = invitation.data.first else { Issue.record("no share in \(invitation)"); return }
            #expect(share.status == .pending && share.listName == "Groceries" && share.access == .write && share.playerID == bobID)
            #expect(try await fixture.snapshot(bob).invitations.map(\.listID) == [list])

            // Accepting brings the list and its items, although they changed before Bob's cursor.
            try await fixture.apply(bob, Op.answer(list, accept: true))
            let joined = try await fixture.changes(bob, since: invitation.nextCursor)
            #expect(joined.data.contains { if case .list(let list) = $0 { list.access == .write } else { false } })
            #expect(joined.data.contains { if case .item(let item) = $0 { item.id == milk } else { false } })
            #expect(try await fixture.apply(bob, Op.add(list, Op.id(), "Butter")).map(\.status) == [.applied])

            // Cat may read, not write; only an owner deletes or shares; the creator cannot leave.
            try await fixture.apply(cat, Op.answer(list, accept: true))
            let catTries = try await fixture.apply(cat, Op.tick(milk), Op.deleteList(list))
            #expect(catTries.map { $0.problem?.code } == [.listAccessRequired, .listAccessRequired])
            #expect(catTries[1].problem?.detail?.contains("owner") == true)
            #expect(try await fixture.apply(bob, Op.deleteList(list)).first?.problem?.code == .listAccessRequired)
            #expect(try await fixture.apply(ann, Op.leave(list)).first?.problem?.code == .listOwnerCannotLeave)
            #expect(try await fixture.items(cat, list).map(\.description) == ["Milk", "Butter"])

            // Ann takes Bob's share back: his feed says so, and the list is gone from his snapshot.
            let beforeRemoval = try await fixture.changes(bob, since: nil).nextCursor
            try await fixture.apply(ann, Op.removeShare(list, player: bobID))
            let removed = try await fixture.changes(bob, since: beforeRemoval)
            #expect(shareStatuses(removed) == [.removed])
            #expect(try await fixture.snapshot(bob).data.isEmpty)
            #expect(try await fixture.apply(bob, Op.tick(milk)).first?.problem?.code == .listItemNotFound)

            // Cat leaves; Ann sees her share end.
            let annCursor = try await fixture.changes(ann, since: nil).nextCursor
            try await fixture.apply(cat, Op.leave(list))
            let left = try await fixture.changes(ann, since: annCursor)
            #expect(shareStatuses(left) == [.left])
            #expect(try await fixture.snapshot(cat).data.isEmpty)
        }
    }

    // MARK: The change feed

    @Test(arguments: Engine.available)
    func theFeedPagesInOrderAndCarriesTombstones(_ engine: Engine) async throws {
        try await withPlayhouse(engine, { $0.passwordHashCost = 4 }) { app in
            let fixture = try await ListFixture.make(app)
            let ann = try await fixture.player("ann@example.com")
            let start = try await fixture.changes(ann, since: nil)
            #expect(start.data.isEmpty && !start.hasMore)
            let list = Op.id(), items = (0..<5).map { _ in Op.id() }
            try await fixture.apply(ann, [Op.createList(list, "Groceries")] + items.enumerated().map { Op.add(list, $1, "Item \($0)") })
            var seen: [String] = [], cursor = start.nextCursor, pages = 0
            while true {
                let page = try await fixture.changes(ann, since: cursor, limit: 2)
                pages += 1
                for change in page.data {
                    switch change {
                    case .list(let list): seen.append(list.name)
                    case .item(let item): seen.append(item.description)
                    case .share: Issue.record("no shares here")
                    }
                }
                cursor = page.nextCursor
                if !page.hasMore { break }
            }
            #expect(seen == ["Groceries", "Item 0", "Item 1", "Item 2", "Item 3", "Item 4"])
            #expect(pages == 3)

            try await fixture.apply(ann, Op.deleteItem(items[1]), Op.tick(items[2]))
            let tombstone = try await fixture.changes(ann, since: cursor)
            #expect(tombstone.data.map { if case .item(let item) = $0 { "\(item.description) \(item.deleted) \(item.ticked)" } else { "" } }
                    == ["Item 1 true false", "Item 2 false true"])
            try await fixture.apply(ann, Op.deleteList(list))
            let gone = try await fixture.changes(ann, since: tombstone.nextCursor)
            #expect(gone.data.map { if case .list(let list) = $0 { list.deleted } else { false } } == [true])
            // Without a cursor: what is there now, no tombstones.
            #expect(try await fixture.changes(ann, since: nil).data.isEmpty)
            let malformed = try await fixture.changesResponse(ann, since: "nonsense")
            #expect(malformed.status == .badRequest)
            #expect(try malformed.problem().errors?.first?.field == "since")
            #expect(try await fixture.changesResponse(ann, since: PageRequest.cursor(1_000_000)).status == .gone)
        }
    }

    @Test(arguments: Engine.available)
    func aCursorOlderThanThePurgedTombstonesIsGone(_ engine: Engine) async throws {
        try await withPlayhouse(engine, { $0.passwordHashCost = 4 }) { app in
            let fixture = try await ListFixture.make(app)
            let ann = try await fixture.player("ann@example.com")
            let list = Op.id(), milk = Op.id(), eggs = Op.id()
            try await fixture.apply(ann, Op.createList(list, "Groceries"), Op.add(list, milk, "Milk"), Op.add(list, eggs, "Eggs"))
            let old = try await fixture.changes(ann, since: nil).nextCursor
            try await fixture.apply(ann, Op.deleteItem(milk))
            #expect(try await fixture.changes(ann, since: old).data.count == 1)

            // Ten minutes of retention here (the server's default is 30 days).
            app.playhouseClock.advance(by: 300)
            try await app.listFeed.purge(retention: 600)
            #expect(try await fixture.changesResponse(ann, since: old).status == .ok)
            app.playhouseClock.advance(by: 400)
            try await app.listFeed.purge(retention: 600)
            let gone = try await fixture.changesResponse(ann, since: old)
            #expect(gone.status == .gone)
            #expect(try gone.problem().code == .cursorExpired)
            // A snapshot gives a cursor to follow from again.
            let snapshot = try await fixture.snapshot(ann)
            #expect(snapshot.data.first?.items.map(\.description) == ["Eggs"])
            #expect(try await fixture.changes(ann, since: snapshot.changesCursor).data.isEmpty)
        }
    }

    @Test(arguments: Engine.available)
    func aLongPollWakesWhenAnotherDeviceWrites(_ engine: Engine) async throws {
        try await withPlayhouse(engine, { $0.passwordHashCost = 4 }) { app in
            let fixture = try await ListFixture.make(app)
            let ann = try await fixture.player("ann@example.com")
            let bob = try await fixture.player("bob@example.com")
            let list = Op.id()
            try await fixture.apply(ann, Op.createList(list, "Groceries"))
            let cursor = try await fixture.changes(ann, since: nil).nextCursor

            // Nothing happens for a second: the poll answers empty, with the cursor it was given.
            let quiet = try await fixture.changes(ann, since: cursor, wait: 1)
            #expect(quiet.data.isEmpty && quiet.nextCursor == cursor)

            async let poll = fixture.changes(ann, since: cursor, wait: 20)
            try await waitForWaiters(app, 1)
            // Bob's changes elsewhere do not wake Ann; her tablet's do.
            try await fixture.apply(bob, Op.createList(Op.id(), "Bob's"))
            try await fixture.apply(ann, Op.rename(list, "Food"))
            let woken = try await poll
            #expect(woken.data.map { if case .list(let list) = $0 { list.name } else { "" } } == ["Food"])
            #expect(app.playhouse.listChanges.waiters == 0)
        }
    }

    @Test(arguments: Engine.available.filter { $0 == .postgres })
    func aChangeAtOneInstanceWakesPollsAtAnother(_ engine: Engine) async throws {
        let configuration = engine.isolatedConfiguration()
        try await withPlayhouse(configuration, drop: false) { first in
            try await withPlayhouse(configuration, drop: true) { second in
                let fixture = try await ListFixture.make(first)
                let ann = try await fixture.player("ann@example.com")
                let other = ListFixture(app: second, credentials: fixture.credentials)
                let list = Op.id()
                try await fixture.apply(ann, Op.createList(list, "Groceries"))
                let cursor = try await other.changes(ann, since: nil).nextCursor

                // The first poll that waits starts the instance's listening.
                async let poll = other.changes(ann, since: cursor, wait: 20)
                try await waitForWaiters(second, 1)
                try await waitForListening(second)
                try await fixture.apply(ann, Op.add(list, Op.id(), "Milk"))
                let woken = try await poll
                #expect(woken.data.map { if case .item(let item) = $0 { item.description } else { "" } } == ["Milk"])
            }
        }
    }

    // MARK: Limits and bad input

    @Test(arguments: Engine.available)
    func limitsRefuseOneOperationAndAMalformedBatchChangesNothing(_ engine: Engine) async throws {
        try await withPlayhouse(engine, { $0.passwordHashCost = 4 }) { app in
            let fixture = try await ListFixture.make(app)
            let ann = try await fixture.player("ann@example.com")
            let list = Op.id()
            let long = String(repeating: "x", count: 101)
            let malformed = try await fixture.send(ann, [Op.createList(list, "Groceries"), Op.createList(Op.id(), long),
                                                         Op.add(list, Op.id(), "Milk", count: 0), Op.createList("not-an-id", " ")])
            #expect(malformed.status == .unprocessableEntity)
            let fields = try malformed.problem().errors?.map { "\($0.field) \($0.code)" }
            #expect(fields == ["operations[1].name too_long", "operations[2].count out_of_range", "operations[3].list_id invalid_value",
                               "operations[3].name blank"])
            #expect(try await fixture.snapshot(ann).data.isEmpty)
            #expect(try await app.count("idempotency_keys", where: "owner LIKE 'lists:%'") == 0)
            #expect(try await fixture.send(ann, []).status == .unprocessableEntity)
            #expect(try await app.send(.POST, "/v1/lists/operations", headers: bearer(ann).merged(json), body: #"{"operations":["#).status
                    == .badRequest)
            let unknown = try await app.send(.POST, "/v1/lists/operations", headers: bearer(ann).merged(json),
                                             body: #"{"operations":[{"op":"fly","mutation_id":"\#(Op.id())"}]}"#)
            #expect(unknown.status == .unprocessableEntity)
            #expect(try unknown.problem().errors?.first?.field == "operations[0].op")

            // Items per list at its limit: that one operation is refused, the rest go on.
            var service = app.lists
            service.limits.itemsPerList = 2
            let player = try #require(UUID(uuidString: try await fixture.playerID(ann)))
            let outcomes = try await service.apply(ListOperationsRequest(operations: [
                Op.createList(list, "Groceries"), Op.add(list, Op.id(), "A"), Op.add(list, Op.id(), "B"), Op.add(list, Op.id(), "C"),
                Op.rename(list, "Food"),
            ]), app: fixture.credentials.app.id, player: player)
            #expect(outcomes.map(\.status) == [.applied, .applied, .applied, .refused, .applied])
            #expect(outcomes[3].refusal == .listLimitReached("items_per_list", 2))
        }
    }

    @Test(arguments: Engine.available)
    func listsNeedTheListsScopeAndAPlayer(_ engine: Engine) async throws {
        try await withPlayhouse(engine, { $0.passwordHashCost = 4 }) { app in
            let fixture = try await ListFixture.make(app)
            let appToken = try await app.appToken(fixture.credentials)
            #expect(try await app.send(.GET, "/v1/lists", headers: bearer(appToken)).status == .forbidden)
            var flow = SignInFlow(app, fixture.credentials)
            let walletOnly = try await flow.tokens(email: "ann@example.com", scope: "wallet").accessToken
            let refused = try await app.send(.GET, "/v1/lists/changes", headers: bearer(walletOnly))
            #expect(refused.status == .forbidden)
            #expect(try refused.problem().code == .insufficientScope)
        }
    }

    // MARK: Helpers

    /// The statuses of the shares among `changes`, in order.
    private func shareStatuses(_ changes: ListChanges) -> [ListShareStatus] {
        changes.data.compactMap { if case .share(let share) = $0 { share.status } else { nil } }
    }

    /// Waits (a bounded while) until the instance's listener hears PostgreSQL (it starts with the
    /// first poll that waits); at once on SQLite.
    private func waitForListening(_ app: Application) async throws {
        guard app.playhouse.listChanges.channel != nil else { return }
        for _ in 0..<200 where !app.playhouse.listChanges.listening { try await Task.sleep(for: .milliseconds(25)) }
        try #require(app.playhouse.listChanges.listening)
    }

    /// Waits (a bounded while) until `count` polls wait at the instance.
    private func waitForWaiters(_ app: Application, _ count: Int) async throws {
        for _ in 0..<400 where app.playhouse.listChanges.waiters < count { try await Task.sleep(for: .milliseconds(5)) }
        try #require(app.playhouse.listChanges.waiters >= count)
    }
}
