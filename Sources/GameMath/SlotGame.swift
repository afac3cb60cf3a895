/// A reel slot: reel strips of symbols, a window of `rows` rows showing consecutive stops of each
/// reel, paylines through the window, line pays (left to right, wilds substituting) and scatter
/// pays (anywhere in the window).
///
/// Pays are whole multiples: a line pays `pays` × the line wager, a scatter pays `pays` × the total
/// stake (the line wager × the paylines played).
public struct SlotGame: Codable, Sendable, Equatable {
    public enum SymbolKind: String, Codable, Sendable {
        /// Pays on a line, left to right.
        case regular
        /// Stands in for any regular symbol on a line, and may pay on its own.
        case wild
        /// Pays anywhere in the window; never part of a line.
        case scatter
    }

    public struct Symbol: Codable, Sendable, Equatable {
        public var id: String
        public var kind: SymbolKind

        public init(id: String, kind: SymbolKind = .regular) {
            self.id = id
            self.kind = kind
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            id = try container.decode(String.self, forKey: .id)
            kind = try container.decodeIfPresent(SymbolKind.self, forKey: .kind) ?? .regular
        }
    }

    /// `count` of `symbol` (from the leftmost reel, on a line; or anywhere, for a scatter) pays `pays`.
    /// A longer run, or more scatters, pays the best pay listed for its count or fewer.
    public struct Pay: Codable, Sendable, Equatable {
        public var symbol: String
        public var count: Int
        public var pays: Int

        public init(symbol: String, count: Int, pays: Int) {
            self.symbol = symbol
            self.count = count
            self.pays = pays
        }
    }

    public var rows: Int
    public var symbols: [Symbol]
    /// One strip per reel, top to bottom; the window shows `rows` consecutive stops, wrapping.
    public var reels: [[String]]
    /// Each payline names one row (0 is the top) per reel, as Betable's `paylines` did: `[1, 1, 1]`.
    public var paylines: [[Int]]
    public var paytable: [Pay]
    public var scatterPays: [Pay]

    public init(rows: Int, symbols: [Symbol], reels: [[String]], paylines: [[Int]], paytable: [Pay], scatterPays: [Pay] = []) {
        self.rows = rows
        self.symbols = symbols
        self.reels = reels
        self.paylines = paylines
        self.paytable = paytable
        self.scatterPays = scatterPays
    }

    enum CodingKeys: String, CodingKey {
        case rows, symbols, reels, paylines, paytable
        case scatterPays = "scatter_pays"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        rows = try container.decode(Int.self, forKey: .rows)
        symbols = try container.decode([Symbol].self, forKey: .symbols)
        reels = try container.decode([[String]].self, forKey: .reels)
        paylines = try container.decode([[Int]].self, forKey: .paylines)
        paytable = try container.decodeIfPresent([Pay].self, forKey: .paytable) ?? []
        scatterPays = try container.decodeIfPresent([Pay].self, forKey: .scatterPays) ?? []
    }

    /// The most stop combinations a definition may have: the server enumerates every one of them
    /// to compute the exact return to player.
    public static let maxCombinations = 100_000_000

    /// What is inconsistent in the definition; empty when nothing is.
    public func problems() -> [String] {
        var problems: [String] = []
        let kinds = Dictionary(symbols.map { ($0.id, $0.kind) }) { first, _ in first }
        if kinds.count != symbols.count { problems.append("symbol ids must be unique") }
        if symbols.isEmpty { problems.append("a slot needs symbols") }
        if symbols.contains(where: { $0.id.isEmpty || $0.id.count > 32 }) { problems.append("a symbol id must be 1 to 32 characters") }
        if symbols.filter({ $0.kind == .wild }).count > 1 { problems.append("a slot has at most one wild symbol") }
        if !(1...10).contains(rows) { problems.append("rows must be 1 to 10") }
        if !(1...10).contains(reels.count) { problems.append("a slot has 1 to 10 reels") }
        for (index, reel) in reels.enumerated() {
            if reel.count < max(rows, 1) || reel.count > 1000 { problems.append("reel \(index + 1) must have \(max(rows, 1)) to 1000 stops") }
            for symbol in Set(reel) where kinds[symbol] == nil { problems.append("reel \(index + 1) has an unknown symbol \(symbol)") }
        }
        if !reels.isEmpty, reels.allSatisfy({ !$0.isEmpty }) {
            let combinations = reels.reduce(1.0) { $0 * Double($1.count) }
            if combinations > Double(Self.maxCombinations) {
                problems.append("the reels have \(Int(combinations)) stop combinations; at most \(Self.maxCombinations) can be enumerated")
            }
        }
        if paylines.isEmpty || paylines.count > 100 { problems.append("a slot has 1 to 100 paylines") }
        if Set(paylines).count != paylines.count { problems.append("paylines must be different") }
        for (index, line) in paylines.enumerated() where line.count != reels.count || line.contains(where: { !(0..<rows).contains($0) }) {
            problems.append("payline \(index + 1) must name one row (0 to \(rows - 1)) for each of the \(reels.count) reels")
        }
        for (table, pays, allowed) in [("paytable", paytable, [SymbolKind.regular, .wild]), ("scatter_pays", scatterPays, [.scatter])] {
            for pay in pays {
                guard let kind = kinds[pay.symbol] else { problems.append("\(table) names an unknown symbol \(pay.symbol)"); continue }
                if !allowed.contains(kind) { problems.append("\(table) cannot pay \(kind.rawValue) symbol \(pay.symbol)") }
                let most = table == "paytable" ? reels.count : reels.count * rows
                if !(1...max(most, 1)).contains(pay.count) { problems.append("\(table) count for \(pay.symbol) must be 1 to \(most)") }
                if !(1...1_000_000).contains(pay.pays) { problems.append("\(table) pays for \(pay.symbol) must be 1 to 1000000") }
            }
            if Set(pays.map { "\($0.symbol)#\($0.count)" }).count != pays.count { problems.append("\(table) pays a symbol and count twice") }
        }
        if paytable.isEmpty && scatterPays.isEmpty { problems.append("a slot must pay something") }
        return problems
    }
}
