import Foundation
import PlayhouseAPI
@testable import PlayhouseServer
import Testing
import Vapor
import VaporTesting

/// An app with kredits and a content file: a reward and an announcement on the main menu, an
/// offer for Danish players on the shop, each with an image.
struct ContentFixture {
    let app: Application
    let credentials: AppCredentials

    /// A 1×1 PNG.
    static let png = Data(base64Encoded: "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==")!

    static let file = ContentFile(
        units: [
            .init(id: "welcome-bonus", kind: .reward, texts: [
                "en": .init(title: "Welcome!", body: "Here are 50 gems and 5 kredits.", actionLabel: "Claim"),
                "da": .init(title: "Velkommen!", body: "Her er 50 ædelsten og 5 kreditter.", actionLabel: "Hent"),
            ], images: ["hero": "images/hero.png"], reward: .init(items: [RewardItem(name: "gems", quantity: 50)], amount: "5", currency: "KRD")),
            .init(id: "news", kind: .announcement, texts: ["en": .init(title: "News", body: "A new level.")]),
            .init(id: "shop-sale", kind: .offer, texts: ["en": .init(title: "Sale", actionLabel: "Shop")],
                  action: ContentAction(type: "deep_link", target: "mygame://shop")),
        ],
        campaigns: [
            .init(id: "welcome", unit: "welcome-bonus", placements: ["main_menu"], priority: 10, caps: .init(total: 1)),
            .init(id: "news-menu", unit: "news", placements: ["main_menu"], priority: 1, caps: .init(perSession: 1)),
            .init(id: "danish-sale", unit: "shop-sale", placements: ["shop"], targeting: .init(countries: ["DK"])),
        ])

    static func make(_ app: Application) async throws -> ContentFixture {
        let credentials = try await app.createApp()
        _ = try await app.currencies.add(appID: credentials.app.id, code: "KRD", kind: .virtual, name: "Kredits", by: .commandLine, at: app.now)
        _ = try await app.currencies.add(appID: credentials.app.id, code: "EUR", kind: .real, by: .commandLine, at: app.now)
        let fixture = ContentFixture(app: app, credentials: credentials)
        _ = try await fixture.service.importFile(file, images: ["images/hero.png": png], appID: credentials.app.id, by: .commandLine)
        return fixture
    }

    var service: ContentService { app.contentUnits }

    /// A new guest player of the app on `installation`: their access token.
    func guest(_ installation: String = "install-" + UUID().uuidString) async throws -> String {
        let response = try await app.postForm("/oauth/token", "grant_type=urn%3Aplayhouse%3Agrant-type%3Aguest&installation_id=\(installation)",
                                              headers: basic(credentials))
        try #require(response.status == .ok, "\(response.body.string)")
        return try response.decode(TokenResponse.self).accessToken
    }

    /// Records an open of `installation`.
    @discardableResult
    func open(_ token: String, installation: String, locale: String = "da-DK", platform: String = "ios") async throws -> OpenRecorded {
        let body = #"{"installation_id":"\#(installation)","platform":"\#(platform)","app_version":"2.4.1","locale":"\#(locale)"}"#
        let response = try await app.send(.POST, "/v1/opens", headers: bearer(token).merged(["Content-Type": "application/json"]), body: body)
        try #require(response.status == .created, "\(response.body.string)")
        return try response.decode(OpenRecorded.self)
    }

    func content(_ token: String, _ placement: String = "main_menu", installation: String? = nil,
                 language: String = "da") async throws -> TestingHTTPResponse {
        try await app.send(.GET, "/v1/placements/\(placement)/content" + (installation.map { "?installation_id=\($0)" } ?? ""),
                           headers: bearer(token).merged(["Accept-Language": language]))
    }

    func event(_ token: String, _ impression: String, _ event: ContentEventType, installation: String? = nil) async throws -> TestingHTTPResponse {
        try await app.send(.POST, "/v1/content/events" + (installation.map { "?installation_id=\($0)" } ?? ""),
                           headers: bearer(token).merged(["Content-Type": "application/json"]),
                           body: #"{"impression_id":"\#(impression)","event":"\#(event.rawValue)"}"#)
    }

    func badge(_ token: String, _ placement: String = "main_menu") async throws -> TestingHTTPResponse {
        try await app.send(.GET, "/v1/placements/\(placement)/notification", headers: bearer(token))
    }
}
