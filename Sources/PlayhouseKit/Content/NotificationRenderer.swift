import Foundation
import PlayhouseAPI

/// Draws a placement's notification (PlayHaven's `PHNotificationRenderer`): it says how much room
/// a notification needs and draws it. Renderers are chosen by the notification's `type` from
/// ``NotificationRenderers``; `badge` has ``BadgeRenderer``, an unknown type draws nothing.
public protocol NotificationRenderer: Sendable {
    /// The size `notification` needs on `canvas` (which can measure text).
    func size(for notification: PlacementNotification, on canvas: any NotificationCanvas) -> NotificationSize
    /// Draws `notification` on `canvas`, whose size is what ``size(for:on:)`` answered.
    func draw(_ notification: PlacementNotification, on canvas: any NotificationCanvas)
}

/// A width and a height, in points.
public struct NotificationSize: Sendable, Equatable {
    public var width: Double
    public var height: Double

    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    public static let zero = NotificationSize(width: 0, height: 0)
}

/// An sRGB color with opacity, each part 0 to 1.
public struct NotificationColor: Sendable, Equatable {
    public var red, green, blue, alpha: Double

    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// iOS's badge red.
    public static let badgeRed = NotificationColor(red: 1, green: 0.231, blue: 0.188)
    public static let white = NotificationColor(red: 1, green: 1, blue: 1)
}

/// Where a renderer draws: a view's graphics context on Apple platforms, anything that records
/// the drawing elsewhere (tests).
public protocol NotificationCanvas {
    /// The room the view gives the notification.
    var size: NotificationSize { get }
    /// How wide `text` is in the bold system font of `fontSize` points.
    func measure(_ text: String, fontSize: Double) -> Double
    /// Fills a rounded rectangle.
    func fillRoundedRect(x: Double, y: Double, width: Double, height: Double, cornerRadius: Double, color: NotificationColor)
    /// Draws `text` in the bold system font of `fontSize` points, centred on (`centerX`, `centerY`).
    func drawText(_ text: String, centerX: Double, centerY: Double, fontSize: Double, color: NotificationColor)
}

/// The iOS-style badge: white text on a red pill, as wide as the text needs and at least round.
public struct BadgeRenderer: NotificationRenderer {
    public var fontSize: Double
    public var background: NotificationColor
    public var foreground: NotificationColor

    public init(fontSize: Double = 13, background: NotificationColor = .badgeRed, foreground: NotificationColor = .white) {
        self.fontSize = fontSize
        self.background = background
        self.foreground = foreground
    }

    public func size(for notification: PlacementNotification, on canvas: any NotificationCanvas) -> NotificationSize {
        guard !notification.value.isEmpty else { return .zero }
        let height = (fontSize * 1.6).rounded()
        return NotificationSize(width: max(height, (canvas.measure(notification.value, fontSize: fontSize) + fontSize).rounded()), height: height)
    }

    public func draw(_ notification: PlacementNotification, on canvas: any NotificationCanvas) {
        let size = self.size(for: notification, on: canvas)
        guard size != .zero else { return }
        canvas.fillRoundedRect(x: 0, y: 0, width: size.width, height: size.height, cornerRadius: size.height / 2, color: background)
        canvas.drawText(notification.value, centerX: size.width / 2, centerY: size.height / 2, fontSize: fontSize, color: foreground)
    }
}

/// Draws nothing: what an unknown notification type gets.
public struct BlankRenderer: NotificationRenderer {
    public init() {}
    public func size(for notification: PlacementNotification, on canvas: any NotificationCanvas) -> NotificationSize { .zero }
    public func draw(_ notification: PlacementNotification, on canvas: any NotificationCanvas) {}
}

/// The renderers by notification type (PlayHaven's `+setRendererClass:forType:`): `badge` has a
/// ``BadgeRenderer`` until an app sets its own.
public enum NotificationRenderers {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var renderers: [String: any NotificationRenderer] = ["badge": BadgeRenderer()]

    /// Draws notifications of `type` with `renderer` from now on.
    public static func setRenderer(_ renderer: any NotificationRenderer, forType type: String) {
        lock.withLock { renderers[type] = renderer }
    }

    /// The renderer for `type`: the one set, or a ``BlankRenderer``.
    public static func renderer(forType type: String) -> any NotificationRenderer {
        lock.withLock { renderers[type] } ?? BlankRenderer()
    }
}
