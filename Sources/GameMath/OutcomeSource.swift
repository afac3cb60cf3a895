/// Where a game's randomness comes from: uniformly distributed whole numbers.
public protocol OutcomeSource {
    /// A uniformly distributed integer in `0..<bound`; `bound` is at least 1.
    mutating func next(below bound: Int) -> Int
}

/// The operating system's cryptographically secure generator (`getrandom` on Linux,
/// `arc4random` on Apple platforms): what decides outcomes when a game is not provably fair.
public struct SecureOutcomeSource: OutcomeSource {
    private var generator = SystemRandomNumberGenerator()

    public init() {}

    public mutating func next(below bound: Int) -> Int {
        Int.random(in: 0..<bound, using: &generator)
    }
}

/// xoshiro256** seeded from the secure generator: fast and statistically sound, but predictable
/// once its state is known, so it is for simulations only, never for real outcomes.
public struct SimulationOutcomeSource: OutcomeSource {
    private var state: (UInt64, UInt64, UInt64, UInt64)

    public init() {
        var seeder = SystemRandomNumberGenerator()
        self.init(seed: seeder.next())
    }

    /// A reproducible sequence.
    public init(seed: UInt64) {
        var splitmix = seed
        func next() -> UInt64 {
            splitmix &+= 0x9E37_79B9_7F4A_7C15
            var z = splitmix
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        state = (next(), next(), next(), next())
    }

    @inline(__always)
    public mutating func nextWord() -> UInt64 {
        let result = rotate(state.1 &* 5, 7) &* 9
        let t = state.1 << 17
        state.2 ^= state.0
        state.3 ^= state.1
        state.1 ^= state.2
        state.0 ^= state.3
        state.2 ^= t
        state.3 = rotate(state.3, 45)
        return result
    }

    /// Lemire's nearly divisionless bounded draw: unbiased.
    @inline(__always)
    public mutating func next(below bound: Int) -> Int {
        let range = UInt64(bound)
        var product = nextWord().multipliedFullWidth(by: range)
        if product.low < range {
            let threshold = (0 &- range) % range
            while product.low < threshold { product = nextWord().multipliedFullWidth(by: range) }
        }
        return Int(product.high)
    }

    @inline(__always)
    private func rotate(_ x: UInt64, _ k: UInt64) -> UInt64 { (x << k) | (x >> (64 - k)) }
}
