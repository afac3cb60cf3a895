/// A ``SlotGame`` compiled for play: symbols as numbers, each reel's window at every stop laid out
/// flat, pays in tables indexed by symbol and count.
public struct SlotMachine: Sendable {
    public let game: SlotGame
    private let rows: Int
    private let reelCount: Int
    private let lengths: [Int]
    /// Per reel: the symbol at `stop * rows + row`.
    private let cells: [[Int]]
    /// Per payline: the offset of its row on each reel.
    private let lines: [[Int]]
    private let isWild: [Bool]
    private let isScatter: [Bool]
    private let wild: Int?
    /// `[symbol * (reelCount + 1) + count]`.
    private let linePays: [Int]
    /// Per scatter symbol: its index, its count in the window per reel and stop, and its pays by count.
    private let scatters: [(symbol: Int, counts: [[Int]], pays: [Int])]

    /// Compiles a game whose ``SlotGame/problems()`` are none.
    public init(_ game: SlotGame) {
        precondition(game.problems().isEmpty, "a slot with problems cannot be played: \(game.problems())")
        self.game = game
        rows = game.rows
        reelCount = game.reels.count
        let index = Dictionary(uniqueKeysWithValues: game.symbols.enumerated().map { ($1.id, $0) })
        let strips = game.reels.map { $0.map { index[$0]! } }
        lengths = strips.map(\.count)
        cells = strips.map { strip in
            (0..<strip.count).flatMap { stop in (0..<game.rows).map { strip[(stop + $0) % strip.count] } }
        }
        lines = game.paylines
        isWild = game.symbols.map { $0.kind == .wild }
        isScatter = game.symbols.map { $0.kind == .scatter }
        wild = game.symbols.firstIndex { $0.kind == .wild }
        var linePays = [Int](repeating: 0, count: game.symbols.count * (game.reels.count + 1))
        // A run pays the best pay for its length or less: a paytable that lists only 3 of a kind
        // still pays a run of 5.
        for pay in game.paytable {
            let row = index[pay.symbol]! * (game.reels.count + 1)
            for count in pay.count...game.reels.count { linePays[row + count] = max(linePays[row + count], pay.pays) }
        }
        self.linePays = linePays
        let windowSize = game.reels.count * game.rows
        scatters = game.symbols.indices.filter { game.symbols[$0].kind == .scatter }.map { symbol in
            var pays = [Int](repeating: 0, count: windowSize + 1)
            for pay in game.scatterPays where index[pay.symbol] == symbol {
                for count in pay.count...windowSize { pays[count] = max(pays[count], pay.pays) }
            }
            let counts = strips.map { strip in
                (0..<strip.count).map { stop in (0..<game.rows).filter { strip[(stop + $0) % strip.count] == symbol }.count }
            }
            return (symbol, counts, pays)
        }
    }

    /// The payline's index, for a payline given as rows; nil when the game has no such payline.
    public func paylineIndex(_ rows: [Int]) -> Int? { lines.firstIndex(of: rows) }

    /// Draws one stop per reel, left to right.
    public func draw(using source: inout some OutcomeSource, into stops: inout [Int]) {
        if stops.count != reelCount { stops = [Int](repeating: 0, count: reelCount) }
        for reel in 0..<reelCount { stops[reel] = source.next(below: lengths[reel]) }
    }

    /// The spin the stops show, with `lines` (payline indices) played.
    public func spin(stops: [Int], lines played: [Int]) -> Spin {
        let window = (0..<rows).map { row in (0..<reelCount).map { game.symbols[cells[$0][stops[$0] * rows + row]].id } }
        var wins: [Win] = []
        for line in played {
            let (symbol, count, pays) = linePay(stops, line)
            if pays > 0 { wins.append(Win(kind: .line, payline: lines[line], symbol: game.symbols[symbol].id, count: count, pays: pays)) }
        }
        for scatter in scatters {
            let count = Self.scatterCount(scatter.counts, stops)
            if scatter.pays[count] > 0 {
                wins.append(Win(kind: .scatter, symbol: game.symbols[scatter.symbol].id, count: count, pays: scatter.pays[count] * played.count))
            }
        }
        return Spin(stops: stops, window: window, wins: wins, pays: wins.reduce(0) { $0 + $1.pays })
    }

    /// What the stops pay with `lines` paylines played (the first ones): the simulation's fast path.
    @inline(__always)
    public func pays(stops: [Int], lines count: Int) -> Int {
        var total = 0
        for line in 0..<count { total += linePay(stops, line).pays }
        for scatter in scatters { total += scatter.pays[Self.scatterCount(scatter.counts, stops)] * count }
        return total
    }

    /// How many of a scatter symbol the window shows, from its count per reel and stop.
    @inline(__always)
    private static func scatterCount(_ counts: [[Int]], _ stops: [Int]) -> Int {
        var found = 0
        for reel in counts.indices { found += counts[reel][stops[reel]] }
        return found
    }

    /// The best pay of a line: the run of its first regular symbol (wilds standing in), or the
    /// run of wilds from the left, whichever pays more.
    @inline(__always)
    private func linePay(_ stops: [Int], _ line: Int) -> (symbol: Int, count: Int, pays: Int) {
        let rowsOfLine = lines[line]
        let stride = reelCount + 1
        var wildRun = 0
        var symbol = -1
        var count = 0
        for reel in 0..<reelCount {
            let cell = cells[reel][stops[reel] * rows + rowsOfLine[reel]]
            if symbol < 0 {
                if isWild[cell] { wildRun += 1; count += 1; continue }
                if isScatter[cell] { break }
                symbol = cell
                count += 1
            } else if cell == symbol || isWild[cell] {
                count += 1
            } else {
                break
            }
        }
        let wildPays = wild.map { linePays[$0 * stride + wildRun] } ?? 0
        let symbolPays = symbol >= 0 ? linePays[symbol * stride + count] : 0
        if wildPays > symbolPays, let wild { return (wild, wildRun, wildPays) }
        return (symbol >= 0 ? symbol : (wild ?? 0), count, symbolPays)
    }

    /// The exact figures with every payline played: every combination of stops, evaluated.
    public func report() -> MathReport {
        var stops = [Int](repeating: 0, count: reelCount)
        var combinations: UInt64 = 0, totalPays: UInt64 = 0, hits: UInt64 = 0
        let lineCount = lines.count
        outer: while true {
            let pays = self.pays(stops: stops, lines: lineCount)
            combinations += 1
            totalPays += UInt64(pays)
            if pays > 0 { hits += 1 }
            var reel = reelCount - 1
            while true {
                stops[reel] += 1
                if stops[reel] < lengths[reel] { break }
                stops[reel] = 0
                if reel == 0 { break outer }
                reel -= 1
            }
        }
        return MathReport(combinations: combinations, totalPays: totalPays, stake: UInt64(lineCount), hits: hits)
    }
}
