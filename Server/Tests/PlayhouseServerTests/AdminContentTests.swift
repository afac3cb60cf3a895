import Foundation
import PlayhouseAPI
@testable import PlayhouseServer
import Testing
import Vapor
import VaporTesting

/// The console's content on both engines: the units and campaigns every role reads, a content file
/// imported through the admin API (refused whole when anything is wrong, each import in the audit
/// log), why a placement shows a player what it does, the figures, and the page with its previews.
@Suite struct AdminContentTests {
    @Test(arguments: Engine.available)
    func operatorsSeeContentExplainItAndDevelopersImportIt(_ engine: Engine) async throws {
        try await withPlayhouse(engine, { $0.passwordHashCost = 4 }) { app in
            let fixture = try await ContentFixture.make(app)
            let clientID = fixture.credentials.app.clientID
            let content = "/admin/v1/apps/\(clientID)/content"
            let developer = try await ConsoleTests.operatorSignedIn(app, "dev@example.com", .developer)
            let support = try await ConsoleTests.operatorSignedIn(app, "help@example.com", .support)
            let analyst = try await ConsoleTests.operatorSignedIn(app, "numbers@example.com", .analyst)

            // Every role reads the units and campaigns.
            let listed = try await app.send(.GET, content, headers: analyst.reading).decode(ContentListing.self)
            #expect(listed.units.map(\.id) == ["news", "shop-sale", "welcome-bonus"])
            #expect(listed.campaigns.map(\.id) == ["danish-sale", "news-menu", "welcome"])

            // Imported by a developer only; a file with problems changes nothing and is not logged.
            var news = ContentFixture.file.units[1]
            news.texts["en"]?.title = "Big news"
            let file = String(decoding: try JSONEncoder().encode(ContentFile(units: [news])), as: UTF8.self)
            #expect(try await app.send(.POST, "\(content)/imports", headers: support.changing, body: file).status == .forbidden)
            var bad = ContentFile(units: [news])
            bad.units[0].id = "Bad Id"
            let refused = try await app.send(.POST, "\(content)/imports", headers: developer.changing,
                                             body: String(decoding: try JSONEncoder().encode(bad), as: UTF8.self))
            #expect(try refused.problem().code == .invalidContent)
            #expect(try await app.auditLog.all().filter { $0.action == "content imported" && $0.actor == "dev@example.com" }.isEmpty)
            let imported = try await app.send(.POST, "\(content)/imports", headers: developer.changing, body: file)
            #expect(imported.status == .ok, "\(imported.body.string)")
            #expect(try imported.decode(ContentImported.self) == .init(added: [], changed: ["unit news"]))
            #expect(try await app.contentUnits.list(appID: fixture.credentials.app.id).units.first { $0.id == "news" }?.texts["en"]?.title == "Big news")
            let logged = try await app.auditLog.all().filter { $0.action == "content imported" && $0.actor == "dev@example.com" }
            #expect(logged.count == 1 && logged.first?.target == fixture.credentials.app.ern)

            // Why a placement shows what it does: for the roles that see players' content, not analysts.
            #expect(try await app.send(.GET, "\(content)/explain?placement=main_menu&installation_id=installation-0001", headers: analyst.reading).status == .forbidden)
            let menuAnswer = try await app.send(.GET, "\(content)/explain?placement=main_menu&installation_id=installation-0001", headers: support.reading)
            #expect(menuAnswer.status == .ok, "\(menuAnswer.body.string)")
            let menu = try menuAnswer.decode(PlacementExplanation.self)
            #expect(menu.chosen == "welcome" && menu.campaigns.map(\.campaign).sorted() == ["news-menu", "welcome"])
            let shop = try await app.send(.GET, "\(content)/explain?placement=shop&player_id=\(UUID())", headers: developer.reading)
                .decode(PlacementExplanation.self)
            #expect(shop.chosen == nil && shop.campaigns.first?.reasons.contains { $0.hasPrefix("country") } == true, "\(shop.campaigns)")
            #expect(try await app.send(.GET, "\(content)/explain", headers: developer.reading).status == .badRequest)

            // The figures: for the roles that read statistics.
            #expect(try await app.send(.GET, "\(content)/stats", headers: support.reading).status == .forbidden)
            #expect(try await app.send(.GET, "\(content)/stats?days=7", headers: analyst.reading).status == .ok)
            #expect(try await app.send(.GET, "\(content)/stats?days=91", headers: analyst.reading).status == .badRequest)

            // The page: units with a preview per language, campaigns, an explanation asked for, and the import form.
            let page = try await app.send(.GET, "/console/content?app=\(clientID)&placement=main_menu&player=installation-0001", headers: developer.reading).body.string
            #expect(page.contains("id=\"unit-welcome-bonus\"") && page.contains("unit=welcome-bonus&amp;lang=da"))
            #expect(page.contains("id=\"campaign-danish-sale\"") && page.contains("id=\"import-content\""))
            #expect(page.contains("<strong>welcome</strong> is shown"))
            let analystPage = try await app.send(.GET, "/console/content?app=\(clientID)&placement=main_menu", headers: analyst.reading).body.string
            #expect(analystPage.contains("id=\"unit-news\"") && !analystPage.contains("id=\"explain\"") && !analystPage.contains("import-content"))
            #expect(analystPage.contains("no-stats") || analystPage.contains("content-stats"))
            let nobody = try await app.send(.GET, "/console/content?app=\(clientID)&placement=main_menu&player=", headers: support.reading)
            #expect(nobody.status == .ok && nobody.body.string.contains("a player by their id or an installation by its id"))

            // A unit as the player sees it, in Danish: its action shown, doing nothing here.
            let preview = try await app.send(.GET, "/console/content/preview?app=\(clientID)&unit=welcome-bonus&lang=da", headers: support.reading)
            #expect(preview.status == .ok)
            #expect(preview.body.string.contains("Velkommen!") && preview.body.string.contains("disabled"))
            #expect(!preview.body.string.contains("action=\"/content/"))
            #expect(try await app.send(.GET, "/console/content/preview?app=\(clientID)&unit=nothing", headers: support.reading).status == .notFound)
            #expect(try await app.send(.GET, "/console/content/preview?app=\(clientID)&unit=news").status == .seeOther)
        }
    }
}
