/// A wheel of equally likely segments, each paying a whole multiple of the wager (0 loses).
public struct WheelGame: Codable, Sendable, Equatable {
    public var segments: [Int]

    public init(segments: [Int]) {
        self.segments = segments
    }

    public func problems() -> [String] {
        var problems: [String] = []
        if !(2...1000).contains(segments.count) { problems.append("a wheel has 2 to 1000 segments") }
        if segments.contains(where: { !(0...1_000_000).contains($0) }) { problems.append("a segment pays 0 to 1000000") }
        if !segments.contains(where: { $0 > 0 }) { problems.append("a wheel must pay something") }
        return problems
    }
}
