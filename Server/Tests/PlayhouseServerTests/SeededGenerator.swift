/// The tests' one random generator: small and deterministic (SplitMix64), so that a failing run
/// can be repeated from its seed.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9e37_79b9_7f4a_7c15
        var z = state
        z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
        z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
        return z ^ (z >> 31)
    }

    /// A number in [0, 1), from the top 53 bits.
    mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }
    mutating func between(_ low: Double, _ high: Double) -> Double { low + (high - low) * unit() }
}
