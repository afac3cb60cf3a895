import Foundation
import Vapor

/// A request's query string, read from the URL once, and the value of each name in it: what
/// ``Vapor/Request/query(_:)`` reads a typed query from. Read straight from the URL: Vapor's form
/// decoder costs tens of microseconds a request, which a read that runs on every screen of a game
/// should not pay for a few values.
struct QueryString {
    private let text: String

    init(_ text: String?) {
        self.text = text ?? ""
    }

    /// Every name and value in order, decoded as ``subscript(_:)`` decodes them (a name without
    /// `=` has the value ""); nil for a name or value that does not decode.
    var pairs: [(name: String?, value: String?)] {
        text.split(separator: "&", omittingEmptySubsequences: true).map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            return (Self.decoded(parts[0]), parts.count == 2 ? Self.decoded(parts[1]) : "")
        }
    }

    /// Percent-decoded, `+` a space.
    private static func decoded(_ raw: Substring) -> String? {
        guard raw.utf8.contains(where: { $0 == UInt8(ascii: "%") || $0 == UInt8(ascii: "+") }) else { return String(raw) }
        return raw.replacingOccurrences(of: "+", with: " ").removingPercentEncoding
    }

    /// The value of `name` (the first, percent-decoded, `+` a space); nil when it is not there.
    subscript(name: String) -> String? {
        let bytes = text.utf8
        var start = bytes.startIndex
        while start < bytes.endIndex {
            let end = bytes[start...].firstIndex(of: UInt8(ascii: "&")) ?? bytes.endIndex
            let pair = bytes[start..<end]
            start = end < bytes.endIndex ? bytes.index(after: end) : end
            let equals = pair.firstIndex(of: UInt8(ascii: "="))
            guard pair[..<(equals ?? pair.endIndex)].elementsEqual(name.utf8) else { continue }
            guard let equals else { return "" }
            return Self.decoded(Substring(pair[bytes.index(after: equals)...]))
        }
        return nil
    }
}
