import Foundation
import Vapor

extension Request {
    /// The value of `name` in the query string (the first, percent-decoded, `+` a space); nil when
    /// it is not there. Read straight from the URL: Vapor's form decoder costs tens of microseconds
    /// a request, which a read that runs on every screen of a game should not pay for one value.
    func queryValue(_ name: String) -> String? {
        guard let query = url.query else { return nil }
        for pair in query.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts[0] == name else { continue }
            guard parts.count == 2 else { return "" }
            let raw = parts[1]
            guard raw.contains("%") || raw.contains("+") else { return String(raw) }
            return String(raw).replacingOccurrences(of: "+", with: " ").removingPercentEncoding
        }
        return nil
    }
}
