#if canImport(UIKit) && !os(watchOS)
import PlayhouseAPI
import UIKit

/// PlayHaven's `PHNotificationView`: a view that shows a placement's notification, drawn by the
/// renderer of its type (``NotificationRenderers``), anchored at its centre as it changes size.
/// Call ``refresh()`` each time it will appear and ``clear()`` when a content unit is launched.
@MainActor
public final class NotificationView: UIView {
    public let badge: NotificationBadge

    public init(placement: String, content: ContentAPI) {
        badge = NotificationBadge(placement: placement, content: content)
        super.init(frame: .zero)
        isOpaque = false
        isUserInteractionEnabled = false
        badge.onChange = { [weak self] _ in self?.relayout() }
    }

    @available(*, unavailable)
    required init?(coder: NSCoder) { fatalError("init(coder:) is not supported") }

    /// Asks the server for the placement's notification.
    public func refresh() { Task { await badge.refresh() } }

    /// Hides the notification until the next ``refresh()``.
    public func clear() { badge.clear() }

    /// Draws notifications of `type` with `renderer` from now on (every view).
    public static func setRenderer(_ renderer: any NotificationRenderer, forType type: String) {
        NotificationRenderers.setRenderer(renderer, forType: type)
    }

    public override var intrinsicContentSize: CGSize {
        guard let notification = badge.notification else { return .zero }
        let size = badge.renderer.size(for: notification, on: GraphicsCanvas(size: .zero, context: nil))
        return CGSize(width: size.width, height: size.height)
    }

    private func relayout() {
        let center = self.center
        bounds.size = intrinsicContentSize
        self.center = center
        invalidateIntrinsicContentSize()
        setNeedsDisplay()
    }

    public override func draw(_ rect: CGRect) {
        guard let notification = badge.notification, let context = UIGraphicsGetCurrentContext() else { return }
        badge.renderer.draw(notification, on: GraphicsCanvas(size: NotificationSize(width: bounds.width, height: bounds.height), context: context))
    }
}

/// A canvas on a Core Graphics context, with UIKit's text drawing.
struct GraphicsCanvas: NotificationCanvas {
    var size: NotificationSize
    let context: CGContext?

    func measure(_ text: String, fontSize: Double) -> Double {
        Double((text as NSString).size(withAttributes: [.font: UIFont.boldSystemFont(ofSize: fontSize)]).width)
    }

    func fillRoundedRect(x: Double, y: Double, width: Double, height: Double, cornerRadius: Double, color: NotificationColor) {
        context?.setFillColor(UIColor(color).cgColor)
        UIBezierPath(roundedRect: CGRect(x: x, y: y, width: width, height: height), cornerRadius: cornerRadius).fill()
    }

    func drawText(_ text: String, centerX: Double, centerY: Double, fontSize: Double, color: NotificationColor) {
        let attributes: [NSAttributedString.Key: Any] = [.font: UIFont.boldSystemFont(ofSize: fontSize), .foregroundColor: UIColor(color)]
        let size = (text as NSString).size(withAttributes: attributes)
        (text as NSString).draw(at: CGPoint(x: centerX - size.width / 2, y: centerY - size.height / 2), withAttributes: attributes)
    }
}

extension UIColor {
    convenience init(_ color: NotificationColor) {
        self.init(red: color.red, green: color.green, blue: color.blue, alpha: color.alpha)
    }
}
#endif

#if canImport(SwiftUI) && canImport(UIKit) && !os(watchOS)
import SwiftUI

/// SwiftUI's notification view: the placement's notification, drawn by its renderer; refreshed
/// when it appears.
public struct NotificationBadgeView: UIViewRepresentable {
    let placement: String
    let content: ContentAPI

    public init(placement: String, content: ContentAPI) {
        self.placement = placement
        self.content = content
    }

    public func makeUIView(context: Context) -> NotificationView {
        let view = NotificationView(placement: placement, content: content)
        view.refresh()
        return view
    }

    public func updateUIView(_ view: NotificationView, context: Context) {}
}
#endif
