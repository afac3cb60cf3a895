import Foundation

/// A game the app offers, as `GET /v1/games` lists it.
public struct GameInfo: Codable, Sendable, Equatable {
    /// The game's id within the app, as in `/v1/games/{id}/bet`: `lucky-sevens`.
    public var id: String
    /// `ern:game:<id>`.
    public var ern: String
    public var name: String
    /// `slot` or `wheel`.
    public var type: String
    /// `open`, or `closed` (bets are refused).
    public var status: String
    /// The smallest and largest wager: per payline for a slot.
    @DecimalString public var minWager: Decimal
    @DecimalString public var maxWager: Decimal
    /// The currencies bets may use; empty means any of the app's.
    public var currencies: [String]
    /// The paylines a slot bet may name, each one row (0 is the top) per reel.
    public var paylines: [[Int]]
    /// The exact return to player with every payline played, from enumerating every outcome (0.9527 is 95.27 %).
    public var rtp: Double
    /// The share of plays that pay anything.
    public var hitFrequency: Double
    public var provablyFair: Bool
    /// Grows each time the operator imports a new definition of the game.
    public var version: Int

    /// `minWager` and `maxWager` as the wire writes them (`"0.10"`).
    public init(id: String, ern: String, name: String, type: String, status: String, minWager: String, maxWager: String,
                currencies: [String], paylines: [[Int]], rtp: Double, hitFrequency: Double, provablyFair: Bool, version: Int) {
        self.id = id
        self.ern = ern
        self.name = name
        self.type = type
        self.status = status
        _minWager = DecimalString(text: minWager)
        _maxWager = DecimalString(text: maxWager)
        self.currencies = currencies
        self.paylines = paylines
        self.rtp = rtp
        self.hitFrequency = hitFrequency
        self.provablyFair = provablyFair
        self.version = version
    }

    enum CodingKeys: String, CodingKey {
        case currencies, ern, hitFrequency = "hit_frequency", id, maxWager = "max_wager", minWager = "min_wager", name, paylines,
            provablyFair = "provably_fair", rtp, status, type, version
    }
}

/// The body of a bet (Betable's): `{"currency": "EUR", "economy": "sandbox", "wager": "0.10", "paylines": [[1, 1, 1]]}`.
///
/// A slot's wager is per payline, so the stake is the wager × the paylines named; a wheel's is
/// the stake. An unbacked bet may leave out currency and economy.
public struct BetRequest: Codable, Sendable, Equatable {
    public var currency: String?
    public var economy: Economy?
    /// A decimal string, as `"0.10"`.
    public var wager: String
    /// The slot's paylines to play, each given by its rows; all of them when left out. Not for a wheel.
    public var paylines: [[Int]]?
    /// Sets the player's client seed before this bet (provably fair games).
    public var clientSeed: String?

    public init(currency: String? = nil, economy: Economy? = nil, wager: String, paylines: [[Int]]? = nil, clientSeed: String? = nil) {
        self.currency = currency
        self.economy = economy
        self.wager = wager
        self.paylines = paylines
        self.clientSeed = clientSeed
    }

    enum CodingKeys: String, CodingKey {
        case clientSeed = "client_seed", currency, economy, paylines, wager
    }
}

/// What kind of bet was placed.
public enum BetKind: String, Codable, Sendable, CaseIterable {
    /// Money from the player's wallet.
    case backed
    /// The same math with no money.
    case unbacked
    /// Paid with credits won in another game (Betable's credit bet).
    case credit
    /// A credit bet's math with no money.
    case unbackedCredit = "unbacked_credit"

    /// Whether the bet moves money.
    public var isBacked: Bool { self == .backed || self == .credit }
}

/// One thing that paid in a bet: a payline, scatter symbols or a wheel's segment.
public struct BetOutcome: Codable, Sendable, Equatable {
    /// Always `win` (plays that pay nothing list no outcomes).
    public var outcome: String
    /// `line`, `scatter` or `segment`.
    public var kind: String
    /// The payline's rows, for a line.
    public var payline: [Int]?
    public var symbol: String?
    /// How many symbols made the win.
    public var count: Int
    /// What it paid, in the bet's currency.
    @DecimalString public var payout: Decimal

    /// `payout` as the wire writes it (`"0.50"`).
    public init(outcome: String = "win", kind: String, payline: [Int]?, symbol: String?, count: Int, payout: String) {
        self.outcome = outcome
        self.kind = kind
        self.payline = payline
        self.symbol = symbol
        self.count = count
        _payout = DecimalString(text: payout)
    }
}

/// The seeds a provably fair bet was drawn from. `serverSeed` is there once the player has
/// rotated past it; until then only its hash is.
public struct BetFairness: Codable, Sendable, Equatable {
    public var serverSeedHash: String
    public var serverSeed: String?
    public var clientSeed: String
    public var nonce: Int

    public init(serverSeedHash: String, serverSeed: String?, clientSeed: String, nonce: Int) {
        self.serverSeedHash = serverSeedHash
        self.serverSeed = serverSeed
        self.clientSeed = clientSeed
        self.nonce = nonce
    }

    enum CodingKeys: String, CodingKey {
        case clientSeed = "client_seed", nonce, serverSeed = "server_seed", serverSeedHash = "server_seed_hash"
    }
}

/// A bet and its full outcome, as the bet call answers and the history keeps it.
public struct Bet: Codable, Sendable, Equatable {
    public var id: String
    /// `ern:bet:<id>`.
    public var ern: String
    public var game: String
    /// For a credit bet: the game whose credits paid for it.
    public var creditGame: String?
    /// The game definition's version the bet was played on.
    public var gameVersion: Int
    public var kind: BetKind
    public var currency: String?
    public var economy: Economy?
    /// Per payline for a slot, as sent.
    @DecimalString public var wager: Decimal
    /// What the bet cost: the wager × the paylines played (a 10-line slot at 0.10 a line: 1.00).
    @DecimalString public var stake: Decimal
    public var paylines: [[Int]]
    /// Rows × reels of symbols (a wheel: one row with its segment's pays, `"x2"`).
    public var window: [[String]]
    /// Where each reel stopped (its top row's position on the strip), or the wheel's segment.
    public var stops: [Int]
    public var outcomes: [BetOutcome]
    /// The total paid.
    @DecimalString public var payout: Decimal
    /// The wallet's balance right after the bet, for a backed bet.
    public var balance: Money?
    /// For provably fair games.
    public var fairness: BetFairness?
    /// The ledger transaction of a backed bet.
    public var transactionId: String?
    public var createdAt: Date

    /// The amounts (`wager`, `stake`, `payout`) as the wire writes them (`"0.10"`).
    public init(id: String, ern: String, game: String, creditGame: String? = nil, gameVersion: Int, kind: BetKind, currency: String?, economy: Economy?,
                wager: String, stake: String, paylines: [[Int]], window: [[String]], stops: [Int], outcomes: [BetOutcome],
                payout: String, balance: Money?, fairness: BetFairness?, transactionId: String?, createdAt: Date) {
        self.id = id
        self.ern = ern
        self.game = game
        self.creditGame = creditGame
        self.gameVersion = gameVersion
        self.kind = kind
        self.currency = currency
        self.economy = economy
        _wager = DecimalString(text: wager)
        _stake = DecimalString(text: stake)
        self.paylines = paylines
        self.window = window
        self.stops = stops
        self.outcomes = outcomes
        _payout = DecimalString(text: payout)
        self.balance = balance
        self.fairness = fairness
        self.transactionId = transactionId
        self.createdAt = createdAt
    }

    enum CodingKeys: String, CodingKey {
        case balance, createdAt = "created_at", creditGame = "credit_game", currency, economy, ern, fairness, game,
            gameVersion = "game_version", id, kind, outcomes, paylines, payout, stake, stops, transactionId = "transaction_id",
            wager, window
    }
}

/// The player's current fairness seeds: the hash of the server seed bets are drawn from now,
/// the client seed, and the nonce the next bet gets.
public struct FairnessSeeds: Codable, Sendable, Equatable {
    public var serverSeedHash: String
    public var clientSeed: String
    public var nextNonce: Int

    public init(serverSeedHash: String, clientSeed: String, nextNonce: Int) {
        self.serverSeedHash = serverSeedHash
        self.clientSeed = clientSeed
        self.nextNonce = nextNonce
    }

    enum CodingKeys: String, CodingKey {
        case clientSeed = "client_seed", nextNonce = "next_nonce", serverSeedHash = "server_seed_hash"
    }
}

/// The body of `PUT /v1/fairness/client-seed`.
public struct ClientSeedUpdate: Codable, Sendable, Equatable {
    /// 1 to 64 visible ASCII characters.
    public var clientSeed: String

    public init(clientSeed: String) { self.clientSeed = clientSeed }

    enum CodingKeys: String, CodingKey {
        case clientSeed = "client_seed"
    }
}

/// The answer to `POST /v1/fairness/rotate`: the server seed that is now revealed, so every bet
/// drawn from it can be checked, and the new seeds.
public struct FairnessRotation: Codable, Sendable, Equatable {
    public var revealed: RevealedSeed
    public var current: FairnessSeeds

    public init(revealed: RevealedSeed, current: FairnessSeeds) {
        self.revealed = revealed
        self.current = current
    }
}

/// A server seed after rotation, with the client seed and nonces its bets used.
public struct RevealedSeed: Codable, Sendable, Equatable {
    public var serverSeed: String
    public var serverSeedHash: String
    public var clientSeed: String
    /// Bets drawn from it used nonces 0 up to, but not including, this.
    public var nextNonce: Int

    public init(serverSeed: String, serverSeedHash: String, clientSeed: String, nextNonce: Int) {
        self.serverSeed = serverSeed
        self.serverSeedHash = serverSeedHash
        self.clientSeed = clientSeed
        self.nextNonce = nextNonce
    }

    enum CodingKeys: String, CodingKey {
        case clientSeed = "client_seed", nextNonce = "next_nonce", serverSeed = "server_seed", serverSeedHash = "server_seed_hash"
    }
}

/// What an operator's import of a game definition did (the admin API's
/// `POST /admin/v1/apps/{app}/games`): the game, whether it is new, and how many outcomes its RTP
/// was enumerated over.
public struct GameImport: Codable, Sendable, Equatable {
    public var game: GameInfo
    public var created: Bool
    public var combinations: UInt64

    public init(game: GameInfo, created: Bool, combinations: UInt64) {
        self.game = game
        self.created = created
        self.combinations = combinations
    }
}

/// A part of a simulation asked for (`POST /admin/v1/apps/{app}/games/{game}/simulation`): how
/// many spins to play, 1 to 200,000.
public struct GameSimulationOrder: Codable, Sendable, Equatable {
    public var spins: Int

    public init(spins: Int) {
        self.spins = spins
    }
}

/// A part of a simulation of a game (the admin API's `POST /admin/v1/apps/{app}/games/{game}/simulation`):
/// its sums, which add up over parts (the console's page runs several and shows the progress),
/// and what they come to so far.
public struct GameSimulationPart: Codable, Sendable, Equatable {
    public var spins: UInt64
    public var stake: UInt64
    public var totalPays: UInt64
    public var hits: UInt64
    public var sumOfSquaredReturns: Double
    public var rtp: Double
    public var standardError: Double
    public var exactRTP: Double

    public init(spins: UInt64, stake: UInt64, totalPays: UInt64, hits: UInt64, sumOfSquaredReturns: Double, rtp: Double,
                standardError: Double, exactRTP: Double) {
        self.spins = spins
        self.stake = stake
        self.totalPays = totalPays
        self.hits = hits
        self.sumOfSquaredReturns = sumOfSquaredReturns
        self.rtp = rtp
        self.standardError = standardError
        self.exactRTP = exactRTP
    }

    enum CodingKeys: String, CodingKey {
        case exactRTP = "exact_rtp", hits, rtp, spins, stake, standardError = "standard_error",
            sumOfSquaredReturns = "sum_of_squared_returns", totalPays = "total_pays"
    }
}
