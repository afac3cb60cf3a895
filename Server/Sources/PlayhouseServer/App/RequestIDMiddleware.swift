import Vapor

/// Gives every request an id: the caller's `X-Request-Id` when it is a sensible token, otherwise a
/// new one. The id is in every log line of the request, in problem bodies and in the response's
/// `X-Request-Id` header.
struct RequestIDMiddleware: AsyncMiddleware {
    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        let id = Self.acceptable(request.headers.first(name: .xRequestId)) ?? UUID().uuidString.lowercased()
        request.storage[RequestIDKey.self] = id
        request.logger[metadataKey: "request-id"] = .string(id)
        let response = try await next.respond(to: request)
        response.headers.replaceOrAdd(name: .xRequestId, value: id)
        return response
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
