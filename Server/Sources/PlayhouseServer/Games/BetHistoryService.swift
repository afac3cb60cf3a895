import Foundation
import GameMath
import PlayhouseAPI
import SQLKit

/// Reads bets back: a bettor's history and one bet with its full outcome, and a play session's
/// totals; and writes a bet's outcome the way it is stored and shown.
struct BetHistoryService: Sendable {
    let store: Store

    private static let selection: SQLQueryString = """
        SELECT b.seq, b.bet_id, b.game_slug, b.credit_game, b.game_version, b.kind, b.currency, b.economy, b.minor_units, b.wager, b.stake, b.payout,
               b.paylines, b.result, b.client_seed, b.nonce, b.transaction_id, b.balance_after, b.created_at,
               f.server_seed_hash, CASE WHEN f.revealed_at IS NULL THEN NULL ELSE f.server_seed END AS revealed_seed
        FROM bets b LEFT JOIN fairness_seeds f ON f.id = b.fairness_seed_id
        """

    private static func whose(_ bettor: BetService.Bettor) -> SQLQueryString {
        if let playerID = bettor.playerID { return " WHERE b.app_id = \(bind: bettor.app.id) AND b.player_id = \(bind: playerID)" }
        return " WHERE b.app_id = \(bind: bettor.app.id) AND b.client_user_id = \(bind: bettor.clientUserID ?? "")"
    }

    /// One page of the bettor's bets, newest first, optionally of one game. A page's position is its last bet's number.
    func history(_ bettor: BetService.Bettor, game: String?, page: PageRequest) async throws -> PlayhouseAPI.Page<Bet> {
        if let game, !GameService.isWellFormed(slug: game) { return .init(data: [], nextCursor: nil) }
        var query = Self.selection + Self.whose(bettor)
        if let game { query = query + " AND b.game_slug = \(bind: game)" }
        if let position = page.position { query = query + " AND b.seq < \(bind: position)" }
        query = query + " ORDER BY b.seq DESC LIMIT \(unsafeRaw: String(page.readLimit))"
        let rows = try await store.read { [query] sql in try await sql.raw(query).all() }
        let bets = try rows.prefix(page.limit).map(Self.bet)
        let last = try rows.prefix(page.limit).last?.decode(column: "seq", as: Int64.self)
        return page.page(bets, next: rows.count > page.limit ? last : nil)
    }

    /// The stake and payout of each of the bets `ids` that exists (a wallet's history shows them
    /// as a bet's legs, ``WalletService``).
    func stakes(of ids: [UUID]) async throws -> [UUID: (stake: Int64, payout: Int64)] {
        guard !ids.isEmpty else { return [:] }
        let rows = try await store.read { sql in try await sql.raw("SELECT bet_id, stake, payout FROM bets WHERE bet_id IN (\(binds: ids))").all() }
        var stakes: [UUID: (stake: Int64, payout: Int64)] = [:]
        for row in rows {
            stakes[try row.decode(column: "bet_id", as: UUID.self)] = (try row.decode(column: "stake", as: Int64.self),
                                                                       try row.decode(column: "payout", as: Int64.self))
        }
        return stakes
    }

    /// One of the bettor's bets; nil when it is not theirs or does not exist.
    func find(_ id: UUID, for bettor: BetService.Bettor) async throws -> Bet? {
        try await store.read { sql in try await sql.raw(Self.selection + Self.whose(bettor) + " AND b.bet_id = \(bind: id)").first() }.map(Self.bet)
    }

    private static func bet(_ row: any SQLRow) throws -> Bet {
        let result = try JSONDecoder().decode(StoredResult.self, from: Data(try row.decode(column: "result", as: String.self).utf8))
        let paylines = try JSONDecoder().decode([[Int]].self, from: Data(try row.decode(column: "paylines", as: String.self).utf8))
        var fairness: BetFairness?
        if let hash = try row.decode(column: "server_seed_hash", as: String?.self), let nonce = try row.decode(column: "nonce", as: Int64?.self) {
            fairness = BetFairness(serverSeedHash: hash, serverSeed: try row.decode(column: "revealed_seed", as: String?.self),
                                   clientSeed: try row.decode(column: "client_seed", as: String?.self) ?? "", nonce: Int(nonce))
        }
        return bet(id: try row.decode(column: "bet_id", as: UUID.self), game: try row.decode(column: "game_slug", as: String.self),
                   creditGame: try row.decode(column: "credit_game", as: String?.self),
                   version: try row.decode(column: "game_version", as: Int.self),
                   kind: BetKind(rawValue: try row.decode(column: "kind", as: String.self)) ?? .unbacked,
                   currency: try row.decode(column: "currency", as: String?.self),
                   economy: try row.decode(column: "economy", as: String?.self).flatMap(Economy.init(rawValue:)),
                   digits: try row.decode(column: "minor_units", as: Int.self), wager: try row.decode(column: "wager", as: Int64.self),
                   stake: try row.decode(column: "stake", as: Int64.self), payout: try row.decode(column: "payout", as: Int64.self),
                   paylines: paylines, result: result, fairness: fairness,
                   transactionID: try row.decode(column: "transaction_id", as: UUID?.self),
                   balance: try row.decode(column: "balance_after", as: Int64?.self), createdAt: try row.decode(column: "created_at", as: Date.self))
    }

    static func bet(id: UUID, game: String, creditGame: String?, version: Int, kind: BetKind, currency: String?, economy: Economy?, digits: Int,
                            wager: Int64, stake: Int64, payout: Int64, paylines: [[Int]], result: StoredResult, fairness: BetFairness?,
                            transactionID: UUID?, balance: Int64?, createdAt: Date) -> Bet {
        func amount(_ minor: Int64) -> String { MinorUnits.format(minor, digits: digits) }
        let outcomes = result.wins.map { win in
            BetOutcome(kind: win.kind, payline: win.payline, symbol: win.symbol, count: win.count, payout: amount(wager * Int64(win.pays)))
        }
        let text = id.uuidString.lowercased()
        return Bet(id: text, ern: ERN.make("bet", text), game: game, creditGame: creditGame, gameVersion: version, kind: kind, currency: currency, economy: economy,
                   wager: amount(wager), stake: amount(stake), paylines: paylines, window: result.window, stops: result.stops,
                   outcomes: outcomes, payout: amount(payout), balance: balance.flatMap { value in currency.map { Money(amount: amount(value), currency: $0) } },
                   fairness: fairness, transactionId: transactionID?.uuidString.lowercased(), createdAt: createdAt)
    }

    /// What a bet's `result` column holds: the draws, the window and the wins as multiples of the wager.
    struct StoredResult: Codable, Sendable {
        struct StoredWin: Codable, Sendable {
            var kind: String
            var payline: [Int]?
            var symbol: String?
            var count: Int
            var pays: Int

            init(_ win: Win) {
                kind = win.kind.rawValue
                payline = win.payline
                symbol = win.symbol
                count = win.count
                pays = win.pays
            }
        }

        var stops: [Int]
        var window: [[String]]
        var wins: [StoredWin]
    }

    /// Per currency and economy, the backed bets of a play session (count, staked, won, in the
    /// currency's minor units and decimals), and how many bets of any kind it had.
    struct SessionTotals: Sendable {
        struct Line: Sendable {
            var currency: String
            var economy: Economy
            var digits: Int
            var wagered: Int64
            var won: Int64
        }

        var bets: Int
        var lines: [Line]
    }

    /// The condition a bet that moved money meets (backed, or with game credits).
    static var isBacked: SQLQueryString {
        "kind IN (\(bind: BetKind.backed.rawValue), \(bind: BetKind.credit.rawValue))"
    }

    /// The session's totals as a query of their own, for a read that joins them to the session
    /// (every heartbeat asks): one row per currency and economy, with the columns
    /// ``SessionTotals/init(rows:)`` reads. Bets of any kind are counted, backed ones summed, as
    /// they were placed (``SessionBetTotals``).
    /// A statement counting the app's bets (on one game, when named) from `start` until `end` (as
    /// `n`), by its (app, time) index.
    static func count(appID: UUID, game: String?, from start: Date, to end: Date) -> SQLQueryString {
        let game: SQLQueryString = game.map { " AND game_slug = \(bind: $0)" } ?? ""
        return "SELECT COUNT(*) AS n FROM bets WHERE app_id = \(bind: appID) AND created_at >= \(bind: start) AND created_at < \(bind: end)\(game)"
    }

    static func totalsQuery(session sessionID: UUID) -> SQLQueryString {
        """
        SELECT NULLIF(currency, '') AS currency, NULLIF(economy, '') AS economy, minor_units, bets, backed, wagered, won
        FROM \(ident: SessionBetTotals.table) WHERE session_id = \(bind: sessionID)
        """
    }

    /// What the player lost in `currency` since `since`: stakes minus payouts of their backed bets,
    /// negative when they are ahead. On `sql`, so a money transaction reads its own snapshot.
    static func lost(playerID: UUID, currency: String, since: Date, on sql: any SQLDatabase) async throws -> Int64 {
        try await LossFigures.lost(playerID: playerID, currency: currency, since: since, on: sql)
    }
}

extension BetHistoryService.SessionTotals {
    /// From rows of ``BetHistoryService/totalsQuery(session:)``; a row without a count (the empty
    /// side of an outer join) counts nothing.
    init(rows: [any SQLRow]) throws {
        var totals = Self(bets: 0, lines: [])
        for row in rows {
            guard let bets = try row.decode(column: "bets", as: Int?.self) else { continue }
            totals.bets += bets
            guard try row.decode(column: "backed", as: Int.self) > 0, let currency = try row.decode(column: "currency", as: String?.self) else { continue }
            totals.lines.append(Line(
                currency: currency, economy: Economy(rawValue: try row.decode(column: "economy", as: String?.self) ?? "") ?? .sandbox,
                digits: try row.decode(column: "minor_units", as: Int.self),
                wagered: try row.decode(column: "wagered", as: Int64.self), won: try row.decode(column: "won", as: Int64.self)))
        }
        self = totals
    }
}
