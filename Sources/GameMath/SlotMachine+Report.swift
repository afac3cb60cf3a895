extension SlotMachine {
    /// The exact figures with every payline played: what evaluating every combination of stops
    /// adds up to, counted reel by reel.
    ///
    /// Combinations that share their first reels share the lines' runs over those reels, so each
    /// run is read once per prefix rather than once per combination. Once every line's run has
    /// ended, the remaining reels can change only the scatters in the window: their stops are
    /// counted together by how many of each scatter they show, not one by one.
    public func report() -> MathReport {
        var count = ExactCount(self)
        count.explore(reel: 0, settled: 0)
        return MathReport(combinations: count.combinations, totalPays: count.totalPays, stake: UInt64(lines.count), hits: count.hits)
    }
}

/// The walk behind ``SlotMachine/report()``: depth first over the reels' stops. On the path it is
/// on, it keeps the lines whose run goes on with their runs, the pays of the lines whose run has
/// ended, and each scatter's count so far.
private struct ExactCount {
    let machine: SlotMachine
    let lineCount: Int
    let scatterCount: Int
    /// Per reel: the distinct numbers of each scatter its stops show in the window, and how many
    /// of its stops show them.
    let scatterColumns: [[(found: [Int], stops: UInt64)]]
    /// Before reel `r`: `goingOn[r]` lines still run on, `lineAt[r * lineCount + k]` and
    /// `runAt[r * lineCount + k]` for k below that.
    var goingOn: [Int]
    var lineAt: [Int]
    var runAt: [LineRun]
    /// `found[r * scatterCount + scatter]`: the scatters shown by the reels before `r`.
    var found: [Int]
    var combinations: UInt64 = 0
    var totalPays: UInt64 = 0
    var hits: UInt64 = 0

    init(_ machine: SlotMachine) {
        self.machine = machine
        lineCount = machine.lines.count
        scatterCount = machine.scatters.count
        scatterColumns = (0..<machine.reelCount).map { reel in
            var stopsShowing: [[Int]: UInt64] = [:]
            for stop in 0..<machine.lengths[reel] {
                stopsShowing[machine.scatters.map { $0.counts[reel][stop] }, default: 0] += 1
            }
            return stopsShowing.map { (found: $0.key, stops: $0.value) }
        }
        goingOn = [Int](repeating: 0, count: machine.reelCount + 1)
        goingOn[0] = lineCount
        lineAt = [Int](repeating: 0, count: (machine.reelCount + 1) * lineCount)
        for line in 0..<lineCount { lineAt[line] = line }
        runAt = [LineRun](repeating: LineRun(), count: (machine.reelCount + 1) * lineCount)
        found = [Int](repeating: 0, count: (machine.reelCount + 1) * scatterCount)
    }

    /// Counts every combination through the path's stops on the reels before `reel`, where the
    /// lines that have ended pay `settled`.
    mutating func explore(reel: Int, settled: Int) {
        let here = reel * lineCount, next = here + lineCount
        let lastReel = reel == machine.reelCount - 1
        for stop in 0..<machine.lengths[reel] {
            var settledHere = settled, goingOnHere = 0
            for k in 0..<goingOn[reel] {
                let line = lineAt[here + k]
                var run = runAt[here + k]
                run.read(machine.cells[reel][stop * machine.rows + machine.lines[line][reel]], of: machine)
                if run.ended || lastReel {
                    settledHere += machine.outcome(of: run).pays
                } else {
                    lineAt[next + goingOnHere] = line
                    runAt[next + goingOnHere] = run
                    goingOnHere += 1
                }
            }
            for scatter in 0..<scatterCount {
                found[(reel + 1) * scatterCount + scatter] = found[reel * scatterCount + scatter] + machine.scatters[scatter].counts[reel][stop]
            }
            goingOn[reel + 1] = goingOnHere
            if goingOnHere > 0 {
                explore(reel: reel + 1, settled: settledHere)
            } else {
                settle(reel: reel + 1, linesPay: settledHere, combinations: 1)
            }
        }
    }

    /// Counts the `combinations` paths that share the lines' pays from here on: the reels from
    /// `reel` matter only through the scatters they show.
    mutating func settle(reel: Int, linesPay: Int, combinations paths: UInt64) {
        guard reel < machine.reelCount else {
            var pays = linesPay
            for scatter in 0..<scatterCount {
                pays += machine.scatters[scatter].pays[found[reel * scatterCount + scatter]] * lineCount
            }
            combinations += paths
            totalPays += paths * UInt64(pays)
            if pays > 0 { hits += paths }
            return
        }
        for column in scatterColumns[reel] {
            for scatter in 0..<scatterCount {
                found[(reel + 1) * scatterCount + scatter] = found[reel * scatterCount + scatter] + column.found[scatter]
            }
            settle(reel: reel + 1, linesPay: linesPay, combinations: paths * column.stops)
        }
    }
}
