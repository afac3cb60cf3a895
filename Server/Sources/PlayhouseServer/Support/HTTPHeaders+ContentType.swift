import Vapor

/// A body's media type, read and written as the `Content-Type` header's text. Vapor parses the
/// header into an `HTTPMediaType` to read it, and serializes one to write it, with Foundation's
/// string functions: a few per cent of a small call's server CPU in the profiles of a guest
/// sign-up, a deposit and a bet.
extension HTTPHeaders {
    /// The `Content-Type` of every JSON answer, `application/json; charset=utf-8`.
    static let jsonContentType = HTTPMediaType.json.serialize()

    /// Makes the body's `Content-Type` JSON's (``jsonContentType``).
    mutating func setJSONContentType() {
        replaceOrAdd(name: .contentType, value: Self.jsonContentType)
    }

    /// Whether the body's `Content-Type` is `mediaType` (its type and subtype, whatever its
    /// parameters, as Vapor compares them). The header is parsed only when it is not exactly
    /// `type/subtype` in some case, the way clients usually send it.
    func hasContentType(_ mediaType: HTTPMediaType) -> Bool {
        guard let sent = first(name: .contentType)?.utf8 else { return false }
        let type = mediaType.type.utf8, subType = mediaType.subType.utf8
        if sent.count == type.count + 1 + subType.count {
            let slash = sent.index(sent.startIndex, offsetBy: type.count)
            if sent[slash] == UInt8(ascii: "/"), ASCIIShape.equalsIgnoringCase(sent[..<slash], type),
               ASCIIShape.equalsIgnoringCase(sent[sent.index(after: slash)...], subType) { return true }
        }
        return contentType == mediaType
    }
}
