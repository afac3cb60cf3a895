import Foundation
import PlayhouseAPI
@testable import PlayhouseKit
import Testing
#if canImport(UIKit)
import UIKit
#endif

@Suite struct HeartbeatScheduleTests {
    func status(remainingMs: Int64, due: Bool = false, enabled: Bool = true) -> PlaySessionStatus {
        PlaySessionStatus(id: "s", alive: true, expiresAt: Date(), realityCheck: RealityCheckStatus(enabled: enabled, intervalSeconds: 3600,
                          remainingMs: remainingMs, due: due), statistics: SessionStatistics(secondsPlayed: 0, bets: 0, money: []))
    }

    @Test func beatsComeSoonerAsTheCheckApproachesCompensatingForTheRoundTrip() {
        let schedule = HeartbeatSchedule()
        #expect(schedule.delay(after: status(remainingMs: 600_000), roundTrip: .milliseconds(300)) == .seconds(60))
        #expect(schedule.delay(after: status(remainingMs: 60_000), roundTrip: .milliseconds(300)) == .seconds(60))
        #expect(schedule.delay(after: status(remainingMs: 20_000), roundTrip: .milliseconds(300)) == .milliseconds(19_850))
        #expect(schedule.delay(after: status(remainingMs: 100), roundTrip: .milliseconds(300)) == .zero)
        #expect(schedule.delay(after: status(remainingMs: 20_000, enabled: false), roundTrip: .zero) == .seconds(60))
    }

    @Test func failedBeatsBackOffUpToAMinute() {
        let schedule = HeartbeatSchedule()
        #expect((1...7).map(schedule.retryDelay) == [5, 10, 20, 40, 60, 60, 60].map { Duration.seconds($0) })
    }

    @Test func theManualClockWakesSleepersInOrderOnlyWhenAdvanced() async throws {
        let clock = ManualClock()
        let woke = Task { try await clock.sleep(for: .seconds(30)); return clock.now }
        // Generous timeouts: a busy machine may take a while to start the sleeping task.
        #expect(await clock.nextWakeUp(timeout: .seconds(120)) == .seconds(30))
        clock.advance(by: .seconds(29))
        #expect(await clock.nextWakeUp(timeout: .seconds(120)) == .seconds(30))
        clock.advance(by: .seconds(1))
        #expect(try await woke.value == .seconds(30))
        #expect(await clock.nextWakeUp(timeout: .milliseconds(20)) == nil)
    }

    /// The SDK cannot import UIKit on every platform, so it names UIKit's notifications itself: by
    /// default a client follows them, on the default center. Where UIKit exists, the names are
    /// checked against its own.
    @MainActor @Test func heartbeatsFollowUIKitsLifecycleByDefault() {
        let configuration = PlayhouseClient.Configuration(baseURL: URL(string: "https://play.example.com")!, clientID: "ph_test", installationID: "install")
        #expect(configuration.appLifecycle?.didEnterBackground.rawValue == "UIApplicationDidEnterBackgroundNotification")
        #expect(configuration.appLifecycle?.willEnterForeground.rawValue == "UIApplicationWillEnterForegroundNotification")
        #expect(configuration.appLifecycle?.notificationCenter === NotificationCenter.default)
        #if canImport(UIKit) && !os(watchOS)
        #expect(AppLifecycle.uiKit.didEnterBackground == UIApplication.didEnterBackgroundNotification)
        #expect(AppLifecycle.uiKit.willEnterForeground == UIApplication.willEnterForegroundNotification)
        #endif
    }
}
