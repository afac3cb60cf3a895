import Foundation
import PlayhouseKit
@testable import PlayhouseServer
import Testing
import Vapor

/// The SDK's player sign-in against a real server on 127.0.0.1.
@Suite struct SDKSignInTests {
    func client(_ url: URL, _ credentials: AppCredentials, store: any TokenStore, installation: String = "install-1",
                now: @escaping @Sendable () -> Date = { Date() },
                sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }) -> PlayhouseClient {
        PlayhouseClient(configuration: .init(baseURL: url, clientID: credentials.app.clientID, clientSecret: credentials.clientSecret,
                                             retryPolicy: RetryPolicy(maxAttempts: 2, baseDelay: .milliseconds(10), sleep: sleep), now: now,
                                             redirectURI: URL(string: "mygame://authorize")!, tokenStore: store,
                                             installationID: installation))
    }

    func temporaryStore() -> FileTokenStore {
        FileTokenStore(url: FileManager.default.temporaryDirectory.appendingPathComponent("playhouse-sdk-\(UUID().uuidString)/tokens.json"))
    }

    @Test(arguments: Engine.available)
    func aPlayerSignsInAndIsRememberedAcrossLaunches(_ engine: Engine) async throws {
        try await withRunningServer(engine, { $0.passwordHashCost = 4 }) { app, url in
            let credentials = try await app.createApp()
            let store = temporaryStore()
            let sdk = client(url, credentials, store: store)
            #expect(await sdk.auth.currentPlayer == nil)
            let changes = await sdk.auth.playerChanges()

            let player = try await sdk.auth.signIn(scopes: ["profile", "play"], presenter: FormPostingPresenter(email: "ann@example.com"))
            #expect(player.email == "ann@example.com")
            #expect(await sdk.auth.currentPlayer?.id == player.id)
            var iterator = changes.makeAsyncIterator()
            #expect(await iterator.next() == .some(nil), "first the state when the stream opened: nobody")
            #expect(await iterator.next() == .some(player))
            var late = await sdk.auth.playerChanges().makeAsyncIterator()
            #expect(await late.next() == .some(player), "a stream opened after the sign-in hears of it first")

            let updated = try await sdk.profile.update(ProfileUpdate(firstName: "Ann", birthDate: "1990-01-01", gender: .female))
            #expect(updated.profileComplete)
            #expect(updated.id == player.id)

            // The tokens are on disk, readable by the owner only.
            let permissions = try FileManager.default.attributesOfItem(atPath: store.url.path)[.posixPermissions] as? Int
            #expect(permissions == 0o600)

            // Next launch: the same installation picks the player up again.
            let relaunched = client(url, credentials, store: store)
            #expect(await relaunched.auth.currentPlayer?.id == player.id)
            #expect(try await relaunched.profile.get().firstName == "Ann")

            // A reinstall (another installation id) does not reuse the tokens, and deletes them.
            let reinstalled = client(url, credentials, store: store, installation: "install-2")
            #expect(await reinstalled.auth.currentPlayer == nil)
            #expect(try store.load() == nil)
        }
    }

    /// The browser remembers the player: a second sign-in through the SDK comes straight back, a
    /// `.login` prompt asks for the password again, and after the SDK's logout the page asks again.
    @Test(arguments: Engine.available)
    func aSecondSignInInTheSameBrowserAsksNothing(_ engine: Engine) async throws {
        try await withRunningServer(engine, { $0.passwordHashCost = 4 }) { app, url in
            let sdk = client(url, try await app.createApp(), store: temporaryStore())
            let browser = Browser()
            let first = FormPostingPresenter(email: "ann@example.com", browser: browser)
            let ann = try await sdk.auth.signIn(scopes: ["profile"], presenter: first)
            #expect(first.shown.all == ["/authorize/login", "/authorize/consent"])

            let second = FormPostingPresenter(email: "ann@example.com", register: false, browser: browser)
            #expect(try await sdk.auth.signIn(scopes: ["profile"], presenter: second).id == ann.id)
            #expect(second.shown.all.isEmpty)

            let asked = FormPostingPresenter(email: "ann@example.com", register: false, browser: browser)
            #expect(try await sdk.auth.signIn(scopes: ["profile"], prompt: .login, presenter: asked).id == ann.id)
            #expect(asked.shown.all == ["/authorize/login"])

            await sdk.auth.logout()
            let afterLogout = FormPostingPresenter(email: "ann@example.com", register: false, browser: browser)
            #expect(try await sdk.auth.signIn(scopes: ["profile"], presenter: afterLogout).id == ann.id)
            #expect(afterLogout.shown.all == ["/authorize/login"])
        }
    }

    /// A guest signs in by the installation alone, on every launch the same player, then links a
    /// phone number through the SDK; a number another player has is refused.
    @Test(arguments: Engine.available)
    func aGuestSignsInByTheInstallationAndLinksAPhoneNumber(_ engine: Engine) async throws {
        try await withRunningServer(engine) { app, url in
            let credentials = try await app.createApp()
            let installation = UUID().uuidString
            let sdk = client(url, credentials, store: temporaryStore(), installation: installation)
            let guest = try await sdk.auth.signInAsGuest()
            #expect(await sdk.auth.currentPlayer?.id == guest.id)
            #expect(try await sdk.profile.get().guest)
            // A new launch with nothing stored signs the same guest in again.
            let relaunched = client(url, credentials, store: temporaryStore(), installation: installation)
            #expect(try await relaunched.auth.signInAsGuest().id == guest.id)

            func pin(_ phone: String) async throws -> String {
                let text = try #require(try await app.smsOutbox.messages(to: phone).first?.text)
                return String(text[try #require(text.range(of: #"[0-9]{6}"#, options: .regularExpression))])
            }
            try await sdk.auth.requestLinkPin(phoneNumber: "+4511223344")
            let linked = try await sdk.auth.linkPhone("+4511223344", pin: try await pin("+4511223344"))
            #expect(linked.id == guest.id && linked.phoneNumber == "+4511223344" && !linked.guest)

            let byPhone = client(url, credentials, store: temporaryStore(), installation: UUID().uuidString)
            try await byPhone.auth.requestPin(phoneNumber: "+4511223344")
            #expect(try await byPhone.auth.signIn(phoneNumber: "+4511223344", pin: try await pin("+4511223344")).id == guest.id)

            let other = client(url, credentials, store: temporaryStore(), installation: UUID().uuidString)
            _ = try await other.auth.signInAsGuest()
            try await other.auth.requestLinkPin(phoneNumber: "+4511223344")
            let refused = await #expect(throws: PlayhouseError.self) { try await other.auth.linkPhone("+4511223344", pin: try await pin("+4511223344")) }
            #expect(refused?.code == .identityTaken)
            #expect(refused?.status == 409)
            #expect(try await other.profile.get().guest)
        }
    }

    @Test(arguments: Engine.available)
    func tokensAreRefreshedBeforeTheyExpire(_ engine: Engine) async throws {
        try await withRunningServer(engine, { $0.passwordHashCost = 4 }) { app, url in
            let credentials = try await app.createApp()
            let store: any TokenStore = MemoryTokenStore()
            let offset = OffsetClock()
            let sdk = client(url, credentials, store: store, now: { offset.now() })
            _ = try await sdk.auth.signIn(scopes: ["profile"], presenter: FormPostingPresenter(email: "ann@example.com"))
            let before = try #require(try await store.load())

            offset.advance(by: 3600)   // the access token now counts as expired on the device
            async let one = sdk.profile.get()
            async let two = sdk.profile.get()
            _ = try await (one, two)
            let after = try #require(try await store.load())
            #expect(after.accessToken != before.accessToken)
            #expect(after.refreshToken != before.refreshToken)
            // One refresh was shared: the rotated-out token was used once, so the family is intact.
            #expect(try await app.count("oauth_tokens", where: "kind = 'refresh' AND revoked_at IS NULL") == 1)
        }
    }

    @Test(arguments: Engine.available)
    func logoutSignsOutHereAndOnTheServer(_ engine: Engine) async throws {
        try await withRunningServer(engine, { $0.passwordHashCost = 4 }) { app, url in
            let credentials = try await app.createApp()
            let store: any TokenStore = MemoryTokenStore()
            let sdk = client(url, credentials, store: store)
            let player = try await sdk.auth.signIn(scopes: ["profile"], presenter: FormPostingPresenter(email: "ann@example.com"))
            let access = try #require(try await store.load()).accessToken

            let notified = NotificationWaiter(.playhouseCurrentPlayerDidChange)
            await sdk.auth.logout()
            #expect(await sdk.auth.currentPlayer == nil)
            #expect(try await store.load() == nil)
            // Other tests sign players in at the same time; find this player's change.
            let change = await notified.first { $0[AuthAPI.oldPlayerKey]?.id == player.id }
            #expect(change?[AuthAPI.oldPlayerKey] != nil)
            #expect(change?[AuthAPI.newPlayerKey] == nil)
            await #expect(throws: PlayhouseError.self) { _ = try await sdk.profile.get() }
            #expect(try await app.send(.GET, "/v1/me", headers: bearer(access)).status == .unauthorized)
        }
    }

    @Test(arguments: Engine.available)
    func logoutWithAnExpiredAccessTokenStillEndsTheSignIn(_ engine: Engine) async throws {
        try await withRunningServer(engine, { $0.passwordHashCost = 4 }) { app, url in
            let credentials = try await app.createApp()
            let store: any TokenStore = MemoryTokenStore()
            let sdk = client(url, credentials, store: store)
            _ = try await sdk.auth.signIn(scopes: ["profile"], presenter: FormPostingPresenter(email: "ann@example.com"))
            let refresh = try #require(try await store.load()?.refreshToken)
            app.playhouseClock.advance(by: 2 * 3600)   // the access token has expired on the server
            await sdk.auth.logout()
            #expect(await sdk.auth.currentPlayer == nil)
            let reuse = try await app.postForm("/oauth/token", "grant_type=refresh_token&refresh_token=\(refresh)", headers: basic(credentials))
            #expect(try reuse.problem().code == .invalidGrant)
        }
    }

    @Test(arguments: Engine.available)
    func aPlayerSignsInWithATextedPin(_ engine: Engine) async throws {
        try await withRunningServer(engine) { app, url in
            let credentials = try await app.createApp()
            let sdk = client(url, credentials, store: MemoryTokenStore())
            try await sdk.auth.requestPin(phoneNumber: "+4512345678")
            let text = try #require(try await app.smsOutbox.messages(to: "+4512345678").first?.text)
            let pin = String(try #require(text.range(of: #"[0-9]{6}"#, options: .regularExpression).map { text[$0] }))
            await #expect(throws: PlayhouseError.self) { try await sdk.auth.signIn(phoneNumber: "+4512345678", pin: pin == "000000" ? "111111" : "000000") }
            let player = try await sdk.auth.signIn(phoneNumber: "+4512345678", pin: pin)
            #expect(await sdk.auth.currentPlayer == player)
            #expect(try await sdk.profile.get().phoneNumber == "+4512345678")
        }
    }

    @Test(arguments: Engine.available)
    func aConsoleSignsInByDeviceCode(_ engine: Engine) async throws {
        try await withRunningServer(engine, { $0.passwordHashCost = 4 }) { app, url in
            let credentials = try await app.createApp()
            // Waiting between polls moves the server's clock by the interval, and really waits only a moment.
            let sdk = client(url, credentials, store: MemoryTokenStore(), sleep: { duration in
                app.playhouseClock.advance(by: TimeInterval(duration.components.seconds))
                try await Task.sleep(for: .milliseconds(50))
            })
            let device = try await sdk.auth.startDeviceSignIn(scopes: ["profile"])
            #expect(device.verificationURI == url.absoluteString + "/device")
            let waiting = Task { try await sdk.auth.completeDeviceSignIn(device) }
            let done = try await DeviceFlowTests().approve(app, credentials, userCode: device.userCode)
            #expect(done.status == .ok)
            let player = try await waiting.value
            #expect(try await sdk.profile.get().id == player.id)
        }
    }

    @Test(arguments: Engine.available)
    func aPlayerSignsInWithAnOpenIDConnectToken(_ engine: Engine) async throws {
        let provider = try await StandInProvider.start()
        do {
            try await withRunningServer(engine) { app, url in
                let credentials = try await app.createApp()
                _ = try await app.identityProviders.add(app: credentials.app.clientID, name: "standin", kind: .openIDConnect(
                    issuer: StandInProvider.issuer, audience: StandInProvider.clientID, jwksURI: provider.baseURL + "/jwks"), by: .commandLine)
                let sdk = client(url, credentials, store: MemoryTokenStore())
                let player = try await sdk.auth.signIn(provider: "standin", token: try await provider.idToken())
                #expect(player.email == "ann@stand-in.test")
                #expect(try await sdk.profile.get().firstName == "Ann")
                await #expect(throws: PlayhouseError.self) {
                    try await sdk.auth.signIn(provider: "standin", token: try await provider.idToken(forged: true))
                }
            }
        } catch {
            try await provider.stop()
            throw error
        }
        try await provider.stop()
    }

    @Test func declinedAndForeignRedirectsAreRefused() async throws {
        try await withRunningServer(.sqlite, { $0.passwordHashCost = 4 }) { app, url in
            let credentials = try await app.createApp()
            let sdk = client(url, credentials, store: MemoryTokenStore())
            do throws(PlayhouseError) {
                _ = try await sdk.auth.signIn(scopes: ["profile"], presenter: FormPostingPresenter(email: "ann@example.com", decision: "deny"))
                Issue.record("a declined sign-in succeeded")
            } catch {
                #expect(error.code == .accessDenied)
            }
            do throws(PlayhouseError) {
                try await sdk.auth.handleRedirect(URL(string: "mygame://authorize?code=phc_stolen&state=not-mine")!)
                Issue.record("a foreign redirect was accepted")
            } catch {
                #expect(error.code == .stateMismatch)
            }
            #expect(await sdk.auth.currentPlayer == nil)
        }
    }
}

/// A clock tests move forward.
final class OffsetClock: @unchecked Sendable {
    private let lock = NSLock()
    private var offset: TimeInterval = 0
    func now() -> Date { lock.withLock { Date().addingTimeInterval(offset) } }
    func advance(by seconds: TimeInterval) { lock.withLock { offset += seconds } }
}

/// Collects player-change notifications and reads the players they carry.
final class NotificationWaiter: @unchecked Sendable {
    private var stream: AsyncStream<[String: SignedInPlayer]>
    private var observer: (any NSObjectProtocol)?

    init(_ name: Notification.Name) {
        let (stream, continuation) = AsyncStream<[String: SignedInPlayer]>.makeStream()
        self.stream = stream
        observer = NotificationCenter.default.addObserver(forName: name, object: nil, queue: nil) { note in
            var players: [String: SignedInPlayer] = [:]
            for (key, value) in note.userInfo ?? [:] {
                if let key = key as? String, let player = value as? SignedInPlayer { players[key] = player }
            }
            continuation.yield(players)
        }
    }

    func first(where matches: ([String: SignedInPlayer]) -> Bool) async -> [String: SignedInPlayer]? {
        for await players in stream where matches(players) { return players }
        return nil
    }

    deinit { observer.map(NotificationCenter.default.removeObserver) }
}
