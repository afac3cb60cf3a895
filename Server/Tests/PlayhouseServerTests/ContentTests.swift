import Foundation
import JWTKit
import PlayhouseAPI
@testable import PlayhouseServer
import Testing
import Vapor
import VaporTesting

/// Content placements end to end over HTTP, on both engines: imports, opens, the decision, caps,
/// badges, lifecycle events, explanations, statistics, and rewards claimed exactly once.
@Suite struct ContentTests {
    @Test(arguments: Engine.available)
    func importsAreCheckedWholeAndReplaceByID(_ engine: Engine) async throws {
        try await withPlayhouse(engine) { app in
            let fixture = try await ContentFixture.make(app)
            let appID = fixture.credentials.app.id
            let listed = try await fixture.service.list(appID: appID)
            #expect(listed.units.map(\.id) == ["news", "shop-sale", "welcome-bonus"])
            #expect(listed.campaigns.map(\.id) == ["danish-sale", "news-menu", "welcome"])
            // Images are stored by their hash, amounts as the currency writes them.
            let welcome = try #require(listed.units.first { $0.id == "welcome-bonus" })
            #expect(welcome.images["hero"] == Assets.name(of: ContentFixture.png))
            #expect(welcome.reward?.amount == "5")
            _ = try await app.currencies.add(appID: appID, code: "CHIPS", kind: .virtual, minorUnits: 2, by: .commandLine, at: app.now)
            let chips = ContentFile(units: [.init(id: "chips", kind: .reward, texts: ["en": .init(title: "Chips")],
                                                  reward: .init(amount: "2.5", currency: "CHIPS"))])
            _ = try await fixture.service.importFile(chips, images: [:], appID: appID, by: .commandLine)
            #expect(try await fixture.service.list(appID: appID).units.first { $0.id == "chips" }?.reward?.amount == "2.50")
            #expect(try await fixture.service.remove(appID: appID, slug: "chips", by: .commandLine))

            // The same file again changes what is there and adds nothing.
            let again = try await fixture.service.importFile(ContentFixture.file, images: ["images/hero.png": ContentFixture.png], appID: appID, by: .commandLine)
            #expect(again.added.isEmpty)
            #expect(again.changed.count == 6)

            // A bad file is refused whole, every problem named, nothing stored.
            var bad = ContentFixture.file
            bad.units.append(.init(id: "Bad Id", kind: .offer, texts: ["da": .init(title: "x")]))
            bad.units[0].reward?.currency = "EUR"
            bad.campaigns.append(.init(id: "orphan", unit: "missing", placements: ["Main Menu"], caps: .init(perDay: 0),
                                       targeting: .init(appVersion: .init(min: "two"), rollout: 101)))
            do {
                _ = try await fixture.service.importFile(bad, images: [:], appID: appID, by: .commandLine)
                Issue.record("a bad file was imported")
            } catch let problem as PlayhouseProblem {
                #expect(problem.code == .invalidContent)
                let problems = problem.parameters["problems"] ?? ""
                for expected in ["unit Bad Id: an id is", "no texts in its default language en", "an offer needs an action",
                                 "EUR is not a virtual currency", "cannot read images/hero.png", "campaign orphan: no unit missing",
                                 "placement Main Menu", "per_day cap", "two is not a version", "rollout is 0 to 100"] {
                    #expect(problems.contains(expected), "missing: \(expected) in \(problems)")
                }
            }
            #expect(try await fixture.service.list(appID: appID) == listed)
            // Each import that stored something is in the audit log, with what it did; the refused one is not.
            let imports = try await app.auditLog.all().filter { $0.action == "content imported" }
            #expect(imports.count == 3 && imports.allSatisfy { $0.target == ERN.make("app", appID.uuidString.lowercased()) })
            #expect(imports.last?.after == .object(["added": .array([]), "changed": .array(again.changed.map { .string($0) })]))

            // Removing a unit removes its campaigns.
            #expect(try await fixture.service.remove(appID: appID, slug: "news", by: .commandLine))
            #expect(try await fixture.service.list(appID: appID).campaigns.map(\.id) == ["danish-sale", "welcome"])
            #expect(try await fixture.service.remove(appID: appID, slug: "news", by: .commandLine) == false)
        }
    }

    @Test(arguments: Engine.available)
    func aPlacementShowsTheBestUnitUntilItsCapsAreReached(_ engine: Engine) async throws {
        try await withPlayhouse(engine) { app in
            let fixture = try await ContentFixture.make(app)
            let installation = "install-" + UUID().uuidString
            let ann = try await fixture.guest(installation)
            let opened = try await fixture.open(ann, installation: installation)
            #expect(opened.install)
            #expect(try await fixture.open(ann, installation: installation).install == false)

            // Two units qualify on the main menu; the badge says so.
            #expect(try await fixture.badge(ann).decode(PlacementNotification.self) == PlacementNotification(type: "badge", value: "2"))

            // The reward has the higher priority: it comes first, in Danish.
            let first = try await fixture.content(ann, installation: installation)
            #expect(first.status == .ok)
            #expect(first.headers.first(name: .cacheControl) == "no-store")
            let reward = try first.decode(PlacementContent.self)
            #expect(reward.unit == "welcome-bonus")
            #expect(reward.kind == .reward)
            #expect(reward.language == "da")
            #expect(reward.title == "Velkommen!")
            #expect(reward.reward == RewardGrant(items: [RewardItem(name: "gems", quantity: 50)], amount: Money(amount: "5", currency: "KRD")))
            #expect(reward.pageURL.hasSuffix("/content/" + reward.impressionID))

            // Its image is served by its hash, cacheable for good.
            let imagePath = try #require(reward.images["hero"].flatMap { URL(string: $0)?.path })
            let image = try await app.send(.GET, imagePath)
            #expect(image.status == .ok)
            #expect(image.headers.first(name: .contentType) == "image/png")
            #expect(Data(image.body.readableBytesView) == ContentFixture.png)
            #expect(image.headers.first(name: .cacheControl)?.contains("immutable") == true)
            let etag = try #require(image.headers.first(name: .eTag))
            #expect(try await app.send(.GET, imagePath, headers: ["If-None-Match": etag]).status == .notModified)
            // As a cache that holds several sends them: a list, weak tags among them.
            #expect(try await app.send(.GET, imagePath, headers: ["If-None-Match": "\"other\", W/\(etag)"]).status == .notModified)
            #expect(try await app.send(.GET, imagePath, headers: ["If-None-Match": "\"other\""]).status == .ok)

            // Asking again shows the same until it is displayed: a request is not a display.
            #expect(try await fixture.content(ann, installation: installation).decode(PlacementContent.self).unit == "welcome-bonus")
            // Displayed (twice, as a retry would): its total cap of one is reached, and the news comes next.
            #expect(try await fixture.event(ann, reward.impressionID, .displayed).status == .ok)
            #expect(try await fixture.event(ann, reward.impressionID, .displayed).status == .ok)
            #expect(try await fixture.badge(ann).decode(PlacementNotification.self).value == "1")
            let news = try await fixture.content(ann, installation: installation, language: "fr").decode(PlacementContent.self)
            #expect(news.unit == "news")
            #expect(news.language == "en")
            _ = try await fixture.event(ann, news.impressionID, .displayed)
            // The news is capped per session: nothing more now, and no badge.
            #expect(try await fixture.content(ann, installation: installation).status == .noContent)
            #expect(try await fixture.badge(ann).status == .noContent)
            // A new session (a sign-in again) shows the news again, but never the reward.
            let again = try await fixture.guest(installation)
            #expect(try await fixture.content(again, installation: installation).decode(PlacementContent.self).unit == "news")

            // The Danish sale is for Denmark: the open's locale says Ann is there.
            #expect(try await fixture.content(ann, "shop", installation: installation).decode(PlacementContent.self).unit == "shop-sale")
            let bo = "install-" + UUID().uuidString, boToken = try await fixture.guest(bo)
            try await fixture.open(boToken, installation: bo, locale: "sv-SE")
            #expect(try await fixture.content(boToken, "shop", installation: bo).status == .noContent)

            // The developer asks why: each campaign with its reasons.
            let appToken = try await app.appToken(fixture.credentials)
            let me = try await app.send(.GET, "/v1/me", headers: bearer(ann)).decode(PlayerProfile.self)
            let explained = try await app.send(.GET, "/v1/content/explain?placement=main_menu&player_id=\(me.id)&installation_id=\(installation)",
                                               headers: bearer(appToken)).decode(PlacementExplanation.self)
            #expect(explained.chosen == nil)
            #expect(explained.campaigns.first { $0.campaign == "welcome" }?.reasons == ["cap_total (1 reached)"])
            #expect(explained.campaigns.first { $0.campaign == "news-menu" }?.reasons == ["cap_per_session (1 reached)"])
            let forBo = try await app.send(.GET, "/v1/content/explain?placement=shop&installation_id=\(bo)", headers: bearer(appToken))
                .decode(PlacementExplanation.self)
            #expect(forBo.campaigns.first?.reasons == ["country (SE not in DK)"])
            // Only the developer may ask.
            #expect(try await app.send(.GET, "/v1/content/explain?placement=shop", headers: bearer(ann)).status == .forbidden)

            // Statistics: requests, fills, displays per placement and unit, against the day's opens.
            _ = try await fixture.event(ann, news.impressionID, .dismissed)
            let stats = try await app.send(.GET, "/v1/content/stats", headers: bearer(appToken)).decode(Page<ContentStatsRow>.self).data
            let rewardRow = try #require(stats.first { $0.unit == "welcome-bonus" })
            #expect(rewardRow.placement == "main_menu")
            #expect(rewardRow.requests == 2 && rewardRow.fills == 2 && rewardRow.displays == 1)
            #expect(rewardRow.opens == 3)
            #expect(abs(rewardRow.impressionRate - 1.0 / 3.0) < 0.0001)
            let newsRow = try #require(stats.first { $0.unit == "news" })
            #expect(newsRow.displays == 1 && newsRow.dismissals == 1 && newsRow.fills == 2)
            #expect(stats.first { $0.unit == "" && $0.placement == "main_menu" }?.requests == 1)
        }
    }

    @Test(arguments: Engine.available)
    func badInputIsRefusedAndChangesNothing(_ engine: Engine) async throws {
        try await withPlayhouse(engine) { app in
            let fixture = try await ContentFixture.make(app)
            let ann = try await fixture.guest()
            #expect(try await fixture.content(ann, "Main Menu!").status == .unprocessableEntity)
            let forged = try await fixture.event(ann, "bm90LWEtcmVhbC1vbmU.AAAAAAAAAAAAAAAAAAAAAA", .displayed)
            #expect(try forged.problem().code == .unknownImpression)
            let appToken = try await app.appToken(fixture.credentials)
            // An app token names an installation in the query; without one there is nobody to decide for.
            for missingOrBad in [try await fixture.content(appToken), try await fixture.content(appToken, installation: "short")] {
                #expect(missingOrBad.status == .badRequest)
                #expect(try missingOrBad.problem().errors?.map(\.field) == ["installation_id"])
            }
            // Another player's impression is not yours to display.
            let shown = try await fixture.content(ann).decode(PlacementContent.self)
            let bo = try await fixture.guest()
            #expect(try await fixture.event(bo, shown.impressionID, .displayed).status == .unprocessableEntity)
            #expect(try await app.count("content_displays") == 0)
            let open = try await app.send(.POST, "/v1/opens", headers: bearer(ann).merged(json), body: #"{"installation_id":"x","platform":"i os","app_version":"v2"}"#)
            #expect(try open.problem().errors?.map(\.field).sorted() == ["app_version", "installation_id", "platform"])
            #expect(try await app.count("installations") == 0)
        }
    }

    @Test(arguments: Engine.available)
    func aRewardIsSignedAndClaimedExactlyOnce(_ engine: Engine) async throws {
        try await withPlayhouse(engine, { $0.publicURL = "https://play.example.com" }) { app in
            let fixture = try await ContentFixture.make(app)
            let ann = try await fixture.guest()
            let shown = try await fixture.content(ann).decode(PlacementContent.self)
            _ = try await fixture.event(ann, shown.impressionID, .displayed)
            // Taking the call to action issues the receipt; a retried click gets the same one.
            let clicked = try await fixture.event(ann, shown.impressionID, .clicked).decode(ContentEventRecorded.self)
            let receipt = try #require(clicked.receipt)
            #expect(try await fixture.event(ann, shown.impressionID, .clicked).decode(ContentEventRecorded.self).receipt == receipt)
            #expect(receipt.unit == "welcome-bonus")
            #expect(receipt.claimedAt == nil)

            // The receipt verifies offline against the published keys, and says what the record says.
            let keysResponse = try await app.send(.GET, "/.well-known/reward-keys")
            #expect(keysResponse.headers.first(name: .contentType) == "application/jwk-set+json")
            let keys = try await JWTKeyCollection().add(jwksJSON: keysResponse.body.string)
            let claims = try await keys.verify(receipt.token, as: RewardReceiptClaims.self)
            #expect(claims.jti == receipt.id)
            #expect(claims.sub == receipt.playerID)
            #expect(claims.iss == "https://play.example.com")
            #expect(claims.items == [RewardItem(name: "gems", quantity: 50)] && claims.amount == "5" && claims.currency == "KRD")
            // A receipt changed by anyone else does not verify.
            let parts = receipt.token.split(separator: ".").map(String.init)
            var payload = try JSONSerialization.jsonObject(with: try #require(Data(base64URLEncoded: parts[1]))) as! [String: Any]
            payload["amount"] = "5000"
            let forged = parts[0] + "." + (try JSONSerialization.data(withJSONObject: payload)).base64URLEncodedString() + "." + parts[2]
            await #expect(throws: (any Error).self) { _ = try await keys.verify(forged, as: RewardReceiptClaims.self) }

            // An app that crashed finds its unclaimed receipts.
            let unclaimed = try await app.send(.GET, "/v1/rewards?status=unclaimed", headers: bearer(ann)).decode(Page<RewardReceipt>.self)
            #expect(unclaimed.data.map(\.id) == [receipt.id])

            // Ten simultaneous claims: the wallet gets 5 kredits once; every claim answers the receipt.
            let answers = try await withThrowingTaskGroup(of: RewardReceipt.self) { group in
                for _ in 0..<10 {
                    group.addTask { try await app.send(.POST, "/v1/rewards/\(receipt.id)/claim", headers: bearer(ann)).decode(RewardReceipt.self) }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(Set(answers.compactMap(\.claimedAt)).count == 1)
            #expect(Set(answers.compactMap(\.transactionID)).count == 1)
            let wallet = try await app.send(.GET, "/v1/wallet", headers: bearer(ann)).decode(Wallet.self)
            #expect(wallet.balance("KRD", economy: .sandbox)?.available.amount == "5")
            #expect(try await app.send(.GET, "/v1/rewards?status=unclaimed", headers: bearer(ann)).decode(Page<RewardReceipt>.self).data.isEmpty)
            let history = try await app.send(.GET, "/v1/wallet/transactions", headers: bearer(ann)).decode(Page<WalletTransaction>.self)
            #expect(history.data.map(\.kind) == [.reward])
            #expect(try await app.ledgerVerifier.verify().violations.isEmpty)

            // Another player cannot claim it; an unknown receipt is a 404.
            let bo = try await fixture.guest()
            #expect(try await app.send(.POST, "/v1/rewards/\(receipt.id)/claim", headers: bearer(bo)).status == .notFound)
            #expect(try await app.send(.POST, "/v1/rewards/not-a-receipt/claim", headers: bearer(ann)).status == .notFound)
            // An app token cannot take rewards: there is no player to give them to.
            let appToken = try await app.appToken(fixture.credentials)
            let installation = "install-" + UUID().uuidString
            let anonymous = try await fixture.content(appToken, installation: installation).decode(PlacementContent.self)
            #expect(try await fixture.event(appToken, anonymous.impressionID, .clicked, installation: installation).status == .forbidden)
        }
    }

    @Test(arguments: Engine.available)
    func theHostedPageShowsTheUnitAndItsActionUnlocksTheRewardOnce(_ engine: Engine) async throws {
        try await withPlayhouse(engine) { app in
            let fixture = try await ContentFixture.make(app)
            let installation = "install-" + UUID().uuidString
            let ann = try await fixture.guest(installation)
            try await fixture.open(ann, installation: installation)
            let shown = try await fixture.content(ann, installation: installation).decode(PlacementContent.self)
            let path = try #require(URL(string: shown.pageURL)).path
            let page = try await app.send(.GET, path, headers: ["Accept-Language": "da"])
            #expect(page.status == .ok)
            #expect(page.headers.first(name: .contentSecurityPolicy)?.contains("default-src 'none'") == true)
            #expect(page.body.string.contains("Velkommen!"))
            #expect(page.body.string.contains(#"src="/assets/\#(Assets.name(of: ContentFixture.png))""#))
            #expect(page.body.string.contains(#"href="playhouse-event:dismissed""#))

            // Taking it twice unlocks one receipt, which the page hands to the app.
            let taken = try await app.send(.POST, path + "/take", headers: ["Accept-Language": "en"])
            #expect(taken.body.string.contains("Reward unlocked"))
            #expect(taken.body.string.contains("50 gems") && taken.body.string.contains("5 KRD"))
            let receipts = try await app.send(.GET, "/v1/rewards", headers: bearer(ann)).decode(Page<RewardReceipt>.self).data
            #expect(receipts.count == 1)
            #expect(taken.body.string.contains("playhouse-event:reward?receipt=\(try #require(receipts.first).id)"))
            _ = try await app.send(.POST, path + "/take")
            #expect(try await app.send(.GET, "/v1/rewards", headers: bearer(ann)).decode(Page<RewardReceipt>.self).data == receipts)

            // An offer's action goes where it leads.
            let sale = try await fixture.content(ann, "shop", installation: installation).decode(PlacementContent.self)
            let followed = try await app.send(.POST, try #require(URL(string: sale.pageURL)).path + "/take")
            #expect(followed.status == .seeOther)
            #expect(followed.headers.first(name: .location) == "mygame://shop")

            // A page works for an hour; a made-up one never.
            app.playhouseClock.advance(by: 3601)
            #expect(try await app.send(.GET, path).status == .notFound)
            #expect(try await app.send(.GET, "/content/nothing.here").status == .notFound)
        }
    }

    @Test(arguments: Engine.available)
    func manyShowingsOfARewardGetNoMoreReceiptsThanItsCaps(_ engine: Engine) async throws {
        try await withPlayhouse(engine) { app in
            let fixture = try await ContentFixture.make(app)
            let ann = try await fixture.guest()
            // Asked for three times before any display: three showings of the reward (total cap 1).
            var shown: [PlacementContent] = []
            for _ in 0..<3 { shown.append(try await fixture.content(ann).decode(PlacementContent.self)) }
            #expect(Set(shown.map(\.unit)) == ["welcome-bonus"])
            // Taking the first counts as its display and gets the receipt; the others are refused.
            #expect(try await fixture.event(ann, shown[0].impressionID, .clicked).decode(ContentEventRecorded.self).receipt != nil)
            for other in shown.dropFirst() {
                let refused = try await fixture.event(ann, other.impressionID, .clicked)
                #expect(try refused.problem().code == .contentCapReached)
                #expect(refused.status == .conflict)
                let page = try await app.send(.POST, try #require(URL(string: other.pageURL)).path + "/take")
                #expect(page.status == .conflict)
            }
            // Taking the first again (a retry) still answers its receipt.
            #expect(try await fixture.event(ann, shown[0].impressionID, .clicked).decode(ContentEventRecorded.self).receipt != nil)
            #expect(try await app.count("reward_receipts") == 1)
        }
    }

    /// Two instances on one PostgreSQL database decide alike, and a receipt claimed at both at
    /// once credits the wallet once.
    @Test func twoInstancesDecideAlikeAndClaimOnce() async throws {
        guard Engine.available.contains(.postgres) else { return }
        var configuration = Engine.postgres.isolatedConfiguration()
        configuration.contentCacheLifetime = 0
        try await withPlayhouse(configuration, drop: false) { first in
            try await withPlayhouse(configuration, drop: true) { second in
                let fixture = try await ContentFixture.make(first)
                let other = ContentFixture(app: second, credentials: fixture.credentials)
                let ann = try await fixture.guest()
                let here = try await fixture.content(ann).decode(PlacementContent.self)
                let there = try await other.content(ann).decode(PlacementContent.self)
                #expect(here.unit == there.unit)
                _ = try await other.event(ann, here.impressionID, .displayed)
                #expect(try await fixture.content(ann).decode(PlacementContent.self).unit == "news")
                let receipt = try #require(try await fixture.event(ann, here.impressionID, .clicked).decode(ContentEventRecorded.self).receipt)
                let statuses = try await withThrowingTaskGroup(of: HTTPStatus.self) { group in
                    for index in 0..<10 {
                        let app = index.isMultiple(of: 2) ? first : second
                        group.addTask { try await app.send(.POST, "/v1/rewards/\(receipt.id)/claim", headers: bearer(ann)).status }
                    }
                    return try await group.reduce(into: []) { $0.append($1) }
                }
                #expect(statuses.allSatisfy { $0 == .ok })
                let wallet = try await second.send(.GET, "/v1/wallet", headers: bearer(ann)).decode(Wallet.self)
                #expect(wallet.balance("KRD", economy: .sandbox)?.available.amount == "5")
                #expect(try await first.ledgerVerifier.verify().violations.isEmpty)
            }
        }
    }
}
