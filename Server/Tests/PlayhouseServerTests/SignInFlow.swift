import Foundation
import PlayhouseAPI
@testable import PlayhouseServer
import Testing
import Vapor
import VaporTesting

/// Drives the hosted sign-in pages as a browser would: keeps the browser cookie, reads the form's
/// request handle from the page, and follows the consent redirect.
struct SignInFlow {
    let app: Application
    let credentials: AppCredentials
    var verifier = "verifier-" + UUID().uuidString + "-" + UUID().uuidString
    var browserCookie: String?

    init(_ app: Application, _ credentials: AppCredentials) {
        self.app = app
        self.credentials = credentials
    }

    var challenge: String { PKCE.challenge(for: verifier) }

    /// `GET /oauth/authorize` with the usual parameters, overridden or removed (nil) by `changes`,
    /// in this flow's browser (its cookie).
    mutating func authorize(_ changes: [String: String?] = [:]) async throws -> TestingHTTPResponse {
        var parameters: [String: String?] = [
            "response_type": "code", "client_id": credentials.app.clientID, "redirect_uri": "mygame://authorize",
            "state": "state-123", "code_challenge": challenge, "code_challenge_method": "S256",
        ]
        parameters.merge(changes) { _, new in new }
        let query = parameters.compactMap { name, value in value.map { "\(name)=\(Self.encode($0))" } }.joined(separator: "&")
        let response = try await app.send(.GET, "/oauth/authorize?" + query, headers: cookieHeaders)
        if let cookie = response.headers.setCookie?[AuthorizePageController.browserCookie]?.string { browserCookie = cookie }
        return response
    }

    /// Starts a request, in a new browser unless `sameBrowser`, and returns the hosted form's handle.
    mutating func start(scope: String? = nil, nonce: String? = nil, sameBrowser: Bool = false) async throws -> String {
        if !sameBrowser { browserCookie = nil }
        let page = try await authorize(["scope": scope, "nonce": nonce])
        try #require(page.status == .ok, "authorize page: \(page.status) \(page.body.string)")
        return try #require(Self.handle(in: page.body.string))
    }

    func post(_ path: String, _ fields: [String: String], cookie: String?? = .none) async throws -> TestingHTTPResponse {
        let body = fields.map { "\($0.key)=\(Self.encode($0.value))" }.joined(separator: "&")
        let sentCookie = cookie ?? browserCookie
        var headers: HTTPHeaders = ["Content-Type": "application/x-www-form-urlencoded"]
        if let sentCookie { headers.add(name: .cookie, value: "\(AuthorizePageController.browserCookie)=\(sentCookie)") }
        return try await app.send(.POST, path, headers: headers, body: body)
    }

    /// Registers (or logs in) on the hosted page, allows (unless the player allowed the scopes
    /// before, when the login goes straight back), and returns the code from the redirect. Each
    /// sign-in starts in a new browser, unless `sameBrowser`.
    mutating func signIn(email: String = "ann@example.com", password: String = "correct horse", register: Bool = true,
                         scope: String? = nil, nonce: String? = nil, sameBrowser: Bool = false) async throws -> String {
        let handle = try await start(scope: scope, nonce: nonce, sameBrowser: sameBrowser)
        let page = try await post(register ? "/authorize/register" : "/authorize/login",
                                  ["request": handle, "email": email, "password": password])
        if page.status == .seeOther { return try #require(Self.redirectParameters(page)["code"], "\(page.headers)") }
        try #require(page.status == .ok, "sign-in page: \(page.status) \(page.body.string)")
        let redirect = try await post("/authorize/consent", ["request": handle, "decision": "allow"])
        return try #require(Self.redirectParameters(redirect)["code"])
    }

    /// Exchanges a code at the token endpoint.
    func exchange(_ code: String, verifier: String? = nil, credentials: AppCredentials? = nil) async throws -> TestingHTTPResponse {
        try await app.postForm("/oauth/token", "grant_type=authorization_code&code=\(code)&redirect_uri=mygame%3A%2F%2Fauthorize"
                                   + "&code_verifier=\(verifier ?? self.verifier)",
                               headers: basic(credentials ?? self.credentials))
    }

    /// A whole sign-in: the player's tokens.
    mutating func tokens(email: String = "ann@example.com", register: Bool = true, scope: String? = nil) async throws -> TokenResponse {
        let code = try await signIn(email: email, register: register, scope: scope)
        let response = try await exchange(code)
        try #require(response.status == .ok, "exchange: \(response.body.string)")
        return try response.decode(TokenResponse.self)
    }

    var cookieHeaders: HTTPHeaders {
        browserCookie.map { ["Cookie": "\(AuthorizePageController.browserCookie)=\($0)"] } ?? [:]
    }

    static func handle(in page: String) -> String? {
        guard let range = page.range(of: #"name="request" value="([^"]+)""#, options: .regularExpression) else { return nil }
        return String(page[range].dropFirst(#"name="request" value=""#.count).dropLast())
    }

    /// The query parameters of a redirect's Location.
    static func redirectParameters(_ response: TestingHTTPResponse) -> [String: String] {
        guard let location = response.headers.first(name: .location), let components = URLComponents(string: location) else { return [:] }
        var parameters: [String: String] = [:]
        for item in components.queryItems ?? [] { parameters[item.name] = item.value }
        return parameters
    }

    static func encode(_ value: String) -> String {
        value.addingPercentEncoding(withAllowedCharacters: CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")) ?? value
    }
}
