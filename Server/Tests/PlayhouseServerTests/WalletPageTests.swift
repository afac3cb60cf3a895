import Foundation
import PlayhouseAPI
@testable import PlayhouseServer
import Testing
import Vapor
import VaporTesting

@Suite struct WalletPageTests {
    /// Opens a hosted page as a web view would: the one-time URL, then the page with its cookie.
    func open(_ app: Application, _ token: String, _ page: String) async throws -> (cookie: String, html: String, location: String) {
        let opened = try await app.send(.POST, "/v1/pages", headers: bearer(token).merged(json), body: #"{"page":"\#(page)"}"#)
        try #require(opened.status == .created, "\(opened.body.string)")
        let hosted = try opened.decode(HostedPage.self)
        #expect(hosted.closeURL.path == "/pages/close")
        let entered = try await app.send(.GET, hosted.url.path + "?" + (hosted.url.query ?? ""))
        try #require(entered.status == .seeOther)
        let cookie = try #require(entered.headers.setCookie?[HostedPages.cookie]?.string)
        let location = try #require(entered.headers.first(name: .location))
        let html = try await app.send(.GET, location, headers: ["Cookie": "\(HostedPages.cookie)=\(cookie)"])
        #expect(html.headers.first(name: "Content-Security-Policy")?.contains("frame-ancestors 'none'") == true)
        // The ticket works once.
        let again = try await app.send(.GET, hosted.url.path + "?" + (hosted.url.query ?? ""))
        #expect(again.status == .unauthorized)
        return (cookie, html.body.string, location)
    }

    @Test(arguments: Engine.available)
    func thePlayerDepositsWithdrawsAndRedeemsOnTheHostedPages(_ engine: Engine) async throws {
        try await withPlayhouse(engine, { $0.passwordHashCost = 4 }) { app in
            let fixture = try await WalletFixture.make(app)
            _ = try await app.promotions.create(appID: fixture.credentials.app.id, code: "WELCOME", name: nil, amount: "25", currency: "KRD",
                                                economy: nil, maxRedemptions: nil, startsAt: nil, expiresAt: nil, by: .commandLine)
            let ann = try await fixture.player()
            let (cookie, html, location) = try await open(app, ann, "deposit")
            #expect(location == "/wallet/deposit")
            let csrf = try #require(html.firstMatch(of: /name="csrf" value="([^"]+)"/)?.1)
            let formID = try #require(html.firstMatch(of: /name="form_id" value="([^"]+)"/)?.1)
            let headers: HTTPHeaders = ["Cookie": "\(HostedPages.cookie)=\(cookie)", "Content-Type": "application/x-www-form-urlencoded"]
            let form = "csrf=\(csrf)&form_id=\(formID)&amount=12.50&currency=EUR&payment_method=sandbox"
            let deposited = try await app.send(.POST, "/wallet/deposit", headers: headers, body: form)
            #expect(deposited.status == .ok)
            #expect(deposited.body.string.contains("12.50 EUR was deposited."))
            // A double submit of the same form deposits once.
            #expect(try await app.send(.POST, "/wallet/deposit", headers: headers, body: form).status == .ok)
            #expect(try await fixture.euros(ann).available == "12.50")

            let overdraft = try await app.send(.POST, "/wallet/withdraw", headers: headers,
                                               body: "csrf=\(csrf)&form_id=\(UUID())&amount=100&currency=EUR&payment_method=sandbox")
            #expect(overdraft.status == .unprocessableEntity)
            #expect(overdraft.body.string.contains("balance is too low"))
            let forged = try await app.send(.POST, "/wallet/withdraw", headers: headers,
                                            body: "csrf=wrong&form_id=\(UUID())&amount=1&currency=EUR&payment_method=sandbox")
            #expect(forged.status == .forbidden)
            let redeemed = try await app.send(.POST, "/wallet/redeem", headers: headers, body: "csrf=\(csrf)&form_id=\(UUID())&code=welcome")
            #expect(redeemed.body.string.contains("25 KRD was added to your wallet."))

            let wallet = try await app.send(.GET, "/wallet", headers: ["Cookie": "\(HostedPages.cookie)=\(cookie)"])
            #expect(wallet.body.string.contains("12.50 EUR"))
            #expect(wallet.body.string.contains("Promotion"))
            #expect(try await app.send(.GET, "/wallet").status == .unauthorized)
            let link = try await app.send(.GET, "/promotions/welcome")
            #expect(link.status == .seeOther && link.headers.first(name: .location) == "/wallet/redeem?code=WELCOME")
            try await fixture.expectLedgerSound()
        }
    }
}
