import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import PlayhouseKit
@testable import PlayhouseServer
import Testing
import Vapor

/// The SDK's content against a real server on 127.0.0.1: an open, a badge, a reward taken on the
/// hosted page (as a web view would) and natively, unlocked and credited once, and not again after
/// a relaunch.
@Suite struct SDKContentTests {
    func client(_ url: URL, _ credentials: AppCredentials, tokens: any TokenStore, rewards: URL, installation: String) throws -> PlayhouseClient {
        PlayhouseClient(configuration: .init(baseURL: url, clientID: credentials.app.clientID, clientSecret: credentials.clientSecret,
                                             locale: Locale(identifier: "da_DK"), retryPolicy: RetryPolicy(maxAttempts: 2, baseDelay: .milliseconds(10)),
                                             tokenStore: tokens, installationID: installation, appLifecycle: nil,
                                             claimedRewards: try SQLiteClaimedRewards(url: rewards)))
    }

    /// Plays the player's web view: opens the unit's page, says it is displayed, taps its call to
    /// action and hands back the receipt the page links to, as `WebContentPresenter` does.
    struct HostedPagePlayer: ContentPresenter {
        func present(_ content: PlacementContent, options: ContentPresentationOptions,
                     displayed: @escaping @Sendable () async -> Void) async throws -> ContentPresentationOutcome {
            var open = URLRequest(url: try #require(URL(string: content.pageURL)))
            open.setValue("da", forHTTPHeaderField: "Accept-Language")
            let page = try await URLSession.shared.data(for: open).0
            #expect(String(decoding: page, as: UTF8.self).contains(content.title ?? "?"))
            await displayed()
            var take = URLRequest(url: try #require(URL(string: content.pageURL + "/take")))
            take.httpMethod = "POST"
            let unlocked = String(decoding: try await URLSession.shared.data(for: take).0, as: UTF8.self)
            let link = try #require(unlocked.range(of: #"playhouse-event:reward\?receipt=[0-9a-f-]+"#, options: .regularExpression))
            return .rewardTaken(receiptID: String(unlocked[link].split(separator: "=").last ?? ""))
        }
    }

    /// A native presenter: the player reads it, then taps or closes it.
    struct NativePlayer: ContentPresenter {
        var outcome: ContentPresentationOutcome
        func present(_ content: PlacementContent, options: ContentPresentationOptions,
                     displayed: @escaping @Sendable () async -> Void) async throws -> ContentPresentationOutcome {
            await displayed()
            return outcome
        }
    }

    /// An app with the content fixture, and a guest signed in through the SDK; `relaunch` makes the
    /// same app's client again on the same token and reward stores.
    func signedInGuest(_ app: Application, _ url: URL) async throws -> (sdk: PlayhouseClient, relaunch: () throws -> PlayhouseClient) {
        let fixture = try await ContentFixture.make(app)
        let installation = "install-" + UUID().uuidString, tokens = MemoryTokenStore()
        let rewards = FileManager.default.temporaryDirectory.appendingPathComponent("sdk-rewards-\(UUID()).sqlite")
        let relaunch = { try client(url, fixture.credentials, tokens: tokens, rewards: rewards, installation: installation) }
        let sdk = try relaunch()
        _ = try await sdk.auth.signInAsGuest()
        return (sdk, relaunch)
    }

    func unlocked(_ events: [ContentRequestEvent]) -> [UnlockedReward] {
        events.compactMap { if case .rewardUnlocked(let reward) = $0 { reward } else { nil } }
    }

    @Test(arguments: Engine.available)
    func aRewardTakenOnTheHostedPageUnlocksOnceAndCreditsTheWallet(_ engine: Engine) async throws {
        try await withRunningServer(engine) { app, url in
            let (sdk, relaunch) = try await signedInGuest(app, url)
            let opened = try await sdk.content.recordOpen()
            #expect(opened.install)
            #expect(try await sdk.content.notification(placement: "main_menu") == PlacementNotification(type: "badge", value: "2"))

            let unlocks = await sdk.content.rewardUnlocks()
            let request = sdk.content.request(placement: "main_menu")
            let collected = Task { await request.events.reduce(into: [ContentRequestEvent]()) { $0.append($1) } }
            await request.start(presenter: HostedPagePlayer())
            let events = await collected.value
            #expect(events.first == .willGetContent)
            guard events.count > 1, case .willDisplay(let shown) = events[1] else {
                Issue.record("\(events)")
                return
            }
            #expect(shown.title == "Velkommen!")
            #expect(events.last == .didDismiss(shown))
            let unlockedNow = unlocked(events)
            #expect(unlockedNow.count == 1)
            #expect(unlockedNow.first?.items == [RewardItem(name: "gems", quantity: 50)])
            #expect(unlockedNow.first?.receipt.claimedAt != nil)
            var iterator = unlocks.makeAsyncIterator()
            #expect(await iterator.next() == unlockedNow.first)
            #expect(try await sdk.wallet.wallet().balance("KRD", economy: .sandbox)?.available.amount == "5")
            // The reward is shown no more; its badge went with the display.
            #expect(try await sdk.content.notification(placement: "main_menu")?.value == "1")

            // Relaunched on the same stores: nothing left to finish, nothing unlocked twice.
            let relaunched = try relaunch()
            #expect(try await relaunched.content.finishRewards().isEmpty)
            // The next unit is the news; closing it unlocks nothing.
            let next = relaunched.content.request(placement: "main_menu")
            let nextEvents = Task { await next.events.reduce(into: [ContentRequestEvent]()) { $0.append($1) } }
            await next.start(presenter: NativePlayer(outcome: .dismissed))
            #expect(await nextEvents.value.contains { if case .willDisplay(let unit) = $0 { unit.unit == "news" } else { false } })
            #expect(try await relaunched.wallet.wallet().balance("KRD", economy: .sandbox)?.available.amount == "5")
            #expect(try await app.ledgerVerifier.verify().violations.isEmpty)
        }
    }

    @Test(arguments: Engine.available)
    func aRewardTheAppMissedIsFinishedLaterAndNotGivenTwice(_ engine: Engine) async throws {
        try await withRunningServer(engine) { app, url in
            let sdk = try await signedInGuest(app, url).sdk
            // The page issued a receipt, and the app was killed before it heard of it.
            let shown = try #require(try await sdk.content.content(placement: "main_menu"))
            _ = try await app.send(.POST, try #require(URL(string: shown.pageURL)).path + "/take")
            let finished = try await sdk.content.finishRewards()
            #expect(finished.count == 1)
            #expect(try await sdk.wallet.wallet().balance("KRD", economy: .sandbox)?.available.amount == "5")
            #expect(try await sdk.content.finishRewards().isEmpty)

            // Taking it counted as its display: the next showing is the news, and a tap on it unlocks nothing.
            let request = sdk.content.request(placement: "main_menu")
            let collected = Task { await request.events.reduce(into: [ContentRequestEvent]()) { $0.append($1) } }
            await request.start(presenter: NativePlayer(outcome: .actionTaken))
            let events = await collected.value
            #expect(events.contains { if case .actionTaken(let unit) = $0 { unit.unit == "news" } else { false } })
            #expect(unlocked(events).isEmpty)
            #expect(try await sdk.wallet.wallet().balance("KRD", economy: .sandbox)?.available.amount == "5")
        }
    }
}
