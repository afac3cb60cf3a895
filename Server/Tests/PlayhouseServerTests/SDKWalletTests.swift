import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import PlayhouseKit
@testable import PlayhouseServer
import Testing
import Vapor

/// The SDK's wallet against a real server on 127.0.0.1.
@Suite struct SDKWalletTests {
    /// Delivers every request to the server, but loses the answer to the first one whose path ends
    /// with `suffix`, as a dropped connection would: the server has done the work, the app has not heard.
    final class LosesFirstAnswer: Transport, @unchecked Sendable {
        let real = URLSessionTransport()
        let suffix: String
        private let lock = NSLock()
        private var lost = false

        init(to suffix: String) { self.suffix = suffix }

        func send(_ request: HTTPRequest) async throws -> HTTPResponse {
            let response = try await real.send(request)
            let loseThis = lock.withLock {
                guard request.url.path.hasSuffix(suffix), !lost else { return false }
                lost = true
                return true
            }
            if loseThis { throw URLError(.networkConnectionLost) }
            return response
        }
    }

    /// The app's web view, played over real HTTP: opens the hosted page from its one-time URL,
    /// deposits through the page's form when it is the deposit page, and returns once the page
    /// navigates to the close URL. What it saw is kept for the test to read.
    final class WebViewStandIn: WebPagePresenter, @unchecked Sendable {
        var deposit = "12.00"
        private(set) var pages: [String] = []

        func present(_ url: URL, closeURL: URL) async throws {
            let browser = Browser()
            let entered = try await browser.send(URLRequest(url: url))
            let location = try #require(entered.response.value(forHTTPHeaderField: "Location"))
            let pageURL = try #require(URL(string: location, relativeTo: url)?.absoluteURL)
            var page = String(decoding: try await browser.send(URLRequest(url: pageURL)).body, as: UTF8.self)
            pages.append(page)
            if page.contains(#"action="/wallet/deposit""#) {
                let answer = try await browser.post(pageURL, ["csrf": try Self.field("csrf", page), "form_id": try Self.field("form_id", page),
                                                              "amount": deposit, "currency": "EUR", "payment_method": "sandbox"])
                page = String(decoding: answer.body, as: UTF8.self)
                pages.append(page)
            }
            let close = try #require(page.firstMatch(of: #/href="([^"]+)" id="close"/#)?.1)
            #expect(URL(string: String(close), relativeTo: pageURL)?.absoluteURL == closeURL)
        }

        static func field(_ name: String, _ page: String) throws -> String {
            let match = try #require(page.firstMatch(of: Regex(#"name="\#(name)" value="([^"]+)""#)))
            return try #require(match.output[1].substring.map(String.init))
        }
    }

    func client(_ url: URL, _ credentials: AppCredentials, transport: any Transport = URLSessionTransport()) -> PlayhouseClient {
        PlayhouseClient(configuration: .init(baseURL: url, clientID: credentials.app.clientID, clientSecret: credentials.clientSecret,
                                             transport: transport,
                                             retryPolicy: RetryPolicy(maxAttempts: 3, baseDelay: .milliseconds(5)),
                                             redirectURI: URL(string: "mygame://authorize")!, tokenStore: MemoryTokenStore()))
    }

    @Test(arguments: Engine.available)
    func aPlayerDepositsWithdrawsRedeemsAndReadsTheirHistory(_ engine: Engine) async throws {
        try await withRunningServer(engine, { $0.passwordHashCost = 4 }) { app, url in
            let fixture = try await WalletFixture.make(app)
            _ = try await app.promotions.create(appID: fixture.credentials.app.id, code: "WELCOME", name: "Welcome", amount: "50",
                                                currency: "KRD", economy: nil, maxRedemptions: nil, startsAt: nil, expiresAt: nil, by: .commandLine)
            let sdk = client(url, fixture.credentials, transport: LosesFirstAnswer(to: "/v1/wallet/deposits"))
            _ = try await sdk.auth.signIn(scopes: ["profile", "wallet"], presenter: FormPostingPresenter(email: "ann@example.com"))

            // The first answer is lost; the SDK retries with the same Idempotency-Key: one deposit.
            let deposit = try await sdk.wallet.deposit(Decimal(string: "20.5")!, currency: "EUR")
            #expect(deposit.status == .completed)
            #expect(deposit.amount.value == Decimal(string: "20.50"))
            let withdrawal = try await sdk.wallet.withdraw(Decimal(5), currency: "EUR")
            #expect(withdrawal.status == .pending)
            let redemption = try await sdk.wallet.redeem(url: URL(string: "\(url)/promotions/welcome")!)
            #expect(redemption.amount == Money(amount: "50", currency: "KRD"))

            let wallet = try await sdk.wallet.wallet()
            #expect(wallet.balance("EUR", economy: .sandbox)?.available.value == Decimal(string: "15.50"))
            #expect(wallet.balance("EUR", economy: .sandbox)?.pendingWithdrawals.value == 5)
            #expect(wallet.balance("KRD", economy: .sandbox)?.available.value == 50)
            #expect(try await sdk.wallet.account().currency == "EUR")
            #expect(try await sdk.wallet.currencies(pageSize: 1).reduce(into: []) { $0.append($1.code) } == ["EUR", "KRD"], "page after page")
            #expect(try await sdk.wallet.currenciesPage(limit: 1).nextCursor != nil)

            var kinds: [TransactionKind] = []
            for try await transaction in sdk.wallet.transactions(pageSize: 1) { kinds.append(transaction.kind) }
            #expect(kinds == [.promotion, .withdrawal, .deposit])
            let euroKinds = try await sdk.wallet.transactions(currency: "EUR").reduce(into: []) { $0.append($1.kind) }
            #expect(euroKinds == [.withdrawal, .deposit])

            let cancelled = try await sdk.wallet.cancelWithdrawal(id: withdrawal.id)
            #expect(cancelled.status == .cancelled)
            do {
                _ = try await sdk.wallet.withdraw(Decimal(1000), currency: "EUR")
                Issue.record("an overdraft was accepted")
            } catch let error as PlayhouseError {
                #expect(error.code == .insufficientFunds)
                #expect(error.status == 422)
            }
            #expect(try await sdk.wallet.wallet().balance("EUR", economy: .sandbox)?.available.value == Decimal(string: "20.50"))
            try await fixture.expectLedgerSound()
        }
    }

    /// The payment provider's answer is lost (the server answers 502): the SDK sends the withdrawal
    /// again with its key, the server asks the provider again about the same order, and the app
    /// gets the withdrawal, made once.
    @Test(arguments: Engine.available)
    func aLostProviderAnswerIsRetriedIntoOnePayment(_ engine: Engine) async throws {
        try await withRunningServer(engine, { $0.passwordHashCost = 4 }) { app, url in
            let provider = WalletTests.RecordingProvider()
            app.playhouse.paymentProvider = provider
            let fixture = try await WalletFixture.make(app)
            let sdk = client(url, fixture.credentials)
            _ = try await sdk.auth.signIn(scopes: ["profile", "wallet"], presenter: FormPostingPresenter(email: "ann@example.com"))
            _ = try await sdk.wallet.deposit(Decimal(10), currency: "EUR")

            provider.loseNextAnswer()
            let withdrawal = try await sdk.wallet.withdraw(Decimal(4), currency: "EUR")
            #expect(withdrawal.status == .pending)
            let orders = provider.orders.dropFirst().map { $0.uuidString.lowercased() }
            #expect(orders == [withdrawal.id, withdrawal.id])
            let balance = try await sdk.wallet.wallet().balance("EUR", economy: .sandbox)
            #expect(balance?.available.value == 6 && balance?.pendingWithdrawals.value == 4)
            try await fixture.expectLedgerSound()
        }
    }

    @Test(arguments: Engine.available)
    func theHostedPagesOpenAndCloseThroughTheSDK(_ engine: Engine) async throws {
        try await withRunningServer(engine, { $0.passwordHashCost = 4 }) { app, url in
            let fixture = try await WalletFixture.make(app)
            let sdk = client(url, fixture.credentials)
            _ = try await sdk.auth.signIn(scopes: ["profile", "wallet"], presenter: FormPostingPresenter(email: "ann@example.com"))
            #expect(try await sdk.wallet.setCurrency("KRD").currency == "KRD")
            #expect(try await sdk.wallet.account().currency == "KRD")

            // The deposit page: the player deposits there; the SDK only hears that it closed.
            let webView = WebViewStandIn()
            try await sdk.wallet.depositPage(presenter: webView)
            #expect(webView.pages.last?.contains("12.00 EUR was deposited.") == true)
            #expect(try await sdk.wallet.wallet().balance("EUR", economy: .sandbox)?.available.value == 12)

            // The wallet page shows what the app re-reads; the redeem page comes with the code filled in.
            try await sdk.wallet.walletPage(presenter: webView)
            #expect(webView.pages.last?.contains("12.00 EUR") == true)
            try await sdk.wallet.redeemPage(promotion: "WELCOME", presenter: webView)
            let redeemPage = try #require(webView.pages.last)
            #expect(try WebViewStandIn.field("code", redeemPage) == "WELCOME")
            try await fixture.expectLedgerSound()
        }
    }
}
