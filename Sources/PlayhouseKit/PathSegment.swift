import Foundation

extension String {
    /// The text escaped as one segment of a path: RFC 3986's unreserved characters (letters,
    /// digits, `-`, `.`, `_`, `~`) stay as they are.
    var pathSegment: String {
        addingPercentEncoding(withAllowedCharacters: Self.unreserved) ?? self
    }

    private static let unreserved = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
}
