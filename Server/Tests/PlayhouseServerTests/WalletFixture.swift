import Foundation
import PlayhouseAPI
@testable import PlayhouseServer
import Testing
import Vapor
import VaporTesting

/// An app with EUR and kredits, and signed-in players whose wallets the tests move money in.
struct WalletFixture {
    let app: Application
    let credentials: AppCredentials

    static func make(_ app: Application, environment: AppEnvironment = .sandbox) async throws -> WalletFixture {
        let credentials = try await app.createApp(environment: environment)
        _ = try await app.currencies.add(appID: credentials.app.id, code: "EUR", kind: .real, by: .commandLine, at: app.now)
        _ = try await app.currencies.add(appID: credentials.app.id, code: "KRD", kind: .virtual, name: "Kredits", by: .commandLine, at: app.now)
        return WalletFixture(app: app, credentials: credentials)
    }

    /// A new player's access token.
    func player(_ email: String = "ann@example.com") async throws -> String {
        var flow = SignInFlow(app, credentials)
        return try await flow.tokens(email: email).accessToken
    }

    /// A known player's access token, from signing in again (a new play session).
    func signIn(_ email: String = "ann@example.com") async throws -> String {
        var flow = SignInFlow(app, credentials)
        return try await flow.tokens(email: email, register: false).accessToken
    }

    @discardableResult
    func post(_ path: String, _ token: String, _ body: String, key: String? = nil) async throws -> TestingHTTPResponse {
        var headers = bearer(token).merged(json)
        if let key { headers.add(name: "Idempotency-Key", value: key) }
        return try await app.send(.POST, path, headers: headers, body: body)
    }

    @discardableResult
    func deposit(_ token: String, _ amount: String, currency: String = "EUR", method: String? = nil, key: String? = nil) async throws -> TestingHTTPResponse {
        let methodField = method.map { #","payment_method":"\#($0)""# } ?? ""
        return try await post("/v1/wallet/deposits", token, #"{"amount":{"amount":"\#(amount)","currency":"\#(currency)"}\#(methodField)}"#, key: key)
    }

    @discardableResult
    func withdraw(_ token: String, _ amount: String, currency: String = "EUR", method: String? = nil, key: String? = nil) async throws -> TestingHTTPResponse {
        let methodField = method.map { #","payment_method":"\#($0)""# } ?? ""
        return try await post("/v1/wallet/withdrawals", token, #"{"amount":{"amount":"\#(amount)","currency":"\#(currency)"}\#(methodField)}"#, key: key)
    }

    /// The status and body of each of `count` sends of one request, all at once.
    func together(_ count: Int, _ send: @escaping @Sendable () async throws -> TestingHTTPResponse) async throws -> [(HTTPStatus, String)] {
        try await withThrowingTaskGroup(of: (HTTPStatus, String).self) { group in
            for _ in 0..<count {
                group.addTask {
                    let response = try await send()
                    return (response.status, response.body.string)
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
    }

    func wallet(_ token: String) async throws -> Wallet {
        let response = try await app.send(.GET, "/v1/wallet", headers: bearer(token))
        try #require(response.status == .ok, "wallet: \(response.body.string)")
        return try response.decode(Wallet.self)
    }

    /// The sandbox EUR balance: available and held for withdrawals.
    func euros(_ token: String) async throws -> (available: String, held: String) {
        let balance = try #require(try await wallet(token).balance("EUR", economy: .sandbox))
        return (balance.available.amount, balance.pendingWithdrawals.amount)
    }

    func history(_ token: String, query: String = "") async throws -> Page<WalletTransaction> {
        let response = try await app.send(.GET, "/v1/wallet/transactions" + query, headers: bearer(token))
        try #require(response.status == .ok, "history: \(response.body.string)")
        return try response.decode(Page<WalletTransaction>.self)
    }

    /// What the server's settler does every few seconds: concludes the payments whose time has come
    /// (in batches, until none is left).
    func settle() async throws {
        while try await app.payments.settleDue() > 0 {}
    }

    func expectLedgerSound(sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let report = try await app.ledgerVerifier.verify()
        #expect(report.violations.isEmpty, "\(report.violations)", sourceLocation: sourceLocation)
    }
}
