/// A ``SlotGame`` compiled for play: symbols as numbers, each reel's window at every stop laid out
/// flat, pays in tables indexed by symbol and count.
public struct SlotMachine: Sendable {
    public let game: SlotGame
    let rows: Int
    let reelCount: Int
    let lengths: [Int]
    /// Per reel: the symbol at `stop * rows + row`.
    let cells: [[Int]]
    /// Per payline: the offset of its row on each reel.
    let lines: [[Int]]
    let isWild: [Bool]
    let isScatter: [Bool]
    let wild: Int?
    /// `[symbol * (reelCount + 1) + count]`.
    private let linePays: [Int]
    /// Per scatter symbol: its index, its count in the window per reel and stop, and its pays by count.
    let scatters: [(symbol: Int, counts: [[Int]], pays: [Int])]

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
        var run = LineRun()
        for reel in 0..<reelCount where !run.ended {
            run.read(cells[reel][stops[reel] * rows + rowsOfLine[reel]], of: self)
        }
        return outcome(of: run)
    }

    /// What a line's run pays: its regular symbol's run or its leading wilds', whichever pays more.
    @inline(__always)
    func outcome(of run: LineRun) -> (symbol: Int, count: Int, pays: Int) {
        let stride = reelCount + 1
        let wildPays = wild.map { linePays[$0 * stride + run.wilds] } ?? 0
        let symbolPays = run.symbol >= 0 ? linePays[run.symbol * stride + run.count] : 0
        if wildPays > symbolPays, let wild { return (wild, run.wilds, wildPays) }
        return (run.symbol >= 0 ? run.symbol : (wild ?? 0), run.count, symbolPays)
    }
}

/// A payline read left to right, one reel at a time: the wilds it starts with, then its first
/// regular symbol and how far that symbol goes on, wilds standing in. A scatter, or another
/// regular symbol, ends it: later reels no longer change it.
struct LineRun {
    /// The wilds from the left, before the first regular symbol.
    var wilds = 0
    /// The first regular symbol; -1 while there is none.
    var symbol = -1
    /// The reels the run covers, its leading wilds included.
    var count = 0
    var ended = false

    /// Reads the next reel's symbol on the line.
    @inline(__always)
    mutating func read(_ cell: Int, of machine: SlotMachine) {
        if symbol < 0 {
            if machine.isWild[cell] {
                wilds += 1
                count += 1
            } else if machine.isScatter[cell] {
                ended = true
            } else {
                symbol = cell
                count += 1
            }
        } else if cell == symbol || machine.isWild[cell] {
            count += 1
        } else {
            ended = true
        }
    }
}
