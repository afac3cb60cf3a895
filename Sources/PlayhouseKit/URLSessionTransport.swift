import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A ``Transport`` over `URLSession` (FoundationNetworking on Linux).
public struct URLSessionTransport: Transport {
    private let session: URLSession
    private let timeout: TimeInterval
    #if canImport(FoundationNetworking)
    /// Set when this transport made its own session: it then receives each task's events itself.
    private let receiver: SessionTaskReceiver?
    #endif

    /// - Parameters:
    ///   - session: the session to use; an ephemeral one (no shared cookies or cache) by default. On
    ///     Linux, give a session only if its delegate answers authentication challenges: without one,
    ///     swift-corelibs-foundation never completes a `401` that carries `WWW-Authenticate`.
    ///   - timeout: seconds before a request fails with the code `timeout`.
    public init(session: URLSession? = nil, timeout: TimeInterval = 30) {
        self.timeout = timeout
        #if canImport(FoundationNetworking)
        if let session {
            self.session = session
            self.receiver = nil
        } else {
            // swift-corelibs-foundation leaves a task hanging forever when a 401 carries
            // `WWW-Authenticate` and no credential is stored (swift-corelibs-foundation#5456), which is
            // exactly how an OAuth server answers a wrong client secret (RFC 6749 §5.2). Our own
            // delegate declines such challenges and hands the 401 on as an ordinary response.
            let receiver = SessionTaskReceiver()
            self.session = URLSession(configuration: .ephemeral, delegate: receiver, delegateQueue: nil)
            self.receiver = receiver
        }
        #else
        self.session = session ?? URLSession(configuration: .ephemeral)
        #endif
    }

    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        var urlRequest = URLRequest(url: request.url, timeoutInterval: timeout)
        urlRequest.httpMethod = request.method
        urlRequest.httpBody = request.body
        for (name, value) in request.headers { urlRequest.setValue(value, forHTTPHeaderField: name) }
        let (data, response) = try await exchange(urlRequest)
        guard let http = response as? HTTPURLResponse else {
            throw PlayhouseError(code: .badResponse, message: "The server's answer was not HTTP.")
        }
        var headers: [String: String] = [:]
        for (name, value) in http.allHeaderFields {
            if let name = name as? String, let value = value as? String { headers[name] = value }
        }
        return HTTPResponse(status: http.statusCode, headers: headers, body: data)
    }

    private func exchange(_ urlRequest: URLRequest) async throws -> (Data, URLResponse) {
        #if canImport(FoundationNetworking)
        if let receiver { return try await receiver.send(urlRequest, on: session) }
        #endif
        return try await session.data(for: urlRequest)
    }
}
