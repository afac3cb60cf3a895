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
        headers.contentType = .json
        return Response(status: .ok, headers: headers, body: .init(buffer: ByteBuffer(bytes: answer.body)))
    }

    /// An HTTP date (RFC 9110 §5.6.7): `Fri, 27 Nov 2026 11:30:00 GMT`.
    static func httpDate(_ date: Date) -> String {
        let days = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let parts = calendar.dateComponents([.weekday, .year, .month, .day, .hour, .minute, .second], from: date)
        let weekday = days[(parts.weekday ?? 1) - 1]
        func two(_ value: Int?) -> String { value.map { $0 < 10 ? "0\($0)" : "\($0)" } ?? "00" }
        return "\(weekday), \(two(parts.day)) \(months[(parts.month ?? 1) - 1]) \(parts.year ?? 1970) "
            + "\(two(parts.hour)):\(two(parts.minute)):\(two(parts.second)) GMT"
    }
}
