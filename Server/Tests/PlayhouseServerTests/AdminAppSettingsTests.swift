import Foundation
import PlayhouseAPI
@testable import PlayhouseServer
import Testing
import Vapor
import VaporTesting

/// An app's currencies, sign-in providers and promotions in the console, on both engines: every role
/// reads them, owners and developers add them through the admin API (bad input refused, changing
/// nothing), a provider's secret is never shown, and every change is in the audit log.
@Suite struct AdminAppSettingsTests {
    @Test(arguments: Engine.available)
    func developersAddCurrenciesProvidersAndPromotions(_ engine: Engine) async throws {
        try await withPlayhouse(engine, { $0.passwordHashCost = 4 }) { app in
            let credentials = try await app.createApp()
            let clientID = credentials.app.clientID
            let base = "/admin/v1/apps/\(clientID)"
            let developer = try await ConsoleTests.operatorSignedIn(app, "dev@example.com", .developer)
            let analyst = try await ConsoleTests.operatorSignedIn(app, "numbers@example.com", .analyst)

            // Currencies: added by a developer, refused to an analyst and when the code is no currency.
            #expect(try await app.send(.POST, "\(base)/currencies", headers: analyst.changing, body: #"{"code":"EUR","kind":"real"}"#).status == .forbidden)
            #expect(try await app.send(.POST, "\(base)/currencies", headers: developer.changing, body: #"{"code":"XYZ","kind":"real"}"#).status
                    == .unprocessableEntity)
            let euro = try await app.send(.POST, "\(base)/currencies", headers: developer.changing, body: #"{"code":"eur","kind":"real","name":""}"#)
            #expect(euro.status == .created, "\(euro.body.string)")
            let added = try euro.decode(CurrencyInfo.self)
            #expect(added.code == "EUR" && added.minorUnits == 2)
            _ = try await app.send(.POST, "\(base)/currencies", headers: developer.changing,
                                   body: #"{"code":"KRD","kind":"virtual","minor_units":0,"name":"Kredits"}"#)
            let currencies = try await app.send(.GET, "\(base)/currencies", headers: analyst.reading).decode(Page<CurrencyInfo>.self).data
            #expect(currencies.map(\.code).sorted() == ["EUR", "KRD"])
            // Every admin list pages alike: a page of one, then the rest by its cursor; a limit past 100 is refused.
            let first = try await app.send(.GET, "\(base)/currencies?limit=1", headers: analyst.reading).decode(Page<CurrencyInfo>.self)
            let cursor = try #require(first.nextCursor)
            let second = try await app.send(.GET, "\(base)/currencies?limit=1&cursor=\(cursor)", headers: analyst.reading)
                .decode(Page<CurrencyInfo>.self)
            #expect((first.data + second.data).map(\.code) == currencies.map(\.code) && second.nextCursor == nil)
            let tooMany = try await app.send(.GET, "\(base)/currencies?limit=101", headers: analyst.reading)
            #expect(try tooMany.status == .badRequest && tooMany.problem().errors?.first?.field == "limit")

            // Providers: OpenID Connect needs its keys' address; a Facebook-style app token is kept and never shown.
            let incomplete = try await app.send(.POST, "\(base)/providers", headers: developer.changing,
                                                body: #"{"name":"google","kind":"oidc","issuer":"https://accounts.google.com","audience":"x","jwks_uri":""}"#)
            #expect(try incomplete.problem().errors?.first?.field == "jwks_uri")
            let google = try await app.send(.POST, "\(base)/providers", headers: developer.changing, body: """
                {"name":"google","kind":"oidc","issuer":"https://accounts.google.com","audience":"my-client","jwks_uri":"https://www.googleapis.com/oauth2/v3/certs"}
                """)
            #expect(google.status == .created, "\(google.body.string)")
            let facebook = try await app.send(.POST, "\(base)/providers", headers: developer.changing,
                                              body: #"{"name":"facebook","kind":"facebook","audience":"12345","app_token":"secret-app-token"}"#)
            #expect(facebook.status == .created && !facebook.body.string.contains("secret-app-token"))
            let providers = try await app.send(.GET, "\(base)/providers", headers: analyst.reading)
            #expect(try providers.decode(Page<ProviderInfo>.self).data.map(\.name).sorted() == ["facebook", "google"])
            #expect(!providers.body.string.contains("secret-app-token"))

            // Promotions: empty optional fields are none; a time that is not RFC 3339 is refused.
            let late = try await app.send(.POST, "\(base)/promotions", headers: developer.changing,
                                          body: #"{"code":"LATE","amount":"5.00","currency":"EUR","economy":"","expires_at":"next week"}"#)
            #expect(try late.problem().errors?.map(\.field) == ["expires_at"])
            let welcome = try await app.send(.POST, "\(base)/promotions", headers: developer.changing, body: """
                {"code":"WELCOME","amount":"5.00","currency":"EUR","economy":"","name":"","max_redemptions":100,"starts_at":"","expires_at":"2030-01-01T00:00:00Z"}
                """)
            #expect(welcome.status == .created, "\(welcome.body.string)")
            let promotions = try await app.send(.GET, "\(base)/promotions", headers: analyst.reading).decode(Page<PromotionInfo>.self).data
            #expect(promotions.map(\.code) == ["WELCOME"] && promotions.first?.maxRedemptions == 100 && promotions.first?.economy == .sandbox)

            // Each change is logged as the developer's.
            let logged = try await app.auditLog.all().filter { $0.actor == "dev@example.com" && $0.action != "invitation accepted" }.map(\.action)
            #expect(logged == ["currency added", "currency added", "sign-in provider added", "sign-in provider added", "promotion created"])

            // The page: each list, the forms for a developer only, and never the app token.
            let page = try await app.send(.GET, "/console/apps/settings?app=\(clientID)", headers: developer.reading).body.string
            #expect(page.contains("currency-KRD") && page.contains("provider-google") && page.contains("promotion-WELCOME"))
            #expect(page.contains("id=\"add-provider\"") && !page.contains("secret-app-token"))
            let analystPage = try await app.send(.GET, "/console/apps/settings?app=\(clientID)", headers: analyst.reading).body.string
            #expect(analystPage.contains("promotion-WELCOME") && !analystPage.contains("id=\"add-currency\""))
            #expect(try await app.send(.GET, "/console/apps/settings?app=nothing", headers: analyst.reading).status == .notFound)
        }
    }
}
