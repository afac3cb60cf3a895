import Foundation

/// Where the SDK hears that the app went to the background and came back, so that the heartbeats
/// and the lists' long poll pause and resume by themselves, as ``SessionAPI/enterBackground()``
/// and ``SessionAPI/enterForeground()`` make them.
///
/// The default, ``uiKit``, follows UIKit's notifications (iOS, iPadOS, tvOS, visionOS, Mac
/// Catalyst). Elsewhere nothing posts them: an app there calls those two methods itself, or
/// gives the names its own lifecycle posts.
public struct AppLifecycle: Sendable {
    /// The center the notifications are posted to.
    public var notificationCenter: NotificationCenter
    /// Posted when the app has gone to the background.
    public var didEnterBackground: Notification.Name
    /// Posted when the app is about to come back to the foreground.
    public var willEnterForeground: Notification.Name

    public init(notificationCenter: NotificationCenter = .default, didEnterBackground: Notification.Name,
                willEnterForeground: Notification.Name) {
        self.notificationCenter = notificationCenter
        self.didEnterBackground = didEnterBackground
        self.willEnterForeground = willEnterForeground
    }

    /// `UIApplication.didEnterBackgroundNotification` and `willEnterForegroundNotification`, by
    /// their names, so that the SDK needs no UIKit.
    public static let uiKit = AppLifecycle(didEnterBackground: Notification.Name("UIApplicationDidEnterBackgroundNotification"),
                                           willEnterForeground: Notification.Name("UIApplicationWillEnterForegroundNotification"))
}

/// Whether the app is in the background, and what follows it: the heartbeats (``SessionMonitor``)
/// and the lists' pull (``ListSync``). The app's lifecycle (``AppLifecycleObserver``) and
/// ``SessionAPI/enterBackground()`` and ``SessionAPI/enterForeground()`` change it; a change has
/// reached every follower, in the order they follow, when ``set(inBackground:)`` returns. Each
/// follower is told the state as it is when it hears, so that two changes made at once (from two
/// tasks) leave every follower with the last of them.
///
/// `@unchecked Sendable`: its state is guarded by its lock.
final class AppState: @unchecked Sendable {
    private let lock = NSLock()
    private var background = false
    private var followers: [@Sendable (Bool) async -> Void] = []

    var isInBackground: Bool { lock.withLock { background } }

    /// `follower` hears every change from now on (true: the app is in the background); answers the state now.
    @discardableResult
    func follow(_ follower: @escaping @Sendable (Bool) async -> Void) -> Bool {
        lock.withLock {
            followers.append(follower)
            return background
        }
    }

    func set(inBackground: Bool) async {
        let followers = lock.withLock {
            background = inBackground
            return self.followers
        }
        for follower in followers { await follower(isInBackground) }
    }
}

/// Tells an ``AppState`` of the app's trips to the background and back, in the order they are
/// posted, for as long as this object lives (the client's lifetime).
///
/// `@unchecked Sendable`: its properties are constants, and NotificationCenter's observer tokens,
/// which are not `Sendable`, are only handed back to the center.
final class AppLifecycleObserver: @unchecked Sendable {
    private let center: NotificationCenter
    private let observers: [any NSObjectProtocol]
    private let changes: AsyncStream<Bool>.Continuation

    init(_ lifecycle: AppLifecycle, state: AppState) {
        // One task applies the changes one after another: a quick trip to the background and back
        // must not end with the heartbeats paused because the two calls ran in the wrong order.
        let (inBackground, changes) = AsyncStream.makeStream(of: Bool.self)
        Task {
            for await background in inBackground { await state.set(inBackground: background) }
        }
        center = lifecycle.notificationCenter
        self.changes = changes
        observers = [
            center.addObserver(forName: lifecycle.didEnterBackground, object: nil, queue: nil) { _ in changes.yield(true) },
            center.addObserver(forName: lifecycle.willEnterForeground, object: nil, queue: nil) { _ in changes.yield(false) },
        ]
    }

    deinit {
        observers.forEach(center.removeObserver)
        changes.finish()
    }
}
