import Foundation
import GameMath
import PlayhouseAPI
import SQLKit

/// Places bets: checks them against the game, draws the outcome (from the player's fairness seeds
/// for a provably fair game), and for a backed bet moves the stake and the payout in one ledger
/// transaction, with the bet's record, in one database transaction. ``BetHistoryService`` reads them.
struct BetService: Sendable {
    let store: Store
    let now: Date

    /// Who bets: a player, or (unbacked only) the game's own user behind an unbacked token.
    struct Bettor: Sendable {
        var app: AppRecord
        var playerID: UUID?
        var clientUserID: String?
        /// The play session the bet counts in.
        var sessionID: UUID?
        /// The player's limits: a backed bet's stake is checked against the loss limits.
        var limits: Limits?

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
    /// credits pay) takes that game's credit currency. Answers with the rows of what the caller reads
    /// `along` with the game (the bettor's session and limits), in the same statement.
    func prepare(_ body: BetRequest, game slug: String, creditsFrom: String? = nil, kind: BetKind, app: AppRecord,
                 along: [ReadAlong] = []) async throws -> (bet: Prepared, along: [any SQLRow]) {
        // The currency the body names is read with the game; a credit bet's credits are found apart.
        let code = creditsFrom == nil ? body.currency?.uppercased() : nil
        let named = code.map { [CurrencyService.along(app: "g.app_id", code: $0)] } ?? []
        let (game, rows) = try await GameService(store: store, now: now).playable(appID: app.id, slug: slug, along: along + named)
        guard game.open else { throw PlayhouseProblem(.unprocessableEntity, .gameClosed, parameters: ["game": game.slug]) }
        let currency = try await currency(of: body, named: code == nil ? nil : try CurrencyService.currency(rows[0]), game: game,
                                          creditsFrom: creditsFrom, kind: kind, app: app)
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
        return (Prepared(game: game, kind: kind, creditGame: creditsFrom, currency: currency, economy: economy, minorUnits: digits, wager: wager,
                         stake: stake.partialValue, lines: lines, clientSeed: body.clientSeed), rows)
    }

    /// The bet's currency: a credit bet's game credits, or the one the body names (`named`, the
    /// app's currency of that code; the game must allow it; credits only through the credit path),
    /// which a backed bet must name.
    private func currency(of body: BetRequest, named: CurrencyInfo?, game: GameService.Playable, creditsFrom: String?, kind: BetKind,
                          app: AppRecord) async throws -> CurrencyInfo? {
        let currencies = CurrencyService(store: store)
        if let creditsFrom {
            guard try await GameService(store: store, now: now).find(appID: app.id, slug: creditsFrom) != nil else {
                throw PlayhouseProblem.gameNotFound(creditsFrom)
            }
            let credits = try await currencies.list(appID: app.id).first { $0.kind == .credit && $0.game == creditsFrom }
            guard let credits, body.currency.map({ $0.uppercased() == credits.code }) ?? true else {
                throw PlayhouseProblem(.unprocessableEntity, .currencyNotAllowed,
                                       parameters: ["currency": body.currency.map { String($0.prefix(20)) } ?? "\(creditsFrom) credits", "game": game.slug])
            }
            return credits
        } else if let code = body.currency {
            guard let found = named else {
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

    /// Draws and settles the bet, inside the caller's money transaction. A backed bet's stake is
    /// first checked against the loss limits (under the player's lock); then the wallet's balance is
    /// locked and read, with the draw where there is one, so that the bet's answer, balance after
    /// included, is known before the bet is posted, and `claim` stores it with the request's
    /// idempotency key in the ledger's own statement.
    func place(_ bet: Prepared, by bettor: Bettor, on sql: any SQLDatabase, claim: IdempotentRequest.KeyClaim? = nil) async throws -> Bet {
        guard let owner = bettor.fairnessOwner else { throw PlayhouseProblem(.forbidden, .playerTokenRequired) }
        var money: (ledger: Ledger, playerID: UUID, wallet: LedgerAccountKey, house: LedgerAccountKey, lock: SQLQueryString)?
        if bet.kind.isBacked, let currency = bet.currency, let economy = bet.economy, let playerID = bettor.playerID {
            if let limits = bettor.limits {
                try await ResponsiblePlay.checkStake(bet.stake, currency: currency, playerID: playerID, limits: limits, now: now, on: sql)
            }
            let ledger = Ledger(sql: sql, appID: bettor.app.id, now: now), wallet = LedgerAccountKey.wallet(playerID, currency.code, economy)
            money = (ledger, playerID, wallet, .app(.house, currency.code, economy), ledger.balanceLock(try await ledger.accountID(wallet)))
        }

        var draw: FairnessService.Draw?
        var balance: Int64?
        let spin: Spin
        if bet.game.definition.provablyFair {
            let seeds = try await FairnessService.draw(sql, appID: bettor.app.id, owner: owner, clientSeed: bet.clientSeed, now: now, locking: money?.lock)
            var source = FairOutcomeSource(serverSeed: seeds.serverSeed, clientSeed: seeds.clientSeed, nonce: UInt64(seeds.nonce))
            spin = bet.game.machine.spin(lines: bet.lines, using: &source)
            (draw, balance) = (seeds, seeds.lockedBalance)
        } else {
            if let lock = money?.lock { balance = try await sql.raw(lock).first()?.decode(column: "balance", as: Int64.self) }
            var source = SecureOutcomeSource()
            spin = bet.game.machine.spin(lines: bet.lines, using: &source)
        }
        let payout = bet.wager.multipliedReportingOverflow(by: Int64(spin.pays))
        guard !payout.overflow, payout.partialValue <= MinorUnits.maximum else {
            throw PlayhouseProblem(.unprocessableEntity, .wagerOutOfRange,
                                   parameters: ["min": bet.game.definition.minWager, "max": bet.game.definition.maxWager])
        }
        var transactionID: UUID?, balanceAfter: Int64?
        if let money {
            guard let balance, balance >= bet.stake else { throw Ledger.insufficientFunds(money.wallet) }
            (transactionID, balanceAfter) = (UUID(), balance - bet.stake + payout.partialValue)
        }

        let betID = UUID()
        let paylines = bet.lines.map { bet.game.machine.paylines[$0] }
        let result = BetHistoryService.StoredResult(stops: spin.stops, window: spin.window, wins: spin.wins.map(BetHistoryService.StoredResult.StoredWin.init))
        let answer = BetHistoryService.bet(id: betID, game: bet.game.slug, creditGame: bet.creditGame, version: bet.game.version, kind: bet.kind,
                                           currency: bet.currency?.code, economy: bet.economy, digits: bet.minorUnits, wager: bet.wager, stake: bet.stake,
                                           payout: payout.partialValue, paylines: paylines, result: result,
                                           fairness: draw.map { BetFairness(serverSeedHash: $0.serverSeedHash, serverSeed: nil, clientSeed: $0.clientSeed,
                                                                            nonce: Int($0.nonce)) },
                                           transactionID: transactionID, balance: balanceAfter, createdAt: now)
        // The bet's record and its session's figures, written with its money movement.
        var records: [SQLQueryString] = ["""
            INSERT INTO bets (bet_id, app_id, session_id, player_id, client_user_id, game_slug, credit_game, game_version, kind, currency, economy,
                              minor_units, wager, stake, payout, paylines, result, fairness_seed_id, client_seed, nonce, transaction_id, balance_after, created_at)
            VALUES (\(bind: betID), \(bind: bettor.app.id), \(bind: bettor.sessionID), \(bind: bettor.playerID), \(bind: bettor.playerID == nil ? bettor.clientUserID : nil),
                    \(bind: bet.game.slug), \(bind: bet.creditGame), \(bind: bet.game.version), \(bind: bet.kind.rawValue), \(bind: bet.currency?.code),
                    \(bind: bet.economy?.rawValue), \(bind: bet.minorUnits), \(bind: bet.wager), \(bind: bet.stake), \(bind: payout.partialValue),
                    \(bind: Self.json(paylines)), \(bind: Self.json(result)), \(bind: draw?.seedID), \(bind: draw?.clientSeed),
                    \(bind: draw?.nonce), \(bind: transactionID), \(bind: balanceAfter), \(bind: now))
            """]
        if bet.kind.isBacked, let playerID = bettor.playerID, let currency = bet.currency?.code {
            records.append(LossFigures.add(playerID: playerID, currency: currency, lost: bet.stake - payout.partialValue, at: now))
        }
        if let sessionID = bettor.sessionID {
            records.append(SessionBetTotals.add(.init(currency: bet.currency?.code, economy: bet.economy, minorUnits: bet.minorUnits, kind: bet.kind,
                                                      stake: bet.stake, payout: payout.partialValue), session: sessionID))
        }

        guard let money, let transactionID else {
            for write in records { try await sql.raw(write).run() }
            return answer
        }
        var legs: [(account: LedgerAccountKey, amount: Int64)] = [(money.wallet, -bet.stake), (money.house, bet.stake)]
        if payout.partialValue > 0 { legs += [(money.house, -payout.partialValue), (money.wallet, payout.partialValue)] }
        let posted = try await money.ledger.post(id: transactionID, kind: TransactionKind.bet.rawValue, playerID: money.playerID,
                                                 reference: ERN.make("bet", betID.uuidString.lowercased()), legs: legs, along: records,
                                                 claim: try claim?.statement(for: answer))
        // The wallet was locked: the ledger can only have found the balance it was read with.
        guard posted.balances[money.wallet] == balanceAfter else { throw PlayhouseProblem(.internalServerError, .internalError) }
        try claim?.stored(posted.claimed)
        return answer
    }

    private static func json(_ value: some Encodable) -> String {
        String(decoding: (try? JSONEncoder().encode(value)) ?? Data("null".utf8), as: UTF8.self)
    }

    private static func powerOfTen(_ exponent: Int) -> Int64 {
        (0..<max(exponent, 0)).reduce(1) { value, _ in value * 10 }
    }
}
