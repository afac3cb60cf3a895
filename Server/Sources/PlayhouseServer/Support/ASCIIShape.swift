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

    /// `text` without the whitespace around it (Foundation's `.whitespaces`). Foundation's
    /// trimming costs microseconds on Linux, and such text (an amount, an address, a header) rarely
    /// has any: it is only asked when the first or last byte is not printable ASCII other than a space.
    static func trimmingWhitespace(_ text: String) -> String {
        let printable: ClosedRange<UInt8> = 0x21...0x7e
        guard let first = text.utf8.first, let last = text.utf8.last, printable.contains(first), printable.contains(last) else {
            return text.trimmingCharacters(in: .whitespaces)
        }
        return text
    }

    /// Whether the bytes `text` are `expected`'s but for the case of ASCII letters.
    static func equalsIgnoringCase(_ text: some Collection<UInt8>, _ expected: some Collection<UInt8>) -> Bool {
        text.count == expected.count && zip(text, expected).allSatisfy { lowercased($0) == lowercased($1) }
    }

    private static func lowercased(_ byte: UInt8) -> UInt8 { isUppercase(byte) ? byte + 0x20 : byte }

    /// `PlayerService.emailPattern`, byte by byte: a local part of `[A-Za-z0-9.!#$%&'*+/=?^_{|}~-]`,
    /// one `@`, and two or more dot-separated labels of letters, digits and inner hyphens. (A
    /// regular expression compiled on every sign-up cost a few per cent of its CPU.)
    static func isEmailAddress(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard let at = bytes.firstIndex(of: UInt8(ascii: "@")), at != bytes.startIndex else { return false }
        let local = "!#$%&'*+/=?^_{|}~-.".utf8
        guard bytes[..<at].allSatisfy({ isLetterOrDigit($0) || local.contains($0) }) else { return false }
        let labels = bytes[bytes.index(after: at)...].split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        return labels.count >= 2 && labels.allSatisfy { label in
            guard let first = label.first, let last = label.last, isLetterOrDigit(first), isLetterOrDigit(last) else { return false }
            return label.allSatisfy { isLetterOrDigit($0) || $0 == UInt8(ascii: "-") }
        }
    }

    /// `[A-Za-z]{2,3}([-_][A-Za-z0-9]{2,8})*`: a BCP 47 language tag such as `en`, `da-DK` or `de_AT`.
    static func isLocale(_ text: String) -> Bool {
        let parts = text.utf8.split(omittingEmptySubsequences: false) { $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "_") }
        guard let language = parts.first, (2...3).contains(language.count), language.allSatisfy(isLetter) else { return false }
        return parts.dropFirst().allSatisfy { (2...8).contains($0.count) && $0.allSatisfy(isLetterOrDigit) }
    }

    static func isLetter(_ byte: UInt8) -> Bool { isUppercase(byte) || isLowercase(byte) }
    static func isLetterOrDigit(_ byte: UInt8) -> Bool { isLetter(byte) || isDigit(byte) }
    /// The bytes of slugs and names: `[a-z0-9]`.
    static func isLowercaseOrDigit(_ byte: UInt8) -> Bool { isLowercase(byte) || isDigit(byte) }
    static func isDigit(_ byte: UInt8) -> Bool { (0x30...0x39).contains(byte) }
    static func isUppercase(_ byte: UInt8) -> Bool { (0x41...0x5a).contains(byte) }
    static func isLowercase(_ byte: UInt8) -> Bool { (0x61...0x7a).contains(byte) }
}
