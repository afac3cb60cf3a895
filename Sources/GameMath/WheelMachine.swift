/// A ``WheelGame`` ready to play.
public struct WheelMachine: Sendable {
    public let game: WheelGame

    public init(_ game: WheelGame) {
        precondition(game.problems().isEmpty, "a wheel with problems cannot be played: \(game.problems())")
        self.game = game
    }

    public func spin(segment: Int) -> Spin {
        let pays = game.segments[segment]
        return Spin(stops: [segment], window: [["x\(pays)"]],
                    wins: pays > 0 ? [Win(kind: .segment, count: 1, pays: pays)] : [], pays: pays)
    }

    public func report() -> MathReport {
        MathReport(combinations: UInt64(game.segments.count), totalPays: UInt64(game.segments.reduce(0, +)), stake: 1,
                   hits: UInt64(game.segments.filter { $0 > 0 }.count))
    }
}
