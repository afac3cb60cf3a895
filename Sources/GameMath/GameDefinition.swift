import Foundation

/// A game as its definition file describes it: what it is called, how it plays (a reel slot or a
/// wheel), and the limits the server applies to its wagers.
///
/// Definition files are JSON (or YAML, which the server's CLI reads into the same shape):
///
/// ```json
/// { "id": "lucky-sevens", "name": "Lucky Sevens", "type": "slot",
///   "min_wager": "0.01", "max_wager": "5.00", "currencies": ["EUR", "KRD"],
///   "rows": 3, "symbols": [{"id": "SEVEN"}, {"id": "WILD", "kind": "wild"}, …],
///   "reels": [["SEVEN", "BAR", …], …], "paylines": [[1, 1, 1], …],
///   "paytable": [{"symbol": "SEVEN", "count": 3, "pays": 50}, …] }
/// ```
public struct GameDefinition: Codable, Sendable, Equatable {
    /// The game's id within its app, used in paths: lower-case letters, digits and dashes.
    public var id: String
    public var name: String
    /// The smallest and largest wager (per payline for a slot), as decimal strings in the bet's currency.
    public var minWager: String
    public var maxWager: String
    /// The currencies bets may use; empty means any of the app's currencies.
    public var currencies: [String]
    /// Whether outcomes come from the player's fairness seeds (true, the default) or straight
    /// from the system's secure random generator.
    public var provablyFair: Bool
    public var play: Play

    public enum Play: Sendable, Equatable {
        case slot(SlotGame)
        case wheel(WheelGame)
    }

    public init(id: String, name: String, minWager: String, maxWager: String, currencies: [String] = [],
                provablyFair: Bool = true, play: Play) {
        self.id = id
        self.name = name
        self.minWager = minWager
        self.maxWager = maxWager
        self.currencies = currencies
        self.provablyFair = provablyFair
        self.play = play
    }

    /// `slot` or `wheel`.
    public var type: String {
        switch play {
        case .slot: "slot"
        case .wheel: "wheel"
        }
    }

    enum CodingKeys: String, CodingKey {
        case id, name, type, currencies
        case minWager = "min_wager"
        case maxWager = "max_wager"
        case provablyFair = "provably_fair"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        name = try container.decode(String.self, forKey: .name)
        minWager = try container.decode(String.self, forKey: .minWager)
        maxWager = try container.decode(String.self, forKey: .maxWager)
        currencies = try container.decodeIfPresent([String].self, forKey: .currencies) ?? []
        provablyFair = try container.decodeIfPresent(Bool.self, forKey: .provablyFair) ?? true
        switch try container.decode(String.self, forKey: .type) {
        case "slot": play = .slot(try SlotGame(from: decoder))
        case "wheel": play = .wheel(try WheelGame(from: decoder))
        case let other:
            throw DecodingError.dataCorruptedError(forKey: .type, in: container,
                                                   debugDescription: "unknown game type \(other); expected slot or wheel")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(name, forKey: .name)
        try container.encode(type, forKey: .type)
        try container.encode(minWager, forKey: .minWager)
        try container.encode(maxWager, forKey: .maxWager)
        try container.encode(currencies, forKey: .currencies)
        try container.encode(provablyFair, forKey: .provablyFair)
        switch play {
        case .slot(let slot): try slot.encode(to: encoder)
        case .wheel(let wheel): try wheel.encode(to: encoder)
        }
    }

    /// What is wrong with the definition's play (the server checks its money fields); empty when
    /// nothing is.
    public func problems() -> [String] {
        var problems: [String] = []
        if id.range(of: "^[a-z0-9][a-z0-9-]{1,63}$", options: .regularExpression) == nil {
            problems.append("id must be 2 to 64 lower-case letters, digits or dashes")
        }
        if name.trimmingCharacters(in: .whitespaces).isEmpty || name.count > 100 { problems.append("name must be 1 to 100 characters") }
        switch play {
        case .slot(let slot): problems += slot.problems()
        case .wheel(let wheel): problems += wheel.problems()
        }
        return problems
    }
}
