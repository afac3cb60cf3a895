import Foundation

extension String {
    /// The text escaped as one segment of a path: letters, digits and dashes stay as they are.
    var pathSegment: String {
        addingPercentEncoding(withAllowedCharacters: .alphanumerics.union(CharacterSet(charactersIn: "-"))) ?? self
    }
}
