/// What one play of a game showed and paid.
public struct Spin: Sendable, Equatable {
    /// The draws: one stop per reel (the top row's position on each strip), or the wheel's segment.
    public var stops: [Int]
    /// Rows × reels of symbol ids, as Betable's `window`. A wheel shows one row: its segment's pays (`"x2"`).
    public var window: [[String]]
    public var wins: [Win]
    /// The total paid, as a multiple of the line wager (of the wager, for a wheel).
    public var pays: Int

    public init(stops: [Int], window: [[String]], wins: [Win], pays: Int) {
        self.stops = stops
        self.window = window
        self.wins = wins
        self.pays = pays
    }
}

/// One thing that paid in a spin.
public struct Win: Sendable, Equatable {
    public enum Kind: String, Sendable {
        /// A payline: `count` of `symbol` from the leftmost reel.
        case line
        /// `count` scatter symbols anywhere in the window.
        case scatter
        /// The wheel's segment.
        case segment
    }

    public var kind: Kind
    /// The payline's rows, for a line win.
    public var payline: [Int]?
    public var symbol: String?
    public var count: Int
    /// What it paid, as a multiple of the line wager (a scatter's pays × the paylines played).
    public var pays: Int

    public init(kind: Kind, payline: [Int]? = nil, symbol: String? = nil, count: Int, pays: Int) {
        self.kind = kind
        self.payline = payline
        self.symbol = symbol
        self.count = count
        self.pays = pays
    }
}

/// A game's exact figures, from enumerating every outcome with every payline played.
public struct MathReport: Sendable, Equatable {
    /// Every equally likely outcome: the product of the reel lengths, or the wheel's segments.
    public var combinations: UInt64
    /// All outcomes' pays together, in multiples of the line wager.
    public var totalPays: UInt64
    /// The stake of one play in line wagers: the slot's paylines, or 1.
    public var stake: UInt64
    /// Outcomes that pay anything.
    public var hits: UInt64

    /// Return to player, exactly: `totalPays / (combinations × stake)`.
    public var rtp: Double { Double(totalPays) / (Double(combinations) * Double(stake)) }
    public var hitFrequency: Double { Double(hits) / Double(combinations) }

    /// The return to player as a reduced fraction.
    public var rtpFraction: (numerator: UInt64, denominator: UInt64) {
        let denominator = combinations * stake
        let divisor = Self.gcd(totalPays, denominator)
        return (totalPays / divisor, denominator / divisor)
    }

    private static func gcd(_ a: UInt64, _ b: UInt64) -> UInt64 { b == 0 ? max(a, 1) : gcd(b, a % b) }
}
