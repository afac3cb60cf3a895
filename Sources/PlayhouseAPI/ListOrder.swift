/// Positions in an order of list items (and of lists): short texts over `0`–`9`, `a`–`z` that sort
/// in byte order, read as fractions between 0 and 1, so that there is always another position
/// between any two. Moving an item gives it one new position and changes no other item, so
/// concurrent moves never lose, duplicate or cycle an item, and every replica that takes the
/// server's positions shows the same order. Two positions are never equal among the items of one
/// list when the server made them; items sort by position, then by id.
public enum ListOrder {
    private static let alphabet = Array("0123456789abcdefghijklmnopqrstuvwxyz".utf8)
    private static let base = 36

    /// A position after `low` (none: the start) and before `high` (none: the end). Both must be
    /// positions this function made (or none), with `low < high`; when they are not in order (a
    /// position from elsewhere), the answer comes after `low`.
    ///
    /// At either end (a new last item, a move to the top) the answer is the next position after
    /// `low` (or before `high`) rather than the middle of what is left, so a list that grows at
    /// its end grows its positions by one character every 35 items, not every 5.
    public static func between(_ low: String?, _ high: String?) -> String {
        let lowDigits = low.flatMap(digits)
        var highDigits = high.flatMap(digits)
        if let low, let high, !(low < high) { highDigits = nil }
        let answer: [Int] = switch (lowDigits, highDigits) {
        case (let low?, nil): after(low)
        case (nil, let high?): before(high)
        default: midpoint(lowDigits ?? [], highDigits)
        }
        return String(decoding: answer.map { alphabet[$0] }, as: UTF8.self)
    }

    /// The shortest position after `low` that steps its first digit that can step.
    private static func after(_ low: [Int]) -> [Int] {
        guard let first = low.first else { return [1] }
        return first < base - 1 ? [first + 1] : [first] + after(Array(low.dropFirst()))
    }

    /// The shortest position before `high` (none left: the end) that steps its first digit down.
    private static func before(_ high: [Int]) -> [Int] {
        let first = high.first ?? base
        return first > 1 ? [first - 1] : [0] + before(Array(high.dropFirst()))
    }

    /// Whether `text` is a position: one or more of the alphabet's characters, not ending in `0`.
    public static func isPosition(_ text: String) -> Bool {
        !text.isEmpty && text.utf8.last != UInt8(ascii: "0") && digits(text) != nil
    }

    /// The digits of `text`; nil when a character is not of the alphabet.
    private static func digits(_ text: String) -> [Int]? {
        var digits: [Int] = []
        for byte in text.utf8 {
            guard let digit = alphabet.firstIndex(of: byte) else { return nil }
            digits.append(digit)
        }
        return digits
    }

    /// The shortest fraction strictly between `low` and `high` (nil: 1), with `low < high` and
    /// neither ending in 0.
    private static func midpoint(_ low: [Int], _ high: [Int]?) -> [Int] {
        if let high {
            var common = 0
            while common < high.count && (common < low.count ? low[common] : 0) == high[common] { common += 1 }
            if common > 0 {
                return Array(high[..<common]) + midpoint(Array(low.dropFirst(common)), Array(high.dropFirst(common)))
            }
        }
        let lowDigit = low.first ?? 0
        let highDigit = high?.first ?? base
        if highDigit - lowDigit > 1 { return [(lowDigit + highDigit) / 2] }
        // Neighbouring digits: the high one alone is between when the high position goes on;
        // otherwise keep the low digit and go on after the rest of low.
        if let high, high.count > 1 { return [high[0]] }
        return [lowDigit] + midpoint(Array(low.dropFirst()), nil)
    }
}

/// The sizes an operation's texts and counts must keep to, on the server and in the SDK (which
/// refuses an operation the server would, before queueing it).
public enum ListSizes {
    public static let nameLength = 100
    public static let descriptionLength = 500
    public static let unitLength = 20
    public static let count: ClosedRange<Int> = 1...9_999
}
