import Foundation
@testable import PlayhouseKit

/// A transport that answers from a script and records what it was sent.
final class MockTransport: Transport, @unchecked Sendable {
    typealias Handler = @Sendable (HTTPRequest, Int) async throws -> HTTPResponse

    private let lock = NSLock()
    private var sent: [HTTPRequest] = []
    private let handler: Handler

    /// `handler` gets each request and how many requests came before it.
    init(_ handler: @escaping Handler) { self.handler = handler }

    var requests: [HTTPRequest] { lock.withLock { sent } }

    func requests(to path: String) -> [HTTPRequest] { requests.filter { $0.url.path == path } }

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let index = lock.withLock { () -> Int in
            sent.append(request)
            return sent.count - 1
        }
        return try await handler(request, index)
    }
}

/// Records the waits a retry policy asked for, without waiting.
final class SleepRecorder: @unchecked Sendable {
    private let lock = NSLock()
    private var recorded: [Duration] = []
    var waits: [Duration] { lock.withLock { recorded } }
    func record(_ duration: Duration) { lock.withLock { recorded.append(duration) } }
}

enum Fixtures {
    static let baseURL = URL(string: "https://play.test")!

    static func json(_ status: Int, _ text: String, headers: [String: String] = [:]) -> HTTPResponse {
        HTTPResponse(status: status, headers: ["Content-Type": "application/json"].merging(headers) { $1 }, body: Data(text.utf8))
    }

    static func token(_ value: String = "pha_test", expiresIn: Int = 3600) -> HTTPResponse {
        json(200, #"{"access_token":"\#(value)","token_type":"Bearer","expires_in":\#(expiresIn),"scope":"profile"}"#)
    }

    static let app = json(200, """
        {"id":"6f1c2a1e-0000-4000-8000-000000000001","ern":"ern:app:6f1c2a1e-0000-4000-8000-000000000001",
         "name":"My Game","client_id":"ph_x","environment":"sandbox","scopes":["profile"],"token_scopes":["profile"],
         "redirect_uris":["mygame://authorize"],"created_at":"2026-11-22T10:00:00Z"}
        """)

    static func problem(_ status: Int, code: String, detail: String = "Nope.", headers: [String: String] = [:]) -> HTTPResponse {
        HTTPResponse(status: status, headers: ["Content-Type": "application/problem+json"].merging(headers) { $1 }, body: Data("""
            {"type":"https://playhouse.dev/problems/\(code)","title":"T","status":\(status),"detail":"\(detail)",
             "code":"\(code)","request_id":"req-1"}
            """.utf8))
    }

    static func client(_ transport: MockTransport, sleeps: SleepRecorder = SleepRecorder(), maxAttempts: Int = 3,
                       locale: Locale = Locale(identifier: "en_US"), now: @escaping @Sendable () -> Date = { Date() }) -> PlayhouseClient {
        PlayhouseClient(configuration: .init(
            baseURL: baseURL, clientID: "ph_x", clientSecret: "phs_secret", locale: locale, transport: transport,
            retryPolicy: RetryPolicy(maxAttempts: maxAttempts, sleep: { sleeps.record($0) }, random: { 0.5 }),
            now: now))
    }
}
