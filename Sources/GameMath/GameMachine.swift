/// A game definition compiled for play: draws outcomes, evaluates them, and computes the game's
/// exact figures.
public struct GameMachine: Sendable {
    public let definition: GameDefinition
    private let play: Play

    private enum Play: Sendable {
        case slot(SlotMachine)
        case wheel(WheelMachine)
    }

    public struct Invalid: Error, Sendable, CustomStringConvertible {
        public var problems: [String]
        public var description: String { problems.joined(separator: "; ") }
    }

    public init(_ definition: GameDefinition) throws(Invalid) {
        let problems = definition.problems()
        guard problems.isEmpty else { throw Invalid(problems: problems) }
        self.definition = definition
        switch definition.play {
        case .slot(let slot): play = .slot(SlotMachine(slot))
        case .wheel(let wheel): play = .wheel(WheelMachine(wheel))
        }
    }

    /// The paylines a play may name: the slot's, or none for a wheel.
    /// What each draw of a play is taken below, in order (``OutcomeSource/next(below:)``): each
    /// reel's length for a slot, the number of segments for a wheel. A provably fair play's stops
    /// are checked by drawing again with these.
    public var drawBounds: [Int] {
        switch play {
        case .slot(let slot): slot.game.reels.map(\.count)
        case .wheel(let wheel): [wheel.game.segments.count]
        }
    }

    public var paylines: [[Int]] {
        if case .slot(let slot) = play { return slot.game.paylines }
        return []
    }

    /// The payline indices of `rows`, or the first unknown payline.
    public func paylineIndices(_ rows: [[Int]]) -> Result<[Int], UnknownPayline> {
        guard case .slot(let slot) = play else { return rows.isEmpty ? .success([]) : .failure(UnknownPayline(payline: rows[0])) }
        var indices: [Int] = []
        for line in rows {
            guard let index = slot.paylineIndex(line) else { return .failure(UnknownPayline(payline: line)) }
            indices.append(index)
        }
        return .success(indices)
    }

    public struct UnknownPayline: Error, Sendable {
        public var payline: [Int]
    }

    /// One play with `lines` (payline indices; ignored by a wheel), drawn from `source`.
    public func spin(lines: [Int], using source: inout some OutcomeSource) -> Spin {
        switch play {
        case .slot(let slot):
            var stops: [Int] = []
            slot.draw(using: &source, into: &stops)
            return slot.spin(stops: stops, lines: lines)
        case .wheel(let wheel):
            return wheel.spin(segment: source.next(below: wheel.game.segments.count))
        }
    }

    /// The exact return to player and hit frequency, every payline played.
    public func report() -> MathReport {
        switch play {
        case .slot(let slot): slot.report()
        case .wheel(let wheel): wheel.report()
        }
    }

    /// Plays `spins` times with every payline, from `source`, and adds up what was staked and paid
    /// (in line wagers): a Monte Carlo estimate of the figures ``report()`` computes exactly.
    public func simulate(spins: Int, using source: inout some OutcomeSource) -> Simulation {
        var simulation = Simulation()
        switch play {
        case .slot(let slot):
            let lineCount = slot.game.paylines.count
            var stops: [Int] = []
            var sumOfSquares = 0.0
            for _ in 0..<spins {
                slot.draw(using: &source, into: &stops)
                let pays = slot.pays(stops: stops, lines: lineCount)
                simulation.totalPays += UInt64(pays)
                if pays > 0 { simulation.hits += 1 }
                let ratio = Double(pays) / Double(lineCount)
                sumOfSquares += ratio * ratio
            }
            simulation.spins = UInt64(spins)
            simulation.stake = UInt64(lineCount)
            simulation.sumOfSquaredReturns = sumOfSquares
        case .wheel(let wheel):
            var sumOfSquares = 0.0
            for _ in 0..<spins {
                let pays = wheel.game.segments[source.next(below: wheel.game.segments.count)]
                simulation.totalPays += UInt64(pays)
                if pays > 0 { simulation.hits += 1 }
                sumOfSquares += Double(pays * pays)
            }
            simulation.spins = UInt64(spins)
            simulation.stake = 1
            simulation.sumOfSquaredReturns = sumOfSquares
        }
        return simulation
    }
}

/// The sums of a Monte Carlo run, which combine across runs.
public struct Simulation: Sendable, Equatable {
    public var spins: UInt64 = 0
    public var stake: UInt64 = 1
    public var totalPays: UInt64 = 0
    public var hits: UInt64 = 0
    /// The sum over spins of (pays / stake)², for the variance.
    public var sumOfSquaredReturns: Double = 0

    public init() {}

    public var rtp: Double { spins == 0 ? 0 : Double(totalPays) / (Double(spins) * Double(stake)) }
    public var hitFrequency: Double { spins == 0 ? 0 : Double(hits) / Double(spins) }

    /// The standard error of ``rtp``: the spread of one spin's return over √spins.
    public var standardError: Double {
        guard spins > 1 else { return .infinity }
        let n = Double(spins)
        let variance = max(sumOfSquaredReturns / n - rtp * rtp, 0) * n / (n - 1)
        return (variance / n).squareRoot()
    }

    public mutating func add(_ other: Simulation) {
        spins += other.spins
        stake = other.stake
        totalPays += other.totalPays
        hits += other.hits
        sumOfSquaredReturns += other.sumOfSquaredReturns
    }
}

extension GameMachine {
    /// Re-derives a provably fair play from its seeds, as anyone can once the server seed is
    /// revealed; nil when the game has no such paylines.
    public func replay(serverSeed: String, clientSeed: String, nonce: UInt64, paylines: [[Int]]) -> Spin? {
        guard case .success(let lines) = paylineIndices(paylines) else { return nil }
        var source = FairOutcomeSource(serverSeed: serverSeed, clientSeed: clientSeed, nonce: nonce)
        return spin(lines: lines, using: &source)
    }
}
