import Foundation
import GameMath
import Testing

/// A slot small enough to work out by hand: 3 reels, 1 row, 1 payline.
/// Reels A B W | A B W | A W. Pays: AAA 10, BBB 5, WWW 20. Of the 18 stop combinations these pay:
/// AAA, AAW, AWA, AWW, WAA, WAW, WWA (A three times: 7 × 10); BBW, BWW, WBW (B: 3 × 5); WWW (20).
/// Total 105 over 18 combinations: RTP 35/6, and 11 of them pay.
let handSlot = SlotGame(
    rows: 1,
    symbols: [.init(id: "A"), .init(id: "B"), .init(id: "W", kind: .wild)],
    reels: [["A", "B", "W"], ["A", "B", "W"], ["A", "W"]],
    paylines: [[0, 0, 0]],
    paytable: [.init(symbol: "A", count: 3, pays: 10), .init(symbol: "B", count: 3, pays: 5), .init(symbol: "W", count: 3, pays: 20)])

func definition(_ play: GameDefinition.Play, id: String = "test-game") -> GameDefinition {
    GameDefinition(id: id, name: "Test", minWager: "0.01", maxWager: "10", play: play)
}

/// Runs minutes of CPU-bound work on a thread of its own. On Swift's cooperative pool (two threads on
/// a two-core machine) it would starve every other test running beside it, and their real-time
/// timeouts would expire before they ran.
func onItsOwnThread<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
    await withCheckedContinuation { continuation in
        Thread { continuation.resume(returning: work()) }.start()
    }
}

func example(_ name: String) throws -> GameDefinition {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Server/Examples/games/\(name).json")
    return try JSONDecoder().decode(GameDefinition.self, from: Data(contentsOf: url))
}

@Suite struct ExactMathTests {
    @Test func aHandComputedSlotsReturnIsExact() throws {
        let report = try GameMachine(definition(.slot(handSlot))).report()
        #expect(report.combinations == 18)
        #expect(report.totalPays == 105)
        #expect(report.hits == 11)
        #expect(report.rtpFraction == (35, 6))
    }

    @Test func aWheelsReturnIsItsAveragePay() throws {
        let report = try GameMachine(definition(.wheel(WheelGame(segments: [0, 2, 0, 1, 0, 3, 0, 1])))).report()
        #expect(report.rtpFraction == (7, 8))
        #expect(report.hitFrequency == 0.5)
    }

    @Test func theExampleSlotReturns95Percent() async throws {
        // Worked out independently by the tuning script from each reel's symbol counts.
        let machine = try GameMachine(try example("lucky-sevens"))
        let report = await onItsOwnThread { machine.report() }
        #expect(report.combinations == 3_200_000)
        #expect(abs(report.rtp - 0.952696875) < 1e-12)
    }

    @Test func wildsStandInAndPayOnTheirOwnWhicheverPaysMore() throws {
        let machine = SlotMachine(handSlot)
        // W W A: the run of A (3, wilds standing in) pays 10; the wild run of 2 pays nothing.
        #expect(machine.spin(stops: [2, 2, 0], lines: [0]).wins == [Win(kind: .line, payline: [0, 0, 0], symbol: "A", count: 3, pays: 10)])
        #expect(machine.spin(stops: [2, 2, 1], lines: [0]).wins == [Win(kind: .line, payline: [0, 0, 0], symbol: "W", count: 3, pays: 20)])
        #expect(machine.spin(stops: [1, 0, 0], lines: [0]).pays == 0)
        #expect(machine.spin(stops: [0, 0, 0], lines: [0]).window == [["A", "A", "A"]])
    }

    @Test func scattersPayAnywhereTimesTheLinesPlayed() throws {
        let slot = SlotGame(rows: 2, symbols: [.init(id: "A"), .init(id: "S", kind: .scatter)],
                            reels: [["S", "A", "A"], ["A", "S", "A"], ["A", "A", "S"]],
                            paylines: [[0, 0, 0], [1, 1, 1]], paytable: [.init(symbol: "A", count: 3, pays: 4)],
                            scatterPays: [.init(symbol: "S", count: 2, pays: 3)])
        let machine = SlotMachine(slot)
        // Window rows: S A A / A S A: one scatter on reel 1 (top), one on reel 2 (bottom); no line.
        let spin = machine.spin(stops: [0, 0, 0], lines: [0, 1])
        #expect(spin.window == [["S", "A", "A"], ["A", "S", "A"]])
        #expect(spin.wins == [Win(kind: .scatter, symbol: "S", count: 2, pays: 6)])
        // The scatter breaks a line: A A A on the top row at stops 1,2,0? Top row A A A pays 4 per line.
        let line = machine.spin(stops: [1, 2, 0], lines: [0])
        #expect(line.window[0] == ["A", "A", "A"])
        #expect(line.pays == 4)
    }

    @Test func inconsistentDefinitionsAreRefusedWithEveryReason() {
        var slot = handSlot
        slot.reels[1].append("X")
        slot.paylines.append([0, 3, 0])
        slot.paytable.append(.init(symbol: "Q", count: 3, pays: 1))
        #expect(throws: GameMachine.Invalid.self) { try GameMachine(definition(.slot(slot))) }
        let problems = slot.problems()
        #expect(problems.contains("reel 2 has an unknown symbol X"))
        #expect(problems.contains { $0.hasPrefix("payline 2 must name one row") })
        #expect(problems.contains("paytable names an unknown symbol Q"))
        #expect(!WheelGame(segments: [0, 0]).problems().isEmpty)
        #expect(definition(.wheel(WheelGame(segments: [1, 0])), id: "Bad Id").problems().contains { $0.hasPrefix("id must be") })
    }

    @Test func definitionsReadAndWriteTheDocumentedJSON() throws {
        let game = try example("lucky-sevens")
        #expect(game.type == "slot" && game.provablyFair && game.minWager == "0.01")
        let again = try JSONDecoder().decode(GameDefinition.self, from: JSONEncoder().encode(game))
        #expect(again == game)
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(GameDefinition.self, from: Data(#"{"id":"x","name":"x","type":"dice","min_wager":"1","max_wager":"2"}"#.utf8))
        }
    }
}

/// The reel-by-reel count of ``SlotMachine/report()`` against the definition of the figures: every
/// combination of stops evaluated with ``SlotMachine/pays(stops:lines:)``, on small random slots
/// (seeded) with wilds, several scatters and rows, and paylines on any row. Both read a line with
/// the same ``LineRun``: what a line pays is pinned by the hand-computed figures above; this suite
/// checks the counting.
@Suite struct ExactCountTests {
    /// Every combination of stops, one after the other: what ``SlotMachine/report()`` must add up to.
    static func everyCombination(_ slot: SlotGame) -> Figures {
        let machine = SlotMachine(slot)
        var stops = [Int](repeating: 0, count: slot.reels.count)
        var combinations: UInt64 = 0, totalPays: UInt64 = 0, hits: UInt64 = 0
        outer: while true {
            let pays = machine.pays(stops: stops, lines: slot.paylines.count)
            combinations += 1
            totalPays += UInt64(pays)
            if pays > 0 { hits += 1 }
            var reel = stops.count - 1
            while true {
                stops[reel] += 1
                if stops[reel] < slot.reels[reel].count { break }
                stops[reel] = 0
                if reel == 0 { break outer }
                reel -= 1
            }
        }
        return Figures(combinations: combinations, totalPays: totalPays, hits: hits)
    }

    /// What a report says of a slot, to compare.
    struct Figures: Equatable {
        var combinations: UInt64, totalPays: UInt64, hits: UInt64

        init(combinations: UInt64, totalPays: UInt64, hits: UInt64) {
            (self.combinations, self.totalPays, self.hits) = (combinations, totalPays, hits)
        }

        init(_ report: MathReport) {
            self.init(combinations: report.combinations, totalPays: report.totalPays, hits: report.hits)
        }
    }

    /// A slot drawn from `seed`: 1 to 3 rows, 1 to 5 reels of up to 7 stops, 2 to 4 regular
    /// symbols, a wild or not, up to 2 scatter symbols, up to 6 paylines.
    static func randomSlot(seed: UInt64) -> SlotGame {
        var random = SimulationOutcomeSource(seed: seed)
        let rows = 1 + random.next(below: 3)
        var symbols = (0..<(2 + random.next(below: 3))).map { SlotGame.Symbol(id: "R\($0)") }
        if random.next(below: 3) > 0 { symbols.append(.init(id: "W", kind: .wild)) }
        let scatters = (0..<random.next(below: 3)).map { SlotGame.Symbol(id: "S\($0)", kind: .scatter) }
        symbols += scatters
        let reelCount = 1 + random.next(below: 5)
        let reels = (0..<reelCount).map { _ in
            (0..<(rows + random.next(below: 8 - rows))).map { _ in symbols[random.next(below: symbols.count)].id }
        }
        var paylines: [[Int]] = []
        for _ in 0..<(1 + random.next(below: 6)) {
            let line = (0..<reelCount).map { _ in random.next(below: rows) }
            if !paylines.contains(line) { paylines.append(line) }
        }
        var paytable: [SlotGame.Pay] = []
        for symbol in symbols where symbol.kind != .scatter {
            for count in 1...reelCount where random.next(below: 2) == 0 {
                paytable.append(.init(symbol: symbol.id, count: count, pays: 1 + random.next(below: 50)))
            }
        }
        let scatterPays = scatters.flatMap { scatter in
            (1...(reelCount * rows)).filter { _ in random.next(below: 3) == 0 }.map { SlotGame.Pay(symbol: scatter.id, count: $0, pays: 1 + random.next(below: 20)) }
        }
        if paytable.isEmpty && scatterPays.isEmpty { paytable.append(.init(symbol: "R0", count: 1, pays: 1)) }
        return SlotGame(rows: rows, symbols: symbols, reels: reels, paylines: paylines, paytable: paytable, scatterPays: scatterPays)
    }

    @Test(arguments: 0..<200)
    func theCountIsEveryCombinationEvaluated(seed: UInt64) throws {
        let slot = Self.randomSlot(seed: seed)
        try #require(slot.problems().isEmpty, "\(slot.problems())")
        #expect(Figures(SlotMachine(slot).report()) == Self.everyCombination(slot), "\(slot)")
    }

    @Test func theHandComputedSlotAndTheExampleAreCountedAsEvaluated() throws {
        #expect(Figures(SlotMachine(handSlot).report()) == Self.everyCombination(handSlot))
        guard case .slot(let slot) = try example("lucky-sevens").play else {
            Issue.record("the example is not a slot")
            return
        }
        // The example on fewer stops (its first 8 of each reel), so that evaluating each one stays quick.
        var small = slot
        small.reels = slot.reels.map { Array($0.prefix(8)) }
        try #require(small.problems().isEmpty, "\(small.problems())")
        #expect(Figures(SlotMachine(small).report()) == Self.everyCombination(small))
    }
}

@Suite struct FairnessTests {
    let seed = "00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff"

    @Test func theSeedHashIsSHA256OfItsText() {
        #expect(Fairness.hash(serverSeed: seed) == "2a8abfa8cb9906290437854193ca6bca41d4d4e26d1d454bd66a35158095e737")
        #expect(Fairness.newServerSeed().count == 64 && Fairness.newServerSeed() != Fairness.newServerSeed())
    }

    // Expected draws computed with Python's hmac module following the documented algorithm.
    @Test func drawsFollowTheDocumentedAlgorithm() {
        var source = FairOutcomeSource(serverSeed: seed, clientSeed: "player-seed", nonce: 7)
        #expect((0..<12).map { _ in source.next(below: 20) } == [9, 9, 15, 3, 9, 16, 13, 4, 16, 14, 8, 3])
        var next = FairOutcomeSource(serverSeed: seed, clientSeed: "player-seed", nonce: 8)
        #expect((0..<5).map { _ in next.next(below: 20) } == [15, 18, 1, 7, 7])
    }

    @Test func aSpinIsReproducibleFromItsSeedsAndOnlyFromThem() throws {
        let machine = try GameMachine(try example("lucky-sevens"))
        func spin(_ serverSeed: String, _ client: String, _ nonce: UInt64) -> Spin {
            var source = FairOutcomeSource(serverSeed: serverSeed, clientSeed: client, nonce: nonce)
            return machine.spin(lines: Array(0..<10), using: &source)
        }
        let original = spin(seed, "player-seed", 7)
        #expect(original.stops == [9, 9, 15, 3, 9])
        #expect(spin(seed, "player-seed", 7) == original)
        #expect(spin(seed, "player-seed", 8).stops != original.stops)
        #expect(spin(Fairness.newServerSeed(), "player-seed", 7).stops != original.stops)
    }
}

@Suite struct SimulationTests {
    /// How many spins the simulation plays: 1 million on every run, the same ones each time (the
    /// draws are seeded); `PLAYHOUSE_SIMULATED_SPINS=10000000` for the long version, which
    /// `scripts/bench-games` also plays (unseeded, in a release build, through the CLI).
    /// (At 1 million the 3.29-sigma band is about 3.2 times as wide as at 10 million: a bias of the
    /// simulation between the two widths shows only in the long version.)
    static let spins = max(4, ProcessInfo.processInfo.environment["PLAYHOUSE_SIMULATED_SPINS"].flatMap { Int($0) } ?? 1_000_000)

    /// The simulated spins of the example slot agree with its enumerated RTP within the 99.9%
    /// confidence interval (3.29 standard errors) of the simulation.
    @Test func simulatedSpinsAgreeWithTheEnumeratedReturn() async throws {
        let machine = try GameMachine(try example("lucky-sevens"))
        let exact = await onItsOwnThread { machine.report().rtp }
        let simulation = await withTaskGroup(of: Simulation.self) { group in
            // Seeded, so that the 3.29-sigma bound (one run in a thousand outside it by chance)
            // gives the same verdict every run.
            for part in 0..<4 {
                group.addTask {
                    await onItsOwnThread {
                        var source = SimulationOutcomeSource(seed: 39 + UInt64(part))
                        return machine.simulate(spins: Self.spins / 4, using: &source)
                    }
                }
            }
            var total = Simulation()
            for await part in group { total.add(part) }
            return total
        }
        #expect(simulation.spins == UInt64(Self.spins / 4 * 4))
        #expect(abs(simulation.rtp - exact) < 3.29 * simulation.standardError,
                "simulated \(simulation.rtp) ± \(simulation.standardError), exact \(exact)")
        #expect(simulation.standardError < 0.01)
    }
}
