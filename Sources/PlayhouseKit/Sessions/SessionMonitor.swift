import Foundation
import PlayhouseAPI

/// Keeps watch over the signed-in player's play session for ``SessionAPI/checkCredentials(_:scopes:)``:
/// signs the player in when there is no live session, then beats (`GET /v1/sessions/current`) on
/// the ``HeartbeatSchedule``, shows each reality check as it falls due, and tells the app (its
/// callbacks and every ``SessionAPI/events()`` stream) what happened.
///
/// A failed heartbeat does not revoke at once: it is retried with growing waits, and the
/// credentials count as revoked only when the server says the session is over or the retries run out.
actor SessionMonitor {
    private let clock: any PlayhouseClock
    private let schedule: HeartbeatSchedule
    private var api: APIClient?
    private weak var callbacks: (any CredentialsCallbacks)?
    private var beating: Task<Void, Never>?
    /// Heartbeats are wanted (credentials are live), whether or not the app is in the background.
    private var watching = false
    private var inBackground = false
    private let watchers = Broadcast<SessionEvent>()
    /// The latest credentials event (success, revoked, failure): what a new stream hears first.
    private var credentials: SessionEvent?

    init(clock: any PlayhouseClock, schedule: HeartbeatSchedule) {
        self.clock = clock
        self.schedule = schedule
    }

    /// The credentials' state now (the latest success, revocation or failure, if any, as it was
    /// told: a success's access token may have been refreshed since), then every event.
    func events() -> AsyncStream<SessionEvent> {
        watchers.stream(startingWith: credentials)
    }

    /// Betable's checkCredentials: a live session gives credentials at once; otherwise the player
    /// signs in through the callbacks' presenter. Heartbeats start with the credentials.
    func check(_ callbacks: any CredentialsCallbacks, scopes: [String], api: APIClient) async {
        self.api = api
        self.callbacks = callbacks
        stopBeating()
        let session = SessionAPI(api: api)
        do {
            if await api.playerSession.currentPlayer() != nil {
                do {
                    let status = try await session.current()
                    if status.alive { return try await succeed(status, api) }
                } catch let error where error.meansSessionOver {
                    // Fall through to signing in again.
                } catch where error.isTransient {
                    // Offline at launch: the stored credentials stand, and the heartbeats retry.
                    return try await succeed(nil, api)
                }
            }
            let presenter = await callbacks.signInPresenter
            _ = try await AuthAPI(api: api).signIn(scopes: scopes, presenter: presenter)
            try await succeed(try await session.current(), api)
        } catch {
            await emit(.credentialsFailure(error))
        }
    }

    private func succeed(_ status: PlaySessionStatus?, _ api: APIClient) async throws(PlayhouseError) {
        let token: String
        do {
            token = try await api.playerSession.accessToken()
        } catch {
            throw PlayhouseError(transportError: error)
        }
        let stored = await api.playerSession.sessionID()
        let sessionID = status?.id ?? stored ?? ""
        await emit(.credentialsSuccess(PlayerCredentials(accessToken: token, sessionID: sessionID)))
        watching = true
        startBeating(dueNow: status.map { $0.realityCheck.due } ?? false)
    }

    /// Stops the heartbeats for good (logout, or the app no longer wants them).
    func stop() {
        watching = false
        stopBeating()
    }

    /// The player signed out: the heartbeats stop, and there are no credentials to tell a new stream of.
    func signedOut() {
        stop()
        credentials = nil
    }

    func enterBackground() {
        inBackground = true
        stopBeating()
    }

    /// Back in the foreground: a heartbeat at once (a check may have fallen due meanwhile).
    func enterForeground() {
        inBackground = false
        startBeating(dueNow: true)
    }

    private func startBeating(dueNow: Bool) {
        guard watching, !inBackground, beating == nil else { return }
        beating = Task { await self.beat(first: dueNow ? .zero : schedule.interval) }
    }

    private func stopBeating() {
        beating?.cancel()
        beating = nil
    }

    /// The heartbeat loop, until the credentials are revoked or it is stopped.
    private func beat(first: Duration) async {
        var wait = first
        var failures = 0
        var withoutCredentials = 0
        while !Task.isCancelled {
            do { try await clock.sleep(for: wait) } catch { return }
            guard let api, !Task.isCancelled else { return }
            guard await api.playerSession.currentPlayer() != nil else {
                withoutCredentials += 1
                if withoutCredentials > schedule.attemptsWithoutCredentials { return await revoke() }
                wait = schedule.withoutCredentials
                continue
            }
            withoutCredentials = 0
            let started = clock.now
            let status: PlaySessionStatus
            do {
                status = try await SessionAPI(api: api).current()
            } catch where error.meansSessionOver {
                return await revoke()
            } catch {
                if Task.isCancelled { return }
                failures += 1
                if failures >= schedule.failuresBeforeRevoking { return await revoke() }
                wait = schedule.retryDelay(failures: failures)
                continue
            }
            failures = 0
            await emit(.heartbeat(status))
            guard status.alive else { return await revoke() }
            var latest = status
            if status.realityCheck.due {
                guard let answered = await realityCheck(status, api) else { return }
                latest = answered
            }
            wait = schedule.delay(after: latest, roundTrip: clock.now - started)
        }
    }

    /// Shows a due reality check and acts on the choice. Returns the session afterwards, or nil
    /// when the player stopped (the credentials are then revoked).
    private func realityCheck(_ status: PlaySessionStatus, _ api: APIClient) async -> PlaySessionStatus? {
        let session = SessionAPI(api: api)
        await emit(.preRealityCheck(status))
        guard let callbacks else { return status }
        let presenter = await callbacks.realityCheckPresenter
        while !Task.isCancelled {
            let choice: RealityCheckChoice?
            do {
                choice = try await presenter.presentRealityCheck(status, session: session)
            } catch {
                // Not shown (no screen, say): it stays due and comes again at the next heartbeat.
                return status
            }
            switch choice {
            case nil:
                return status
            case .checkBalance?:
                if let pages = await callbacks.webPagePresenter {
                    try? await WalletAPI(api: api).walletPage(presenter: pages)
                }
            case .continuePlaying?:
                let acknowledged = try? await session.keepAlive(realityChecked: true)
                await emit(.postRealityCheck(.continuePlaying))
                return acknowledged ?? status
            case .stop?:
                _ = try? await session.keepAlive(realityChecked: false)
                await emit(.postRealityCheck(.stop))
                await api.playerSession.logout()
                await revoke()
                return nil
            }
        }
        return nil
    }

    private func revoke() async {
        watching = false
        beating = nil
        await emit(.credentialsRevoked)
    }

    private func emit(_ event: SessionEvent) async {
        switch event {
        case .credentialsSuccess, .credentialsRevoked, .credentialsFailure: credentials = event
        case .preRealityCheck, .postRealityCheck, .heartbeat: break
        }
        watchers.yield(event)
        NotificationCenter.default.post(name: .playhouseSessionEvent, object: nil, userInfo: [SessionEvent.userInfoKey: event])
        guard let callbacks else { return }
        await MainActor.run {
            switch event {
            case .credentialsSuccess(let credentials): callbacks.onCredentialsSuccess(credentials)
            case .credentialsRevoked: callbacks.onCredentialsRevoked()
            case .credentialsFailure(let error): callbacks.onCredentialsFailure(error)
            case .preRealityCheck(let status): callbacks.onPreRealityCheck(status)
            case .postRealityCheck(let choice): callbacks.onPostRealityCheck(choice)
            case .heartbeat: break
            }
        }
    }
}
