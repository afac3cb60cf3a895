import Foundation
import PlayhouseAPI

/// What a notification view shows for a placement (PlayHaven's `PHNotificationView`, without its
/// drawing): ``refresh()`` asks the server (each time the view will appear), ``clear()`` hides it
/// (when a content unit is launched). `UIKit`'s `NotificationView` and SwiftUI's
/// `NotificationBadgeView` draw it with the renderer of its type.
@MainActor
public final class NotificationBadge {
    public let placement: String
    private let content: ContentAPI
    /// The notification now; nil shows nothing.
    public private(set) var notification: PlacementNotification?
    /// Called on the main actor whenever ``notification`` changes.
    public var onChange: (@MainActor (PlacementNotification?) -> Void)?

    public init(placement: String, content: ContentAPI) {
        self.placement = placement
        self.content = content
    }

    /// Asks the server for the placement's notification; on failure the last one stays.
    public func refresh() async {
        do throws(PlayhouseError) { set(try await content.notification(placement: placement)) } catch {}
    }

    /// Hides the notification until the next ``refresh()``.
    public func clear() {
        set(nil)
    }

    /// The renderer of the notification's type.
    public var renderer: any NotificationRenderer {
        NotificationRenderers.renderer(forType: notification?.type ?? "")
    }

    private func set(_ notification: PlacementNotification?) {
        guard notification != self.notification else { return }
        self.notification = notification
        onChange?(notification)
    }
}
