import Vapor

/// Gives every request an id: the caller's `X-Request-Id` when it is a sensible token, otherwise a
/// new one. The id is in every log line of the request, in problem bodies and in the response's
/// `X-Request-Id` header.
///
/// Like the other middleware every request passes, it is not async: an async middleware starts a
/// task of its own for every request.
struct RequestIDMiddleware: Middleware {
    func respond(to request: Request, chainingTo next: any Responder) -> EventLoopFuture<Response> {
        let id = Self.acceptable(request.headers.first(name: .xRequestId)) ?? Self.newID()
        request.storage[RequestIDKey.self] = id
        request.logger[metadataKey: "request-id"] = .string(id)
        return next.respond(to: request).map { response in
            response.headers.replaceOrAdd(name: .xRequestId, value: id)
            return response
        }
    }

    /// A new random id in a UUID's lowercase form, made without formatting and lowercasing a string.
    static func newID() -> String {
        let digits: [UInt8] = Array("0123456789abcdef".utf8)
        return withUnsafeBytes(of: UUID.random().uuid) { bytes in
            String(unsafeUninitializedCapacity: 36) { text in
                var at = 0
                for (index, byte) in bytes.enumerated() {
                    if index == 4 || index == 6 || index == 8 || index == 10 {
                        text[at] = UInt8(ascii: "-")
                        at += 1
                    }
                    text[at] = digits[Int(byte >> 4)]
                    text[at + 1] = digits[Int(byte & 0x0f)]
                    at += 2
                }
                return at
            }
        }
    }

    static func acceptable(_ candidate: String?) -> String? {
        guard let candidate, (1...128).contains(candidate.utf8.count),
              candidate.utf8.allSatisfy({ $0 < 128 && (isalnum(Int32($0)) != 0 || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: ".")) })
        else { return nil }
        return candidate
    }
}

private struct RequestIDKey: StorageKey {
    typealias Value = String
}

extension Request {
    /// This request's id, as sent back in `X-Request-Id`.
    var requestID: String { storage[RequestIDKey.self] ?? "unknown" }
}
