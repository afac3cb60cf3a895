/// The shapes of short ASCII names (currency codes, game slugs, decimal amounts), checked byte by
/// byte: they are checked on every bet and deposit, where compiling a regular expression each
/// time cost more than the check.
enum ASCIIShape {
    /// `text` is `length` bytes long, its first byte passes `first` and every other passes `rest`.
    static func matches(_ text: some StringProtocol, length: ClosedRange<Int>, first: (UInt8) -> Bool, rest: (UInt8) -> Bool) -> Bool {
        let bytes = text.utf8
        guard length.contains(bytes.count), let head = bytes.first, first(head) else { return false }
        return bytes.dropFirst().allSatisfy(rest)
    }

    /// `[+-]?[0-9]{1,30}(\.[0-9]{1,30})?`: a decimal number, unsigned digits either side of an
    /// optional point.
    static func isDecimal(_ text: String) -> Bool {
        let unsigned = text.first == "+" || text.first == "-" ? text.dropFirst() : text[...]
        let parts = unsigned.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        return parts.allSatisfy { matches($0, length: 1...30, first: isDigit, rest: isDigit) }
    }

    /// `text` without the spaces and tabs around it (HTTP's optional whitespace): Foundation's
    /// `trimmingCharacters(in:)` costs microseconds a header, on every request.
    static func trimmingSpaces(_ text: Substring) -> Substring {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let start = text.firstIndex(where: { !isSpace($0) }), let end = text.lastIndex(where: { !isSpace($0) }) else { return "" }
        return text[start...end]
    }

    static func isDigit(_ byte: UInt8) -> Bool { (0x30...0x39).contains(byte) }
    static func isUppercase(_ byte: UInt8) -> Bool { (0x41...0x5a).contains(byte) }
    static func isLowercase(_ byte: UInt8) -> Bool { (0x61...0x7a).contains(byte) }
}
