import Foundation
import GameMath
import PlayhouseAPI
import SQLKit

/// The parts of a bet that ``PlaceBet`` calls, in the order its documentation gives.
/// ``BetHistoryService`` reads bets back.
struct BetService: Sendable {
    let store: Store
    let now: Date
    /// On PostgreSQL, where bets placed at once are written together.
    let betsAtOnce: CombinedWrites<BetAtOnce>

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
        /// What the read found of a player's backed bet's wallet and seed, for placing it at once.
        var known: Known?
    }

    /// A player's wallet and current fairness seed as the bet's read found them.
    struct Known: Sendable {
        var walletID: UUID
        var balance: Int64
        /// The seed and the nonce the bet would take; nil before the player's first seed.
        var seed: FairnessService.Draw?
    }

    /// Checks the bet: the game is open, the currency and economy allowed, the wager a decimal within
    /// the game's limits, the paylines the game's own. A credit bet (`creditsFrom`, the game whose
    /// credits pay) takes that game's credit currency. Answers with the rows of what the caller reads
    /// `along` with the game (the bettor's session and limits), in the same statement. A `player`'s
    /// backed bet on PostgreSQL also reads their wallet and seed there (``Prepared/known``).
    func prepare(_ body: BetRequest, game slug: String, creditsFrom: String? = nil, kind: BetKind, app: AppRecord, player: UUID? = nil,
                 along: [ReadAlong] = []) async throws -> (bet: Prepared, along: [any SQLRow]) {
        // The currency the body names is read with the game; a credit bet's credits are found apart.
        let code = creditsFrom == nil ? body.currency?.uppercased() : nil
        let named = code.map { [CurrencyService.along(app: "g.app_id", code: $0)] } ?? []
        var wallet: LedgerAccountKey?, money: [ReadAlong] = []
        if kind == .backed, store.dialect == "postgresql", let player, let code, let economy = try? CurrencyService.economy(body.economy, app: app, currency: code) {
            let key = LedgerAccountKey.wallet(player, code, economy)
            wallet = key
            money = [Ledger.balanceAlong(app: "g.app_id", key),
                     FairnessService.along(app: "g.app_id", owner: FairnessService.owner(playerID: player, clientUserID: nil) ?? "")]
        }
        let (game, rows) = try await GameService(store: store, now: now).playable(appID: app.id, slug: slug, along: along + named + money)
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
        var known: Known?
        if let wallet, let account = try Ledger.balance(rows[0], appID: app.id, of: wallet) {
            known = Known(walletID: account.id, balance: account.balance, seed: try FairnessService.seed(rows[0]))
        }
        return (Prepared(game: game, kind: kind, creditGame: creditsFrom, currency: currency, economy: economy, minorUnits: digits, wager: wager,
                         stake: stake.partialValue, lines: lines, clientSeed: body.clientSeed, known: known), rows)
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

    /// Places a checked bet (``prepare(_:game:creditsFrom:kind:app:player:along:)``), step 3 of
    /// ``PlaceBet``: draws it and, once the wallet is seen to cover the stake, posts its money
    /// (``BetRecord/movement``) with the bet's record, all or nothing, with `claim`, which stores the
    /// answer under the request's idempotency key in the same write. One of two ways, the first
    /// that applies:
    ///
    /// 1. At once, when the bet's read found the wallet's balance and the player's current seed
    ///    (a player's backed bet on PostgreSQL) and no loss limit applies
    ///    (``placeAtOnce(_:by:in:claim:)``): the outcome is drawn from the seed as read (a provably
    ///    fair game's), and one statement, its own transaction, with the other bets placed at once
    ///    meanwhile (``BetAtOnce``), locks the seed if its nonce and client seed are still the ones
    ///    read, then the wallet if its balance is, claims the key, takes the nonce, and posts the
    ///    movement with the bet's record and figures. If anything changed since the read (or the
    ///    key is taken), it writes nothing, and:
    /// 2. In a transaction (``place(_:by:on:claim:)``): the player's lock for the loss limits, then
    ///    the wallet's lock with the nonce taken in one statement, and the movement in another.
    func place(_ bet: Prepared, by bettor: Bettor, in store: Store, claim: IdempotentRequest.KeyClaim?) async throws -> Bet {
        if let placed = try await placeAtOnce(bet, by: bettor, in: store, claim: claim) { return placed }
        return try await store.transaction { sql in try await place(bet, by: bettor, on: sql, claim: claim) }
    }

    /// The first way of ``place(_:by:in:claim:)``: nil, having written nothing, when it does not apply or
    /// what it read has changed.
    private func placeAtOnce(_ bet: Prepared, by bettor: Bettor, in store: Store, claim: IdempotentRequest.KeyClaim?) async throws -> Bet? {
        guard let known = bet.known, store.dialect == "postgresql", !store.inTransaction, let playerID = bettor.playerID,
              let currency = bet.currency, let economy = bet.economy, bettor.limits?.money(loss: true, currency: currency.code).isEmpty ?? true,
              known.balance >= bet.stake else { return nil }
        // Only a provably fair game draws from the seed (and takes its nonce); another is drawn at random.
        let seed = bet.game.definition.provablyFair ? known.seed : nil
        guard seed != nil || !bet.game.definition.provablyFair else { return nil }
        let draw = seed.map { seed in
            FairnessService.Draw(seedID: seed.seedID, serverSeed: seed.serverSeed, serverSeedHash: seed.serverSeedHash,
                                 clientSeed: bet.clientSeed ?? seed.clientSeed, nonce: seed.nonce)
        }
        let outcome = try self.outcome(bet, by: bettor, draw: draw, money: (LedgerAccountKey.wallet(playerID, currency.code, economy), known.balance))
        let house = try await Ledger.accountIDs([.app(.house, currency.code, economy)], appID: bettor.app.id, now: now, store: store)[0]
        let placing = BetAtOnce(playerID: playerID, seed: seed.map { BetAtOnce.Seed(id: $0.seedID, clientSeed: $0.clientSeed, nonce: $0.nonce) },
                                newClientSeed: bet.clientSeed, walletID: known.walletID, knownBalance: known.balance, houseID: house,
                                answer: try claim?.answer(for: outcome.answer), reference: outcome.reference, record: outcome.record)
        guard case .placed(let balance) = try await betsAtOnce.write(placing, on: store) else { return nil }
        // The wallet was locked at the balance read: the statement can only have found that one.
        guard balance == outcome.balanceAfter else { throw PlayhouseProblem(.internalServerError, .internalError) }
        try claim?.stored(true)
        return outcome.answer
    }

    /// The second way of ``place(_:by:in:claim:)``, inside the caller's money transaction; also an unbacked
    /// bet's whole placing. A backed bet's stake is first checked against the loss limits (under
    /// the player's lock); then the wallet's balance is locked and read, with the draw where there
    /// is one, so that the bet's answer, balance after included, is known before the bet is
    /// posted, and `claim` stores it with the request's idempotency key in the ledger's own statement.
    func place(_ bet: Prepared, by bettor: Bettor, on sql: any SQLDatabase, claim: IdempotentRequest.KeyClaim? = nil) async throws -> Bet {
        guard let owner = bettor.fairnessOwner else { throw PlayhouseProblem(.forbidden, .playerTokenRequired) }
        var money: (ledger: Ledger, wallet: LedgerAccountKey, lock: SQLQueryString)?
        if bet.kind.isBacked, let currency = bet.currency, let economy = bet.economy, let playerID = bettor.playerID {
            if let limits = bettor.limits {
                try await ResponsiblePlay.checkStake(bet.stake, currency: currency, playerID: playerID, limits: limits, now: now, on: sql)
            }
            let ledger = Ledger(sql: sql, appID: bettor.app.id, now: now), wallet = LedgerAccountKey.wallet(playerID, currency.code, economy)
            money = (ledger, wallet, ledger.balanceLock(try await ledger.accountID(wallet)))
        }

        var draw: FairnessService.Draw?
        var balance: Int64?
        if bet.game.definition.provablyFair {
            let seeds = try await FairnessService.draw(sql, appID: bettor.app.id, owner: owner, clientSeed: bet.clientSeed, now: now, locking: money?.lock)
            (draw, balance) = (seeds, seeds.lockedBalance)
        } else if let lock = money?.lock {
            balance = try await sql.raw(lock).first()?.decode(column: "balance", as: Int64.self)
        }
        if let money {
            guard let balance, balance >= bet.stake else { throw Ledger.insufficientFunds(money.wallet) }
        }
        let outcome = try self.outcome(bet, by: bettor, draw: draw, money: money.map { ($0.wallet, balance ?? 0) })
        guard let money, let transactionID = outcome.transactionID, let playerID = bettor.playerID else {
            for row in outcome.record.inserts { try await sql.raw(row.unconditional).run() }
            return outcome.answer
        }
        let posted = try await money.ledger.post(id: transactionID, kind: TransactionKind.bet.rawValue, playerID: playerID,
                                                 reference: outcome.reference, legs: outcome.legs, along: outcome.record.inserts,
                                                 claim: try claim?.statement(for: outcome.answer))
        try claim?.stored(posted.claimed)
        // The wallet was locked: the ledger can only have found the balance it was read with.
        guard posted.balances[money.wallet] == outcome.balanceAfter else { throw PlayhouseProblem(.internalServerError, .internalError) }
        return outcome.answer
    }

    /// What a bet comes to once drawn: its answer, and what it writes.
    private struct Outcome {
        var answer: Bet
        /// A backed bet's ledger transaction, its reference, legs and the wallet's balance after.
        var transactionID: UUID?
        var reference: String
        var legs: [(account: LedgerAccountKey, amount: Int64)]
        var balanceAfter: Int64?
        /// The bet's record and the figures it adds to, written with its money movement.
        var record: BetRecord
    }

    /// Spins the bet (from `draw`, the seeds of a provably fair game) and makes its answer and
    /// rows; a backed bet's `money` is its wallet and the balance it is placed from (which covers
    /// the stake).
    private func outcome(_ bet: Prepared, by bettor: Bettor, draw: FairnessService.Draw?,
                         money: (wallet: LedgerAccountKey, balance: Int64)?) throws -> Outcome {
        let spin: Spin
        if let draw {
            var source = FairOutcomeSource(serverSeed: draw.serverSeed, clientSeed: draw.clientSeed, nonce: UInt64(draw.nonce))
            spin = bet.game.machine.spin(lines: bet.lines, using: &source)
        } else {
            var source = SecureOutcomeSource()
            spin = bet.game.machine.spin(lines: bet.lines, using: &source)
        }
        let payout = bet.wager.multipliedReportingOverflow(by: Int64(spin.pays))
        guard !payout.overflow, payout.partialValue <= MinorUnits.maximum else {
            throw PlayhouseProblem(.unprocessableEntity, .wagerOutOfRange,
                                   parameters: ["min": bet.game.definition.minWager, "max": bet.game.definition.maxWager])
        }
        let transactionID = money.map { _ in UUID.random() }, balanceAfter = money.map { $0.balance - bet.stake + payout.partialValue }

        let betID = UUID.random()
        let paylines = bet.lines.map { bet.game.machine.paylines[$0] }
        let result = BetHistoryService.StoredResult(stops: spin.stops, window: spin.window, wins: spin.wins.map(BetHistoryService.StoredResult.StoredWin.init))
        let answer = BetHistoryService.bet(id: betID, game: bet.game.slug, creditGame: bet.creditGame, version: bet.game.version, kind: bet.kind,
                                           currency: bet.currency?.code, economy: bet.economy, digits: bet.minorUnits, wager: bet.wager, stake: bet.stake,
                                           payout: payout.partialValue, paylines: paylines, result: result,
                                           fairness: draw.map { BetFairness(serverSeedHash: $0.serverSeedHash, serverSeed: nil, clientSeed: $0.clientSeed,
                                                                            nonce: Int($0.nonce)) },
                                           transactionID: transactionID, balance: balanceAfter, createdAt: now)
        let record = BetRecord(betID: betID, appID: bettor.app.id, sessionID: bettor.sessionID, playerID: bettor.playerID,
                               clientUserID: bettor.playerID == nil ? bettor.clientUserID : nil, game: bet.game.slug, creditGame: bet.creditGame,
                               gameVersion: bet.game.version, kind: bet.kind, currency: bet.currency?.code, economy: bet.economy,
                               minorUnits: bet.minorUnits, wager: bet.wager, stake: bet.stake, payout: payout.partialValue,
                               paylines: Self.json(paylines), result: Self.json(result), seedID: draw?.seedID, clientSeed: draw?.clientSeed,
                               nonce: draw?.nonce, transactionID: transactionID, balanceAfter: balanceAfter, createdAt: now)
        var legs: [(account: LedgerAccountKey, amount: Int64)] = []
        if let money, let currency = bet.currency?.code, let economy = bet.economy {
            let house = LedgerAccountKey.app(.house, currency, economy)
            let moved = record.movement
            legs = [(money.wallet, -moved.debit), (house, moved.debit), (house, -moved.credit), (money.wallet, moved.credit)].filter { $0.amount != 0 }
        }
        return Outcome(answer: answer, transactionID: transactionID, reference: ERN.make("bet", betID.uuidString.lowercased()), legs: legs,
                       balanceAfter: balanceAfter, record: record)
    }

    private static func json(_ value: some Encodable) -> String {
        String(decoding: (try? PlayhouseJSON.makeEncoder().encodeBytes(value)) ?? Array("null".utf8), as: UTF8.self)
    }

    private static func powerOfTen(_ exponent: Int) -> Int64 {
        (0..<max(exponent, 0)).reduce(1) { value, _ in value * 10 }
    }
}
