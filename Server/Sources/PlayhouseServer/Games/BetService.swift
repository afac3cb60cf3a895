import Fluent
import Foundation
import GameMath
import PlayhouseAPI
import SQLKit

/// Places bets: checks them against the game, draws the outcome (from the player's fairness seeds
/// for a provably fair game), and for a backed bet moves the stake and the payout in one ledger
/// transaction, with the bet's record, in one database transaction.
struct BetService: Sendable {
    let database: any Database
    let writer: MoneyWriter
    let now: Date

    /// Who bets: a player, or (unbacked only) the game's own user behind an unbacked token.
    struct Bettor: Sendable {
        var app: AppRecord
        var playerID: UUID?
        var clientUserID: String?
        /// The play session the bet counts in.
        var sessionID: UUID?

        var fairnessOwner: String? { FairnessService.owner(playerID: playerID, clientUserID: clientUserID) }
    }

    /// A bet that passed every check that needs no transaction.
    struct Prepared: Sendable {
        var game: GameService.Playable
        var kind: BetKind
        /// For a credit bet: the game whose credits pay.
        var creditGame: String?
        var currency: CurrencyInfo?
        var economy: Economy?
        var minorUnits: Int
        var wager: Int64
        var stake: Int64
        var lines: [Int]
        var clientSeed: String?
    }

    /// Checks the bet: the game is open, the currency and economy allowed, the wager a decimal within
    /// the game's limits, the paylines the game's own. A credit bet (`creditsFrom`, the game whose
    /// credits pay) takes that game's credit currency.
    func prepare(_ body: BetRequest, game slug: String, creditsFrom: String? = nil, kind: BetKind, app: AppRecord) async throws -> Prepared {
        let game = try await GameService(database: database, now: now).playable(appID: app.id, slug: slug)
        guard game.open else { throw PlayhouseProblem(.unprocessableEntity, .gameClosed, parameters: ["game": game.slug]) }

        let currency = try await currency(of: body, game: game, creditsFrom: creditsFrom, kind: kind, app: app)
        var economy: Economy?
        if kind.isBacked, let code = currency?.code { economy = try CurrencyService.economy(body.economy, app: app, currency: code) }

        let digits = currency?.minorUnits ?? 2
        let wager: Int64
        switch MinorUnits.parse(body.wager, digits: digits) {
        case .success(let value): wager = value
        case .failure(let error): throw error.problem(field: "wager")
        }
        let scaled = wager.multipliedReportingOverflow(by: Self.powerOfTen(4 - digits))
        guard let low = GameService.limit(game.definition.minWager), let high = GameService.limit(game.definition.maxWager),
              !scaled.overflow, (low...high).contains(scaled.partialValue) else {
            throw PlayhouseProblem(.unprocessableEntity, .wagerOutOfRange,
                                   parameters: ["min": game.definition.minWager, "max": game.definition.maxWager])
        }

        let lines: [Int]
        if let paylines = body.paylines {
            guard !(paylines.isEmpty && !game.machine.paylines.isEmpty), Set(paylines).count == paylines.count else {
                throw PlayhouseProblem.validation([.init(name: "paylines", code: "invalid_value")])
            }
            switch game.machine.paylineIndices(paylines) {
            case .success(let indices): lines = indices
            case .failure(let unknown):
                throw PlayhouseProblem(.unprocessableEntity, .unknownPayline,
                                       parameters: ["payline": "[" + unknown.payline.prefix(10).map(String.init).joined(separator: ",") + "]"])
            }
        } else {
            lines = Array(game.machine.paylines.indices)
        }
        if let seed = body.clientSeed, !FairnessService.isValidClientSeed(seed) {
            throw PlayhouseProblem.validation([.init(name: "client_seed", code: "invalid_value")])
        }
        let stake = wager.multipliedReportingOverflow(by: Int64(max(lines.count, 1)))
        guard !stake.overflow, stake.partialValue <= MinorUnits.maximum else {
            throw PlayhouseProblem(.unprocessableEntity, .invalidAmount, fields: [.init(name: "wager", code: "too_large")])
        }
        return Prepared(game: game, kind: kind, creditGame: creditsFrom, currency: currency, economy: economy, minorUnits: digits, wager: wager,
                        stake: stake.partialValue, lines: lines, clientSeed: body.clientSeed)
    }

    /// The bet's currency: a credit bet's game credits, or the one the body names (the game must
    /// allow it; credits only through the credit path), which a backed bet must name.
    private func currency(of body: BetRequest, game: GameService.Playable, creditsFrom: String?, kind: BetKind,
                          app: AppRecord) async throws -> CurrencyInfo? {
        let currencies = CurrencyService(database: database)
        if let creditsFrom {
            guard try await GameService(database: database, now: now).find(appID: app.id, slug: creditsFrom) != nil else {
                throw PlayhouseProblem(.notFound, .gameNotFound, parameters: ["game": String(creditsFrom.prefix(64))])
            }
            let credits = try await currencies.list(appID: app.id).first { $0.kind == .credit && $0.game == creditsFrom }
            guard let credits, body.currency.map({ $0.uppercased() == credits.code }) ?? true else {
                throw PlayhouseProblem(.unprocessableEntity, .currencyNotAllowed,
                                       parameters: ["currency": body.currency.map { String($0.prefix(20)) } ?? "\(creditsFrom) credits", "game": game.slug])
            }
            return credits
        } else if let code = body.currency {
            guard let found = try await currencies.find(appID: app.id, code: code.uppercased()) else {
                throw PlayhouseProblem(.unprocessableEntity, .unknownCurrency, parameters: ["currency": String(code.prefix(20))])
            }
            let allowed = game.definition.currencies.isEmpty || game.definition.currencies.contains(found.code)
            guard allowed && found.kind != .credit else {
                throw PlayhouseProblem(.unprocessableEntity, .currencyNotAllowed, parameters: ["currency": found.code, "game": game.slug])
            }
            return found
        } else if kind.isBacked {
            throw PlayhouseProblem.validation([.init(name: "currency", code: "required")])
        }
        return nil
    }

    /// Draws and settles the bet, inside the caller's money transaction.
    func place(_ bet: Prepared, by bettor: Bettor, on sql: any SQLDatabase) async throws -> Bet {
        guard let owner = bettor.fairnessOwner else { throw PlayhouseProblem(.forbidden, .playerTokenRequired) }
        var draw: FairnessService.Draw?
        let spin: Spin
        if bet.game.definition.provablyFair {
            let seeds = try await FairnessService.draw(sql, appID: bettor.app.id, owner: owner, clientSeed: bet.clientSeed, now: now)
            var source = FairOutcomeSource(serverSeed: seeds.serverSeed, clientSeed: seeds.clientSeed, nonce: UInt64(seeds.nonce))
            spin = bet.game.machine.spin(lines: bet.lines, using: &source)
            draw = seeds
        } else {
            var source = SecureOutcomeSource()
            spin = bet.game.machine.spin(lines: bet.lines, using: &source)
        }
        let payout = bet.wager.multipliedReportingOverflow(by: Int64(spin.pays))
        guard !payout.overflow, payout.partialValue <= MinorUnits.maximum else {
            throw PlayhouseProblem(.unprocessableEntity, .wagerOutOfRange,
                                   parameters: ["min": bet.game.definition.minWager, "max": bet.game.definition.maxWager])
        }

        let betID = UUID()
        var transactionID: UUID?
        var balance: Int64?
        if bet.kind.isBacked, let currency = bet.currency, let economy = bet.economy, let playerID = bettor.playerID {
            let wallet = LedgerAccountKey.wallet(playerID, currency.code, economy)
            let house = LedgerAccountKey.app(.house, currency.code, economy)
            var legs: [(account: LedgerAccountKey, amount: Int64)] = [(wallet, -bet.stake), (house, bet.stake)]
            if payout.partialValue > 0 { legs += [(house, -payout.partialValue), (wallet, payout.partialValue)] }
            let posted = try await Ledger(sql: sql, appID: bettor.app.id, now: now)
                .post(kind: TransactionKind.bet.rawValue, playerID: playerID, reference: ERN.make("bet", betID.uuidString.lowercased()), legs: legs)
            transactionID = posted.transactionID
            balance = posted.balances[wallet]
        }
        let paylines = bet.lines.map { bet.game.machine.paylines[$0] }
        let result = StoredResult(stops: spin.stops, window: spin.window, wins: spin.wins.map(StoredResult.StoredWin.init))
        try await sql.raw("""
            INSERT INTO bets (bet_id, app_id, session_id, player_id, client_user_id, game_slug, credit_game, game_version, kind, currency, economy, minor_units,
                              wager, stake, payout, paylines, result, fairness_seed_id, client_seed, nonce, transaction_id, balance_after, created_at)
            VALUES (\(bind: betID), \(bind: bettor.app.id), \(bind: bettor.sessionID), \(bind: bettor.playerID), \(bind: bettor.playerID == nil ? bettor.clientUserID : nil),
                    \(bind: bet.game.slug), \(bind: bet.creditGame), \(bind: bet.game.version), \(bind: bet.kind.rawValue), \(bind: bet.currency?.code),
                    \(bind: bet.economy?.rawValue), \(bind: bet.minorUnits), \(bind: bet.wager), \(bind: bet.stake), \(bind: payout.partialValue),
                    \(bind: Self.json(paylines)), \(bind: Self.json(result)), \(bind: draw?.seedID), \(bind: draw?.clientSeed),
                    \(bind: draw?.nonce), \(bind: transactionID), \(bind: balance), \(bind: now))
            """).run()
        return Self.bet(id: betID, game: bet.game.slug, creditGame: bet.creditGame, version: bet.game.version, kind: bet.kind, currency: bet.currency?.code,
                        economy: bet.economy, digits: bet.minorUnits, wager: bet.wager, stake: bet.stake, payout: payout.partialValue,
                        paylines: paylines, result: result,
                        fairness: draw.map { BetFairness(serverSeedHash: $0.serverSeedHash, serverSeed: nil, clientSeed: $0.clientSeed, nonce: Int($0.nonce)) },
                        transactionID: transactionID, balance: balance, createdAt: now)
    }

    // MARK: History

    private static let selection: SQLQueryString = """
        SELECT b.seq, b.bet_id, b.game_slug, b.credit_game, b.game_version, b.kind, b.currency, b.economy, b.minor_units, b.wager, b.stake, b.payout,
               b.paylines, b.result, b.client_seed, b.nonce, b.transaction_id, b.balance_after, b.created_at,
               f.server_seed_hash, CASE WHEN f.revealed_at IS NULL THEN NULL ELSE f.server_seed END AS revealed_seed
        FROM bets b LEFT JOIN fairness_seeds f ON f.id = b.fairness_seed_id
        """

    private static func whose(_ bettor: Bettor) -> SQLQueryString {
        if let playerID = bettor.playerID { return " WHERE b.app_id = \(bind: bettor.app.id) AND b.player_id = \(bind: playerID)" }
        return " WHERE b.app_id = \(bind: bettor.app.id) AND b.client_user_id = \(bind: bettor.clientUserID ?? "")"
    }

    /// One page of the bettor's bets, newest first, optionally of one game. The cursor is the last bet's position.
    func history(_ bettor: Bettor, game: String?, limit: Int, before cursor: Int64?) async throws -> PlayhouseAPI.Page<Bet> {
        if let game, game.range(of: "^[a-z0-9][a-z0-9-]{1,63}$", options: .regularExpression) == nil { return .init(data: [], nextCursor: nil) }
        var query = Self.selection + Self.whose(bettor)
        if let game { query = query + " AND b.game_slug = \(bind: game)" }
        if let cursor { query = query + " AND b.seq < \(bind: cursor)" }
        query = query + " ORDER BY b.seq DESC LIMIT \(unsafeRaw: String(limit + 1))"
        let rows = try await database.sql().raw(query).all()
        let bets = try rows.prefix(limit).map(Self.bet)
        let last = try rows.prefix(limit).last?.decode(column: "seq", as: Int64.self)
        return .init(data: bets, nextCursor: rows.count > limit ? last.map(String.init) : nil)
    }

    /// One of the bettor's bets; nil when it is not theirs or does not exist.
    func find(_ id: UUID, for bettor: Bettor) async throws -> Bet? {
        try await database.sql().raw(Self.selection + Self.whose(bettor) + " AND b.bet_id = \(bind: id)").first().map(Self.bet)
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

    private static func bet(id: UUID, game: String, creditGame: String?, version: Int, kind: BetKind, currency: String?, economy: Economy?, digits: Int,
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

    private static func json(_ value: some Encodable) -> String {
        String(decoding: (try? JSONEncoder().encode(value)) ?? Data("null".utf8), as: UTF8.self)
    }

    private static func powerOfTen(_ exponent: Int) -> Int64 {
        (0..<max(exponent, 0)).reduce(1) { value, _ in value * 10 }
    }
}
