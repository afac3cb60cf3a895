import Crypto
import Foundation
import PlayhouseAPI
import Vapor

/// An answer as it goes out: its JSON and the `ETag` that names it (a digest of its bytes). Made
/// once, it can be kept and sent again (`Response.cached(_:lifetime:lastModified:_:)`).
struct RenderedAnswer: Sendable {
    let body: [UInt8]
    let etag: String

    init(_ value: some Encodable) throws {
        body = try PlayhouseJSON.makeEncoder().encodeBytes(value)
        etag = "\"" + SecretToken.hex(SHA256.hash(data: body)).prefix(32) + "\""
    }
}

extension Response {
    /// `value` as JSON with its `ETag` (a digest of its bytes), `lifetime` (seconds, as
    /// `Cache-Control: max-age`) and, when given, `Last-Modified`; `304` when the caller has it
    /// already (``Request/alreadyHas(etag:)``). The answer is the caller's app's (the same path
    /// answers another app with its own data), so a shared cache keeps it apart by the headers
    /// that name the caller (`Vary`).
    static func cached(_ value: some Encodable, lifetime: Int, lastModified: Date? = nil, _ request: Request) throws -> Response {
        cached(try RenderedAnswer(value), lifetime: lifetime, lastModified: lastModified, request)
    }

    /// The same, for an answer rendered before.
    static func cached(_ answer: RenderedAnswer, lifetime: Int, lastModified: Date? = nil, _ request: Request) -> Response {
        var headers: HTTPHeaders = ["ETag": answer.etag, "Cache-Control": "max-age=\(lifetime)", "Vary": "Authorization, \(APIHeader.clientID)"]
        if let lastModified { headers.replaceOrAdd(name: .lastModified, value: Self.httpDate(lastModified)) }
        if request.alreadyHas(etag: answer.etag) { return Response(status: .notModified, headers: headers) }
        headers.setJSONContentType()
        return Response(status: .ok, headers: headers, body: .init(buffer: ByteBuffer(bytes: answer.body)))
    }

    /// An HTTP date (RFC 9110 §5.6.7): `Fri, 27 Nov 2026 11:30:00 GMT`. Worked out from the seconds
    /// since 1970 (``RFC3339/civil(days:)``): a `Calendar` costs microseconds on every answer.
    static func httpDate(_ date: Date) -> String {
        let weekdays = ["Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"]
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        let seconds = Int(date.timeIntervalSince1970.rounded(.down))
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let second = seconds - days * 86_400
        let (year, month, day) = RFC3339.civil(days: days)
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(weekdays[((days % 7) + 7) % 7]), \(two(day)) \(months[month - 1]) \(year) "
            + "\(two(second / 3600)):\(two(second / 60 % 60)):\(two(second % 60)) GMT"
    }
}
