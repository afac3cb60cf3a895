import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One HTTP request as the SDK sends it.
public struct HTTPRequest: Sendable {
    public var method: String
    public var url: URL
    /// Header names are matched case-insensitively by ``header(_:)``.
    public var headers: [String: String]
    public var body: Data?
    /// Whether the request may be sent again after a transient failure: true for GET, HEAD, PUT,
    /// DELETE, for requests carrying an `Idempotency-Key`, and for requests marked so explicitly.
    public var isRetryable: Bool

    public init(method: String, url: URL, headers: [String: String] = [:], body: Data? = nil, isRetryable: Bool? = nil) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        let idempotentMethod = ["GET", "HEAD", "PUT", "DELETE", "OPTIONS"].contains(method.uppercased())
        self.isRetryable = isRetryable ?? (idempotentMethod || headers.keys.contains { $0.lowercased() == "idempotency-key" })
    }

    public func header(_ name: String) -> String? {
        headers.first { $0.key.caseInsensitiveCompare(name) == .orderedSame }?.value
    }
}

/// One HTTP response as the SDK receives it.
public struct HTTPResponse: Sendable {
    public var status: Int
    public var headers: [String: String]
    public var body: Data

    public init(status: Int, headers: [String: String] = [:], body: Data = Data()) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    public func header(_ name: String) -> String? {
        headers.first { $0.key.caseInsensitiveCompare(name) == .orderedSame }?.value
    }
}

/// Sends requests over the network. The default is ``URLSessionTransport``; tests inject their own.
/// A transport throws only for failures below HTTP (no connection, timeout); any HTTP status is a
/// response.
public protocol Transport: Sendable {
    func send(_ request: HTTPRequest) async throws -> HTTPResponse
}
