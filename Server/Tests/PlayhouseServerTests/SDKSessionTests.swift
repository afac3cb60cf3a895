import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import PlayhouseKit
@testable import PlayhouseServer
import Testing
import Vapor

/// The SDK's credentials lifecycle against a real server on 127.0.0.1, on an injected clock: the
/// test moves the SDK's clock and the server's together, from one timer to the next, so hours of
/// heartbeats pass in moments. Serialized: session events go to NotificationCenter, which every
/// client shares, so one test at a time posts them.
@Suite(.serialized) struct SDKSessionTests {
    /// Carries the SDK's requests to the server, noting when (on the SDK's clock) each heartbeat
    /// left, and failing heartbeats as a lost network would while `offline` is set.
    final class HeartbeatLine: Transport, @unchecked Sendable {
        let real = URLSessionTransport()
        let clock: ManualClock
        private let lock = NSLock()
        private var sent: [Double] = []
        private var down = false

        init(clock: ManualClock) { self.clock = clock }

        var heartbeats: [Double] { lock.withLock { sent } }
        var offline: Bool {
            get { lock.withLock { down } }
            set { lock.withLock { down = newValue } }
        }

        func send(_ request: HTTPRequest) async throws -> HTTPResponse {
            if request.method == "GET" && request.url.path == "/v1/sessions/current" {
                let failing = lock.withLock {
                    sent.append(seconds(clock.now))
                    return down
                }
                if failing { throw URLError(.notConnectedToInternet) }
            }
            return try await real.send(request)
        }
    }

    /// The app's own reality-check screen: notes when it showed, tries to bet while the check is
    /// due (it must be refused), and continues.
    final class ScriptedCheck: RealityCheckPresenter, @unchecked Sendable {
        let clock: ManualClock
        private let lock = NSLock()
        private var times: [Double] = []
        private var refusals: [ErrorCode] = []
        var games: GamesAPI?

        init(clock: ManualClock) { self.clock = clock }

        var shown: [Double] { lock.withLock { times } }
        var betRefusals: [ErrorCode] { lock.withLock { refusals } }

        func presentRealityCheck(_ status: PlaySessionStatus, session: SessionAPI) async throws -> RealityCheckChoice? {
            let now = seconds(clock.now)
            lock.withLock { times.append(now) }
            if let games {
                do {
                    _ = try await games.unbackedBet(game: "wheel", wager: 1)
                } catch {
                    let code = error.code
                    lock.withLock { refusals.append(code) }
                }
            }
            return .continuePlaying
        }
    }

    @MainActor final class Callbacks: CredentialsCallbacks {
        let signInPresenter: any WebAuthenticationPresenter
        let realityCheckPresenter: any RealityCheckPresenter
        var told: [String] = []

        init(email: String, check: any RealityCheckPresenter) {
            signInPresenter = FormPostingPresenter(email: email)
            realityCheckPresenter = check
        }

        func onCredentialsSuccess(_ credentials: PlayerCredentials) { told.append("success") }
        func onCredentialsRevoked() { told.append("revoked") }
        func onCredentialsFailure(_ error: PlayhouseError) { told.append("failure: \(error)") }
        func onPreRealityCheck(_ status: PlaySessionStatus) { told.append("pre") }
        func onPostRealityCheck(_ choice: RealityCheckChoice) { told.append("post: \(choice.rawValue)") }
    }

    /// Collects what NotificationCenter delivers.
    final class PostedEvents: @unchecked Sendable {
        private let lock = NSLock()
        private var events: [SessionEvent] = []
        func add(_ event: SessionEvent) { lock.withLock { events.append(event) } }
        var all: [SessionEvent] { lock.withLock { events } }
    }

    /// Collects an events stream.
    actor Events {
        private(set) var all: [SessionEvent] = []
        func add(_ event: SessionEvent) { all.append(event) }
        var names: [String] {
            all.compactMap { event in
                switch event {
                case .credentialsSuccess: "success"
                case .credentialsRevoked: "revoked"
                case .credentialsFailure: "failure"
                case .preRealityCheck: "pre"
                case .postRealityCheck: "post"
                case .heartbeat: nil
                }
            }
        }
    }

    /// An SDK on a manual clock whose heartbeats go through a line the test can take offline.
    func heartbeatRig(_ url: URL, _ credentials: AppCredentials, lifecycle: AppLifecycle? = nil) -> (ManualClock, HeartbeatLine, PlayhouseClient) {
        let clock = ManualClock()
        let line = HeartbeatLine(clock: clock)
        return (clock, line, client(url, credentials, clock: clock, line: line, lifecycle: lifecycle))
    }

    /// The rig most tests use: the server's clock stopped, an app, and callbacks that sign `email`
    /// in and continue each reality check; the SDK hears of the app's lifecycle from `lifecycle`.
    func heartbeatRig(_ app: Application, _ url: URL, signingIn email: String, lifecycle: AppLifecycle? = nil) async throws
        -> (ManualClock, HeartbeatLine, PlayhouseClient, Callbacks) {
        app.playhouseClock.stop()
        let fixture = try await WalletFixture.make(app)
        let (clock, line, sdk) = heartbeatRig(url, fixture.credentials, lifecycle: lifecycle)
        return (clock, line, sdk, await Callbacks(email: email, check: ScriptedCheck(clock: clock)))
    }

    func client(_ url: URL, _ credentials: AppCredentials, clock: ManualClock, line: HeartbeatLine,
                lifecycle: AppLifecycle? = nil) -> PlayhouseClient {
        PlayhouseClient(configuration: .init(baseURL: url, clientID: credentials.app.clientID, clientSecret: credentials.clientSecret,
                                             transport: line, retryPolicy: .none, redirectURI: URL(string: "mygame://authorize")!,
                                             tokenStore: MemoryTokenStore(), clock: clock, appLifecycle: lifecycle))
    }

    /// Moves the SDK's clock and the server's together, from one timer to the next, up to `end`
    /// seconds, or until `stopped` says the heartbeats have stopped (or nothing has slept on the
    /// clock for 15 s of real time: a busy machine may take seconds for a heartbeat's round trip).
    func drive(_ clock: ManualClock, _ app: Application, until end: Double, stopped: (@Sendable () async -> Bool)? = nil) async {
        var lastWake = ContinuousClock.now
        while true {
            if let stopped, await stopped() { return }
            guard let wake = await clock.nextWakeUp(timeout: .milliseconds(100)) else {
                if ContinuousClock.now - lastWake > .seconds(15) { return }
                continue
            }
            lastWake = ContinuousClock.now
            guard seconds(wake) <= end else { return }
            app.playhouseClock.advance(by: seconds(wake) - seconds(clock.now))
            clock.advance(to: wake)
        }
    }

    func listen(_ sdk: PlayhouseClient) async -> (Events, Task<Void, Never>) {
        let events = Events()
        let stream = await sdk.session.events()
        return (events, Task { for await event in stream { await events.add(event) } })
    }

    @Test(arguments: Engine.available)
    func realityChecksComeOnTimeOnceEachAndBetsWaitForThem(_ engine: Engine) async throws {
        try await withRunningServer(engine, { $0.passwordHashCost = 4; $0.realityCheckInterval = 630 }) { app, url in
            app.playhouseClock.stop()
            let fixture = try await WalletFixture.make(app)
            try await fixture.importGames()
            let (clock, line, sdk) = heartbeatRig(url, fixture.credentials)
            let check = ScriptedCheck(clock: clock)
            check.games = sdk.games
            let callbacks = await Callbacks(email: "ann@example.com", check: check)
            let (events, listener) = await listen(sdk)

            await sdk.session.checkCredentials(callbacks)
            await drive(clock, app, until: 1300)

            // Every minute, then half a minute before the check falls due (at 630 s), then every
            // minute again until the next one (at 1260 s).
            let beats = line.heartbeats
            let everyMinute: [Double] = (1...10).map { Double($0 * 60) }
            let expected: [Double] = [0] + everyMinute + [630] + everyMinute.map { 630 + $0 } + [1260]
            #expect(beats == expected)
            // Shown once per check, within a second of falling due; bets refused until answered.
            #expect(check.shown == [630, 1260])
            #expect(check.betRefusals == [.realityCheckDue, .realityCheckDue])
            #expect(try await sdk.games.unbackedBet(game: "wheel", wager: 1).kind == .unbacked)

            try await Task.sleep(for: .seconds(1))  // the events stream's listener catches up
            listener.cancel()
            #expect(await events.names == ["success", "pre", "post", "pre", "post"])
            #expect(await callbacks.told == ["success", "pre", "post: continue", "pre", "post: continue"])

            // Checking again while the session lives: credentials at once, no new sign-in (which would
            // fail here: the presenter would register the same email again).
            await sdk.session.checkCredentials(callbacks)
            #expect(await callbacks.told.last == "success")
            // A stream opened after checkCredentials hears its success first, as a callback would.
            var late = await sdk.session.events().makeAsyncIterator()
            guard case .credentialsSuccess? = await late.next() else { Issue.record("no success first"); return }
            await sdk.session.stopHeartbeats()
        }
    }

    @Test(arguments: Engine.available)
    func anOutageDoesNotRevokeButTheServerEndingTheSessionDoesWithinABeat(_ engine: Engine) async throws {
        try await withRunningServer(engine, { $0.passwordHashCost = 4; $0.realityCheckInterval = 0; $0.sessionInactivityTimeout = 7200 }) { app, url in
            let (clock, line, sdk, callbacks) = try await heartbeatRig(app, url, signingIn: "bob@example.com")
            let (events, listener) = await listen(sdk)
            await sdk.session.checkCredentials(callbacks)
            await drive(clock, app, until: 120)

            // Offline for five minutes: the heartbeats back off (5, 10, 20, 40, 60 s …) and revoke nothing.
            line.offline = true
            await drive(clock, app, until: 420)
            line.offline = false
            await drive(clock, app, until: 600)
            let beats = line.heartbeats.filter { $0 > 120 }
            #expect(Array(beats.prefix(6)) == [180, 185, 195, 215, 255, 315])
            #expect(beats.contains { $0 > 420 && $0 <= 480 })
            #expect(try await sdk.session.current().alive)

            // In the background nothing beats; back in the foreground, a beat at once.
            await sdk.session.enterBackground()
            let before = line.heartbeats.count
            await sdk.session.enterForeground()
            await drive(clock, app, until: 660)
            #expect(line.heartbeats.count > before && line.heartbeats[before] == seconds(clock.now) - 60)

            // The server ends the session (another device, an operator): the app hears within one beat.
            let ended = seconds(clock.now)
            let token = try #require(await events.all.compactMap { event -> String? in
                if case .credentialsSuccess(let credentials) = event { return credentials.accessToken }
                return nil
            }.first)
            #expect(try await app.send(.DELETE, "/v1/sessions/current", headers: bearer(token)).status == .noContent)
            await drive(clock, app, until: ended + 60) { await callbacks.told.contains("revoked") }
            try await Task.sleep(for: .seconds(1))  // the events stream's listener catches up
            listener.cancel()
            #expect(await events.names == ["success", "revoked"])
            #expect(await callbacks.told == ["success", "revoked"])
            #expect(line.heartbeats.last! <= ended + 60)
            #expect(await sdk.auth.currentPlayer == nil)
        }
    }

    @Test(arguments: Engine.available)
    func heartbeatsThatKeepFailingRevokeAfterTheirRetries(_ engine: Engine) async throws {
        try await withRunningServer(engine, { $0.passwordHashCost = 4; $0.realityCheckInterval = 0 }) { app, url in
            let (clock, line, sdk, callbacks) = try await heartbeatRig(app, url, signingIn: "eve@example.com")
            let posted = PostedEvents()
            let observer = NotificationCenter.default.addObserver(forName: .playhouseSessionEvent, object: nil, queue: nil) { note in
                if let event = note.userInfo?[SessionEvent.userInfoKey] as? SessionEvent { posted.add(event) }
            }
            defer { NotificationCenter.default.removeObserver(observer) }
            await sdk.session.checkCredentials(callbacks)
            line.offline = true
            await drive(clock, app, until: 3600) { await callbacks.told.contains("revoked") }
            // Eight failures in a row, waiting 5, 10, 20, 40, 60 … s between them; then revoked, and no more beats.
            #expect(line.heartbeats == [0, 60, 65, 75, 95, 135, 195, 255, 315])
            #expect(await callbacks.told == ["success", "revoked"])
            // Every event is posted to NotificationCenter as well.
            let postedEvents = posted.all
            #expect(postedEvents.count == 2 && postedEvents.last == .credentialsRevoked)
            if case .credentialsSuccess = postedEvents.first {} else { Issue.record("first posted: \(String(describing: postedEvents.first))") }
        }
    }

    /// The app's lifecycle notifications (UIKit's names, on a center of the test's own) pause and
    /// resume the heartbeats without the app calling anything.
    @Test(arguments: Engine.available)
    func theHeartbeatsFollowTheAppToTheBackgroundAndBack(_ engine: Engine) async throws {
        try await withRunningServer(engine, { $0.passwordHashCost = 4; $0.realityCheckInterval = 0; $0.sessionInactivityTimeout = 7200 }) { app, url in
            let center = NotificationCenter()
            let lifecycle = AppLifecycle(notificationCenter: center, didEnterBackground: AppLifecycle.uiKit.didEnterBackground,
                                         willEnterForeground: AppLifecycle.uiKit.willEnterForeground)
            let (clock, line, sdk, callbacks) = try await heartbeatRig(app, url, signingIn: "fay@example.com", lifecycle: lifecycle)
            await sdk.session.checkCredentials(callbacks)
            await drive(clock, app, until: 120)
            #expect(line.heartbeats == [0, 60, 120])

            // In the background, nothing waits to beat: ten minutes pass without a heartbeat.
            center.post(name: AppLifecycle.uiKit.didEnterBackground, object: nil)
            #expect(await nothingSleeps(on: clock))
            clock.advance(by: .seconds(600))
            app.playhouseClock.advance(by: 600)
            #expect(line.heartbeats == [0, 60, 120])

            // Back in the foreground: a heartbeat at once, then every minute.
            center.post(name: AppLifecycle.uiKit.willEnterForeground, object: nil)
            await drive(clock, app, until: 840)
            #expect(line.heartbeats == [0, 60, 120, 720, 780, 840])

            // Away and back at once: the two are applied in the order posted, so the heartbeats go on.
            center.post(name: AppLifecycle.uiKit.didEnterBackground, object: nil)
            center.post(name: AppLifecycle.uiKit.willEnterForeground, object: nil)
            #expect(await sent(7, line))
            await drive(clock, app, until: 900)
            #expect(line.heartbeats == [0, 60, 120, 720, 780, 840, 840, 900])
            #expect(await callbacks.told == ["success"])
            await sdk.session.stopHeartbeats()
        }
    }

    /// Waits (up to 10 s of real time) until nothing sleeps on `clock`; false if something still does.
    func nothingSleeps(on clock: ManualClock) async -> Bool {
        await within(.seconds(10)) { await clock.nextWakeUp(timeout: .zero) == nil }
    }

    /// Waits (up to 10 s of real time) until `line` has carried `count` heartbeats.
    func sent(_ count: Int, _ line: HeartbeatLine) async -> Bool {
        await within(.seconds(10)) { line.heartbeats.count >= count }
    }

    func within(_ limit: Duration, _ condition: () async -> Bool) async -> Bool {
        let deadline = ContinuousClock.now + limit
        while ContinuousClock.now < deadline {
            if await condition() { return true }
            try? await Task.sleep(for: .milliseconds(10))
        }
        return false
    }

    /// Briefly without credentials (the session ended elsewhere, so a refresh signed the player out
    /// here, until the app signs them in again): the heartbeats look every 5 s without sending
    /// anything, carry on with the new credentials, and revoke only when none come in time.
    @Test(arguments: Engine.available)
    func withoutCredentialsTheHeartbeatsLookEveryFiveSecondsThenRevoke(_ engine: Engine) async throws {
        try await withRunningServer(engine, { $0.passwordHashCost = 4; $0.realityCheckInterval = 0; $0.sessionInactivityTimeout = 7200 }) { app, url in
            let (clock, line, sdk, callbacks) = try await heartbeatRig(app, url, signingIn: "cy@example.com")
            func signOutHere() async throws {
                let sessions = SessionService(store: app.store, now: app.playhouseClock.now(), tokenCache: app.playhouse.tokenCache)
                for row in try await app.sql().raw("SELECT id FROM play_sessions WHERE ended_at IS NULL").all() {
                    try await sessions.end(try row.decode(column: "id", as: UUID.self))
                }
                await #expect(throws: PlayhouseError.self) { try await sdk.auth.refresh() }
                #expect(await sdk.auth.currentPlayer == nil)
            }
            await sdk.session.checkCredentials(callbacks)
            await drive(clock, app, until: 30)
            try await signOutHere()

            // Signed in again 20 s after the beat that found no credentials: the next 5 s step beats.
            await drive(clock, app, until: 80)
            _ = try await sdk.auth.signIn(scopes: [], presenter: FormPostingPresenter(email: "cy@example.com", register: false))
            await drive(clock, app, until: 150)
            #expect(line.heartbeats == [0, 85, 145])
            #expect(await callbacks.told == ["success"])

            // No credentials come back: twelve looks 5 s apart after the first, then revoked, having sent nothing.
            try await signOutHere()
            await drive(clock, app, until: 3600) { await callbacks.told.contains("revoked") }
            #expect(line.heartbeats == [0, 85, 145])
            #expect(await callbacks.told == ["success", "revoked"])
            #expect(seconds(clock.now) == 205 + 12 * 5)
        }
    }

    /// The app's web view on the hosted reality-check page, played over real HTTP: opens it from its
    /// one-time URL and presses `choice`.
    struct PressesOnThePage: WebPagePresenter {
        var choice: String
        /// Posts a CSRF token of its own making instead of the page's.
        var forged = false

        func present(_ url: URL, closeURL: URL) async throws {
            let browser = Browser()
            let entered = try await browser.send(URLRequest(url: url))
            let location = try #require(entered.response.value(forHTTPHeaderField: "Location"))
            let pageURL = try #require(URL(string: location, relativeTo: url)?.absoluteURL)
            let page = String(decoding: try await browser.send(URLRequest(url: pageURL)).body, as: UTF8.self)
            let csrf = forged ? "forged" : try SDKWalletTests.WebViewStandIn.field("csrf", page)
            _ = try await browser.post(pageURL, ["csrf": csrf, "choice": choice])
        }
    }

    @Test(arguments: Engine.available)
    func theHostedRealityCheckSaysWhatThePlayerChose(_ engine: Engine) async throws {
        try await withRunningServer(engine, { $0.passwordHashCost = 4; $0.realityCheckInterval = 600 }) { app, url in
            app.playhouseClock.stop()
            let fixture = try await WalletFixture.make(app)
            let sdk = SDKWalletTests().client(url, fixture.credentials)
            _ = try await sdk.auth.signIn(scopes: ["profile", "wallet", "play"], presenter: FormPostingPresenter(email: "di@example.com"))
            app.playhouseClock.advance(by: 600)
            let due = try await sdk.session.current()
            #expect(due.realityCheck.due)
            #expect(try await HostedRealityCheckPresenter(pages: PressesOnThePage(choice: "continue"))
                .presentRealityCheck(due, session: sdk.session) == .continuePlaying)
            #expect(try await sdk.session.current().realityCheck.remainingMs == 600_000)
            // A Stop that did not come from the page is refused: the session goes on.
            _ = try await HostedRealityCheckPresenter(pages: PressesOnThePage(choice: "stop", forged: true))
                .presentRealityCheck(due, session: sdk.session)
            #expect(try await sdk.session.current().alive)
            #expect(try await HostedRealityCheckPresenter(pages: PressesOnThePage(choice: "stop"))
                .presentRealityCheck(due, session: sdk.session) == .stop)
        }
    }

    @Test(arguments: Engine.available)
    func limitsAndCanIGambleThroughTheSDK(_ engine: Engine) async throws {
        try await withRunningServer(engine, { $0.passwordHashCost = 4 }) { app, url in
            let fixture = try await WalletFixture.make(app)
            let sdk = SDKWalletTests().client(url, fixture.credentials)
            _ = try await sdk.auth.signIn(scopes: ["profile", "wallet", "play"], presenter: FormPostingPresenter(email: "cy@example.com"))
            let limits = try await sdk.session.setLimits(LimitsUpdate(depositLimits: [MoneyLimitChange(currency: "EUR", period: .weekly, amount: "10.00")]))
            #expect(limits.depositLimits == [MoneyLimit(currency: "EUR", period: .weekly, amount: "10.00", used: "0.00", remaining: "10.00")])
            do {
                _ = try await sdk.wallet.deposit(Decimal(11), currency: "EUR")
                Issue.record("a deposit past the limit went through")
            } catch let error as PlayhouseError {
                #expect(error.code == .depositLimitExceeded && error.problem?.limit == "deposit_limit.weekly.EUR")
            }
            #expect(try await sdk.session.canIGamble() == GambleVerdict(allowed: true, reasons: []))
            // The completion-handler form answers the same, on the main queue.
            let answered = await withCheckedContinuation { continuation in
                sdk.session.canIGamble { result in continuation.resume(returning: try? result.get()) }
            }
            #expect(answered == GambleVerdict(allowed: true, reasons: []))
            let until = Date().addingTimeInterval(7 * 24 * 3600)
            _ = try await sdk.session.setLimits(LimitsUpdate(coolOffUntil: .set(until)))
            let verdict = try await sdk.session.canIGamble()
            #expect(!verdict.allowed && verdict.reasons.map(\.code) == [.coolingOff])
        }
    }
}

func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
}
