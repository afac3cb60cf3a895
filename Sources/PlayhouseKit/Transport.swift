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

/// A ``Transport`` over `URLSession` (FoundationNetworking on Linux).
public struct URLSessionTransport: Transport {
    private let session: URLSession
    private let timeout: TimeInterval

    /// - Parameters:
    ///   - session: the session to use; an ephemeral one (no shared cookies or cache) by default.
    ///   - timeout: seconds before a request fails with ``PlayhouseError/Code/timeout``.
    public init(session: URLSession? = nil, timeout: TimeInterval = 30) {
        self.session = session ?? URLSession(configuration: .ephemeral)
        self.timeout = timeout
    }

    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        var urlRequest = URLRequest(url: request.url, timeoutInterval: timeout)
        urlRequest.httpMethod = request.method
        urlRequest.httpBody = request.body
        for (name, value) in request.headers { urlRequest.setValue(value, forHTTPHeaderField: name) }
        let (data, response) = try await session.data(for: urlRequest)
        guard let http = response as? HTTPURLResponse else {
            throw PlayhouseError(code: .badResponse, message: "The server's answer was not HTTP.")
        }
        var headers: [String: String] = [:]
        for (name, value) in http.allHeaderFields {
            if let name = name as? String, let value = value as? String { headers[name] = value }
        }
        return HTTPResponse(status: http.statusCode, headers: headers, body: data)
    }
}
