import Foundation

/// Sees every request on its way to the transport and every response on its way back; may change,
/// repeat or answer them. Interceptors run in the order configured, outermost first.
public protocol Interceptor: Sendable {
    func intercept(_ request: HTTPRequest, next: @Sendable (HTTPRequest) async throws -> HTTPResponse) async throws -> HTTPResponse
}

/// Runs a request through interceptors, then the transport.
struct Pipeline: Sendable {
    let interceptors: [any Interceptor]
    let transport: any Transport

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        try await send(request, from: 0)
    }

    private func send(_ request: HTTPRequest, from index: Int) async throws -> HTTPResponse {
        guard index < interceptors.count else {
            do {
                return try await transport.send(request)
            } catch {
                throw PlayhouseError(transportError: error)
            }
        }
        return try await interceptors[index].intercept(request) { next in
            try await self.send(next, from: index + 1)
        }
    }
}

/// Logs each request's method, path, status, duration and request id (never headers or bodies, so
/// tokens and secrets stay out of logs).
public struct LoggingInterceptor: Interceptor {
    private let log: @Sendable (String) -> Void

    public init(log: @escaping @Sendable (String) -> Void = { print("[Playhouse] \($0)") }) {
        self.log = log
    }

    public func intercept(_ request: HTTPRequest, next: @Sendable (HTTPRequest) async throws -> HTTPResponse) async throws -> HTTPResponse {
        let start = Date()
        do {
            let response = try await next(request)
            let milliseconds = Int(Date().timeIntervalSince(start) * 1000)
            log("\(request.method) \(request.url.path) → \(response.status) in \(milliseconds) ms, request id \(response.header("X-Request-Id") ?? "-")")
            return response
        } catch {
            log("\(request.method) \(request.url.path) failed: \(error)")
            throw error
        }
    }
}
