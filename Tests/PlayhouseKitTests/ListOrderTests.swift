import PlayhouseAPI
import Testing

/// Positions in a list's order: there is always one between two, and they sort as made.
@Suite struct ListOrderTests {
    @Test func aPositionBetweenTwoSortsBetweenThem() {
        #expect(ListOrder.between(nil, nil) == "i")
        #expect(ListOrder.between("i", nil) == "j")
        #expect(ListOrder.between(nil, "i") == "h")
        #expect(ListOrder.between("i", "j") == "ii")
        #expect(ListOrder.between("i", "i1") == "i0i")
        #expect(ListOrder.between("z", nil) == "z1")
        #expect(ListOrder.between("zz", nil) == "zz1")
        #expect(ListOrder.between(nil, "1") == "0z")
        #expect(ListOrder.between(nil, "0z") == "0y")
        #expect(ListOrder.between(nil, "01") == "00z")
    }

    @Test func positionsOutOfOrderGoAfterTheLowOne() {
        #expect(ListOrder.between("r", "i") == "s")
        #expect(ListOrder.between("r", "r") == "s")
    }

    @Test func onlyTheAlphabetWithoutATrailingZeroIsAPosition() {
        #expect(ListOrder.isPosition("i0i"))
        #expect(!ListOrder.isPosition(""))
        #expect(!ListOrder.isPosition("i0"))
        #expect(!ListOrder.isPosition("I"))
    }

    /// Random inserts anywhere: every new position is strictly between its neighbours, all stay
    /// distinct, valid, and sorted as inserted; inserting at one spot again and again stays short.
    @Test(arguments: [1, 2, 3, 42])
    func randomInsertsKeepOneOrder(seed: UInt64) {
        var random = SplitMix(seed: seed)
        var order: [String] = []
        for _ in 0..<2000 {
            let slot = Int(random.next() % UInt64(order.count + 1))
            let low = slot > 0 ? order[slot - 1] : nil, high = slot < order.count ? order[slot] : nil
            let position = ListOrder.between(low, high)
            #expect(ListOrder.isPosition(position))
            if let low { #expect(low < position) }
            if let high { #expect(position < high) }
            order.insert(position, at: slot)
        }
        #expect(order == order.sorted())
        #expect(Set(order).count == order.count)

        var crowded: [String] = ["i", "j"]
        for _ in 0..<500 { crowded.insert(ListOrder.between(crowded[0], crowded[1]), at: 1) }
        #expect(crowded == crowded.sorted())
        #expect(crowded.map(\.count).max()! <= 110)

        // A list that only grows at its end, or at its top, keeps short positions.
        var appended = [ListOrder.between(nil, nil)], prepended = appended
        for _ in 0..<500 {
            appended.append(ListOrder.between(appended.last, nil))
            prepended.insert(ListOrder.between(nil, prepended.first), at: 0)
        }
        #expect(appended == appended.sorted() && prepended == prepended.sorted())
        #expect(appended.last!.count <= 16 && prepended.first!.count <= 16)
        #expect(appended.allSatisfy(ListOrder.isPosition) && prepended.allSatisfy(ListOrder.isPosition))
    }
}

/// A small seeded generator, so a failing seed can be run again.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
