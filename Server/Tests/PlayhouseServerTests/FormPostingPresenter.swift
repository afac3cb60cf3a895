import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import PlayhouseKit
import Testing

/// A ``WebAuthenticationPresenter`` for tests: plays the player's browser over real HTTP. It opens
/// the hosted page, registers or logs in, answers the consent form (unless the player allowed the
/// scopes before), and returns the redirect the server sends, without following it (the app's
/// custom scheme has no server).
struct FormPostingPresenter: WebAuthenticationPresenter {
    var email: String
    var password = "correct horse"
    var register = true
    var decision = "allow"
    /// The games the player leaves ticked on the consent page; nil leaves every game it lists ticked, as it shows them.
    var games: Set<String>? = nil
    /// The player's browser: a new one by default; share one to keep its sign-in.
    var browser = Browser()
    /// The pages the browser was shown, by their form's action: `/authorize/login`, `/authorize/consent`.
    let shown = ShownPages()

    func present(_ url: URL, callbackScheme: String) async throws -> URL {
        let page = try await browser.send(URLRequest(url: url))
        if page.response.statusCode == 303, let location = page.response.value(forHTTPHeaderField: "Location") {
            return try #require(URL(string: location))   // signed in and allowed already
        }
        shown.append("/authorize/login")
        let handle = try #require(SignInFlow.handle(in: String(decoding: page.body, as: UTF8.self)))
        let base = URL(string: "/", relativeTo: url)!.absoluteURL
        var answer = try await browser.post(base.appendingPathComponent(register ? "authorize/register" : "authorize/login"),
                                            ["request": handle, "email": email, "password": password])
        if answer.response.statusCode == 200 {
            shown.append("/authorize/consent")
            // As a browser sends a form: each ticked box of the games the page lists.
            let listed = Self.games(in: String(decoding: answer.body, as: UTF8.self))
            let ticked = listed.filter { games?.contains($0) ?? true }.map { ("game", $0) }
            answer = try await browser.post(base.appendingPathComponent("authorize/consent"), [("request", handle), ("decision", decision)] + ticked)
        }
        let location = try #require(answer.response.value(forHTTPHeaderField: "Location"))
        #expect(location.hasPrefix(callbackScheme + ":"))
        return try #require(URL(string: location))
    }
}

extension FormPostingPresenter {
    /// The games a consent page lists to tick (`<input type="checkbox" name="game" value="…">`).
    static func games(in page: String) -> [String] {
        page.components(separatedBy: #"name="game" value=""#).dropFirst().compactMap { $0.split(separator: "\"", maxSplits: 1).first.map(String.init) }
    }
}

/// What a ``FormPostingPresenter`` showed its player.
final class ShownPages: @unchecked Sendable {
    private let lock = NSLock()
    private var pages: [String] = []

    func append(_ page: String) { lock.withLock { pages.append(page) } }
    var all: [String] { lock.withLock { pages } }
}

/// A browser for tests over real HTTP: keeps its cookie and does not follow redirects.
final class Browser: NSObject, URLSessionTaskDelegate, @unchecked Sendable {
    private var cookie: String?
    private lazy var session = URLSession(configuration: .ephemeral, delegate: self, delegateQueue: nil)

    func post(_ url: URL, _ fields: [String: String]) async throws -> (response: HTTPURLResponse, body: Data) {
        try await post(url, fields.map { ($0.key, $0.value) })
    }

    /// Posts a form whose fields may repeat (checkboxes).
    func post(_ url: URL, _ fields: [(String, String)]) async throws -> (response: HTTPURLResponse, body: Data) {
        var request = URLRequest(url: url)
        request.httpMethod = "POST"
        request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
        request.httpBody = Data(fields.map { "\($0.0)=\(SignInFlow.encode($0.1))" }.joined(separator: "&").utf8)
        return try await send(request)
    }

    func send(_ request: URLRequest) async throws -> (response: HTTPURLResponse, body: Data) {
        var request = request
        if let cookie { request.setValue(cookie, forHTTPHeaderField: "Cookie") }
        let (data, response): (Data, HTTPURLResponse) = try await withCheckedThrowingContinuation { continuation in
            session.dataTask(with: request) { data, response, error in
                if let error { continuation.resume(throwing: error) } else {
                    continuation.resume(returning: (data ?? Data(), response as! HTTPURLResponse))
                }
            }.resume()
        }
        if let setCookie = response.value(forHTTPHeaderField: "Set-Cookie"), let pair = setCookie.split(separator: ";").first {
            cookie = String(pair)
        }
        return (response, data)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
                    newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void) {
        completionHandler(nil)
    }
}
