import Foundation
import PlayhouseAPI
import SQLKit

/// Reads what a player's lists hold: the change feed (``changes(app:player:since:limit:wait:)``),
/// a snapshot of the lists with their items (``snapshot(app:player:page:)``), and forgets
/// tombstones past the retention period (``purge(retention:)``).
///
/// Every list, item and share row carries the feed position of its last change (``ListService``),
/// so the changes after a cursor are the rows after it that the player sees, each as it stands now.
/// A read first takes the feed's last position and reads up to it: every position up to it is
/// committed (positions are taken in commit order), so nothing is skipped, and the cursor it gives
/// back is valid at every instance and after restarts.
public struct ListFeed: Sendable {
    let store: Store
    let now: Date
    let signal: ListChangeSignal
    /// Who the operator names (``player(app:_:)``).
    let players: PlayerService

    /// The longest a poll may wait.
    static let longestWait = 30

    /// The changes `player` sees after `since` (nil: what they see now, without tombstones, to
    /// start from), at most `limit` of them (a share that gives the player a list comes with the
    /// list and its items, which do not count). With `wait`, and nothing to answer yet, the answer
    /// waits up to that long for a change.
    func changes(app: UUID, player: UUID, since: Int64?, limit: Int, wait: Duration?) async throws -> ListChanges {
        guard let wait, let since, !signal.isClosed else { return try await read(app: app, player: player, since: since, limit: limit) }
        let ticket = signal.ticket(for: player)
        defer { ticket.close() }
        let deadline = ContinuousClock.now + wait
        while true {
            let page = try await read(app: app, player: player, since: since, limit: limit)
            let remaining = deadline - .now
            if !page.data.isEmpty || remaining <= .zero || signal.isClosed { return page }
            if await !ticket.wait(upTo: remaining) { return page }
        }
    }

    private func read(app: UUID, player: UUID, since: Int64?, limit: Int) async throws -> ListChanges {
        try await store.read { sql in
            let (last, purged) = try await Self.feed(app, sql)
            if let since, since < purged || since > last { throw Self.cursorExpired }
            let from = since ?? 0, snapshot = since == nil
            var changes: [(seq: Int64, change: ListChange)] = []
            let lists = try await sql.raw("""
                SELECT \(ListRows.listColumns), \(Self.callerAccess(player))
                FROM shopping_lists l LEFT JOIN list_shares s ON s.list_id = l.id AND s.player_id = \(bind: player)
                WHERE l.app_id = \(bind: app) AND l.change_seq > \(bind: from) AND l.change_seq <= \(bind: last)
                    AND (l.owner_id = \(bind: player) OR s.status = 'accepted') \(unsafeRaw: snapshot ? "AND l.deleted_at IS NULL" : "")
                ORDER BY l.change_seq LIMIT \(bind: limit + 1)
                """).all()
            for row in lists { changes.append((try row.decode(column: "change_seq", as: Int64.self), .list(try Self.list(row)))) }
            let items = try await sql.raw("""
                SELECT \(ListRows.itemColumns)
                FROM list_items i JOIN shopping_lists l ON l.id = i.list_id
                    LEFT JOIN list_shares s ON s.list_id = i.list_id AND s.player_id = \(bind: player)
                WHERE i.app_id = \(bind: app) AND i.change_seq > \(bind: from) AND i.change_seq <= \(bind: last) AND l.deleted_at IS NULL
                    AND (l.owner_id = \(bind: player) OR s.status = 'accepted') \(unsafeRaw: snapshot ? "AND i.deleted_at IS NULL" : "")
                ORDER BY i.change_seq LIMIT \(bind: limit + 1)
                """).all()
            for row in items { changes.append((try row.decode(column: "change_seq", as: Int64.self), .item(try ListRows.item(row)))) }
            // A player's own invitation changes with the list it invites to (its name, its deletion):
            // it takes the list's position then. They do not see the list itself, so no other change
            // of theirs has that position.
            let invitation: SQLQueryString = """
                sh.player_id = \(bind: player) AND sh.status = 'pending' AND l.change_seq > sh.change_seq AND l.change_seq <= \(bind: last)
                """
            let shares = try await sql.raw("""
                SELECT \(ListRows.shareColumns), CASE WHEN \(invitation) THEN l.change_seq ELSE sh.change_seq END AS feed_seq,
                    l.deleted_at AS list_deleted_at
                FROM list_shares sh JOIN shopping_lists l ON l.id = sh.list_id \(ListRows.shareAlong.joins)
                    LEFT JOIN list_shares s ON s.list_id = sh.list_id AND s.player_id = \(bind: player)
                WHERE sh.app_id = \(bind: app) AND (sh.player_id = \(bind: player) OR l.owner_id = \(bind: player) OR s.status = 'accepted')
                    AND ((sh.change_seq > \(bind: from) AND sh.change_seq <= \(bind: last))
                         OR (\(invitation) AND l.change_seq > \(bind: from)))
                    \(unsafeRaw: snapshot ? "AND sh.status IN ('pending', 'accepted') AND l.deleted_at IS NULL" : "")
                ORDER BY feed_seq LIMIT \(bind: limit + 1)
                """).all()
            for row in shares {
                var share = try ListRows.share(row)
                // An invitation to a list deleted since is no more.
                if share.status == .pending, try row.decode(column: "list_deleted_at", as: Date?.self) != nil { share.status = .removed }
                changes.append((try row.decode(column: "feed_seq", as: Int64.self), .share(share)))
            }

            changes.sort { $0.seq < $1.seq }
            let hasMore = changes.count > limit
            let page = changes.prefix(limit)
            var data: [ListChange] = []
            for (_, change) in page {
                data.append(change)
                // A share that gives the player a list (again) brings the list and its items, whose
                // own changes may be older than the cursor.
                if !snapshot, case .share(let share) = change, share.status == .accepted, share.playerID == ListRows.id(player),
                   let listID = UUID(uuidString: share.listID) {
                    data += try await Self.wholeList(listID, for: player, sql)
                }
            }
            // A purge that ran meanwhile may have taken tombstones this read should have had.
            if let since, try await Self.feed(app, sql).purged > since { throw Self.cursorExpired }
            let cursor = hasMore ? page.last!.seq : max(last, from)
            return ListChanges(data: data, nextCursor: PageRequest.cursor(cursor), hasMore: hasMore)
        }
    }

    /// The player's lists with their live items and shares, a page of them, with the invitations
    /// they have not answered and the feed's cursor as they stand. Pages follow the lists' last
    /// changes, oldest first (a list's position in the app's order is its `position`): a list
    /// changed while the pages are read moves to a later page, so it may come twice, never not
    /// at all, and every change after the first page's `changes_cursor` is in the feed.
    func snapshot(app: UUID, player: UUID, page: PageRequest) async throws -> ShoppingListsPage {
        let dialect = store.dialect
        return try await store.read { sql in
            let (last, _) = try await Self.feed(app, sql)
            let rows = try await sql.raw("""
                SELECT \(ListRows.listColumns), \(Self.callerAccess(player))
                FROM shopping_lists l LEFT JOIN list_shares s ON s.list_id = l.id AND s.player_id = \(bind: player)
                WHERE l.app_id = \(bind: app) AND l.deleted_at IS NULL AND (l.owner_id = \(bind: player) OR s.status = 'accepted')
                    AND l.change_seq > \(bind: page.position ?? 0)
                ORDER BY l.change_seq LIMIT \(bind: page.readLimit)
                """).all()
            var lists: [ShoppingListSnapshot] = []
            for row in rows.prefix(page.limit) {
                let list = try Self.list(row)
                let id = try row.decode(column: "id", as: UUID.self)
                let items = try await sql.raw("""
                    SELECT \(ListRows.itemColumns) FROM list_items i WHERE i.list_id = \(bind: id) AND i.deleted_at IS NULL
                    ORDER BY \(SQLQueryString.inByteOrder("i.position", dialect: dialect)), i.id
                    """).all().map(ListRows.item)
                let shares = try await sql.raw("""
                    SELECT \(ListRows.shareColumns) FROM list_shares sh JOIN shopping_lists l ON l.id = sh.list_id \(ListRows.shareAlong.joins)
                    WHERE sh.list_id = \(bind: id) AND sh.status IN ('pending', 'accepted') ORDER BY sh.change_seq
                    """).all().map(ListRows.share)
                lists.append(ShoppingListSnapshot(list: list, items: items, shares: shares))
            }
            let invitations = try await sql.raw("""
                SELECT \(ListRows.shareColumns) FROM list_shares sh JOIN shopping_lists l ON l.id = sh.list_id \(ListRows.shareAlong.joins)
                WHERE sh.player_id = \(bind: player) AND sh.status = 'pending' AND l.deleted_at IS NULL ORDER BY sh.change_seq
                """).all().map(ListRows.share)
            let next = rows.count > page.limit ? try rows[page.limit - 1].decode(column: "change_seq", as: Int64.self) : nil
            return ShoppingListsPage(data: lists, nextCursor: next.map(PageRequest.cursor), changesCursor: PageRequest.cursor(last),
                                     invitations: invitations)
        }
    }

    /// A page of the player's lists as the server holds them, and how their devices have synced:
    /// what support sees (the admin API, the console's player page), read-only.
    func supportView(app: UUID, player: UUID, page: PageRequest) async throws -> AdminPlayerLists {
        AdminPlayerLists(lists: try await snapshot(app: app, player: player, page: page), sync: try await syncState(app: app, player: player))
    }

    /// How a player's devices have synced, as the server sees it: when it last received a change
    /// from one of them, and how many changes it remembers (to answer a retry with its first outcome).
    func syncState(app: UUID, player: UUID) async throws -> ListSyncState {
        let stored = try await store.read { sql in
            try await IdempotentRequest.storedAnswerCount(app: app, owner: IdempotentRequest.owner(listsOf: player), sql)
        }
        return ListSyncState(lastChangeReceivedAt: stored.last, changesRemembered: stored.count)
    }

    /// Forgets deleted lists and items, and shares that give nothing, whose last change is older
    /// than `retention`, and mutation ids recorded before then. A feed's `purged_seq` moves past
    /// what it forgot, so a cursor from before then is answered `410`. Answers how many rows went.
    @discardableResult
    func purge(retention: TimeInterval) async throws -> Int {
        let cutoff = now.addingTimeInterval(-retention)
        return try await store.transaction { sql in
            let reached = try await sql.raw("""
                SELECT app_id, MAX(change_seq) AS seq FROM (
                    SELECT app_id, change_seq FROM shopping_lists WHERE deleted_at < \(bind: cutoff)
                    UNION ALL SELECT app_id, change_seq FROM list_items WHERE deleted_at < \(bind: cutoff)
                    UNION ALL SELECT app_id, change_seq FROM list_shares
                        WHERE status IN ('declined', 'removed', 'left') AND modified_at < \(bind: cutoff)
                ) purged GROUP BY app_id
                """).all()
            for row in reached {
                let app = try row.decode(column: "app_id", as: UUID.self), seq = try row.decode(column: "seq", as: Int64.self)
                try await sql.raw("""
                    UPDATE list_feeds SET purged_seq = CASE WHEN purged_seq < \(bind: seq) THEN \(bind: seq) ELSE purged_seq END
                    WHERE app_id = \(bind: app)
                    """).run()
            }
            var purged = 0
            for statement: SQLQueryString in [
                "DELETE FROM list_items WHERE deleted_at < \(bind: cutoff)",
                "DELETE FROM list_shares WHERE status IN ('declined', 'removed', 'left') AND modified_at < \(bind: cutoff)",
                "DELETE FROM shopping_lists WHERE deleted_at < \(bind: cutoff)",
            ] {
                purged += try await sql.raw("\(statement) RETURNING 1 AS gone").all().count
            }
            return purged + (try await IdempotentRequest.forgetListAnswers(before: cutoff, sql))
        }
    }

    // MARK: Reading

    static let cursorExpired = PlayhouseProblem(.gone, .cursorExpired)

    /// The feed's last position and how far it has been purged (0 and 0 before any change).
    static func feed(_ app: UUID, _ sql: any SQLDatabase) async throws -> (last: Int64, purged: Int64) {
        guard let row = try await sql.raw("SELECT last_seq, purged_seq FROM list_feeds WHERE app_id = \(bind: app)").first() else {
            return (0, 0)
        }
        return (try row.decode(column: "last_seq", as: Int64.self), try row.decode(column: "purged_seq", as: Int64.self))
    }

    /// The caller's access to a list row `l` joined with the caller's share `s`, as `caller_access`.
    private static func callerAccess(_ player: UUID) -> SQLQueryString {
        "CASE WHEN l.owner_id = \(bind: player) THEN 'owner' ELSE s.access END AS caller_access"
    }

    private static func list(_ row: any SQLRow) throws -> ShoppingList {
        try ListRows.list(row, access: ListAccess(rawValue: try row.decode(column: "caller_access", as: String?.self) ?? "") ?? .read)
    }

    /// A list as `player` sees it, with its live items: what a share that gives them the list brings.
    private static func wholeList(_ id: UUID, for player: UUID, _ sql: any SQLDatabase) async throws -> [ListChange] {
        guard let row = try await sql.raw("""
            SELECT \(ListRows.listColumns), \(callerAccess(player))
            FROM shopping_lists l LEFT JOIN list_shares s ON s.list_id = l.id AND s.player_id = \(bind: player)
            WHERE l.id = \(bind: id)
            """).first() else { return [] }
        let list = try Self.list(row)
        guard !list.deleted else { return [.list(list)] }
        let items = try await sql.raw("""
            SELECT \(ListRows.itemColumns) FROM list_items i WHERE i.list_id = \(bind: id) AND i.deleted_at IS NULL
            """).all().map { ListChange.item(try ListRows.item($0)) }
        return [.list(list)] + items
    }
}
