import Vapor

extension Request {
    /// Whether the caller already has the representation tagged `etag`: `If-None-Match` names it
    /// (among others, weakly or not) or is `*` (RFC 9110 §13.1.2). Such a `GET` is answered `304`.
    func alreadyHas(etag: String) -> Bool {
        headers[.ifNoneMatch].flatMap { $0.split(separator: ",") }.contains { tag in
            let tag = ASCIIShape.trimmingSpaces(tag)
            return tag == "*" || tag == etag || tag == "W/" + etag
        }
    }
}
