import Foundation
import PlayhouseAPI

/// What an app hears from the catalog viewer. Every method is optional: one the delegate does not
/// implement hands its event to ``catalogViewer(_:triggeredEvent:type:data:)``, eTilbudsavis'
/// catch-all, which is therefore called only for the events without a method of their own.
@MainActor
public protocol CatalogViewDelegate: AnyObject {
    func catalogViewer(_ viewer: CatalogViewer, didOpen catalogID: String, pageCount: Int)
    func catalogViewer(_ viewer: CatalogViewer, didClose page: Int)
    func catalogViewer(_ viewer: CatalogViewer, didChangePage position: CatalogViewerPosition)
    func catalogViewer(_ viewer: CatalogViewer, didViewPage page: Int, duration: TimeInterval)
    func catalogViewer(_ viewer: CatalogViewer, didTapHotspotOf offerID: String, page: Int)
    func catalogViewer(_ viewer: CatalogViewer, didTap point: CatalogViewerPoint)
    func catalogViewer(_ viewer: CatalogViewer, didDoubleTap point: CatalogViewerPoint)
    func catalogViewer(_ viewer: CatalogViewer, didLongTap point: CatalogViewerPoint)
    func catalogViewerDidShowThumbnails(_ viewer: CatalogViewer)
    func catalogViewerDidHideThumbnails(_ viewer: CatalogViewer)
    /// Any event whose own method the delegate does not implement, as the page sent it.
    func catalogViewer(_ viewer: CatalogViewer, triggeredEvent eventClass: String, type: String, data: JSONValue)
}

extension CatalogViewDelegate {
    public func catalogViewer(_ viewer: CatalogViewer, didOpen catalogID: String, pageCount: Int) { viewer.forward(to: self) }
    public func catalogViewer(_ viewer: CatalogViewer, didClose page: Int) { viewer.forward(to: self) }
    public func catalogViewer(_ viewer: CatalogViewer, didChangePage position: CatalogViewerPosition) { viewer.forward(to: self) }
    public func catalogViewer(_ viewer: CatalogViewer, didViewPage page: Int, duration: TimeInterval) { viewer.forward(to: self) }
    public func catalogViewer(_ viewer: CatalogViewer, didTapHotspotOf offerID: String, page: Int) { viewer.forward(to: self) }
    public func catalogViewer(_ viewer: CatalogViewer, didTap point: CatalogViewerPoint) { viewer.forward(to: self) }
    public func catalogViewer(_ viewer: CatalogViewer, didDoubleTap point: CatalogViewerPoint) { viewer.forward(to: self) }
    public func catalogViewer(_ viewer: CatalogViewer, didLongTap point: CatalogViewerPoint) { viewer.forward(to: self) }
    public func catalogViewerDidShowThumbnails(_ viewer: CatalogViewer) { viewer.forward(to: self) }
    public func catalogViewerDidHideThumbnails(_ viewer: CatalogViewer) { viewer.forward(to: self) }
    public func catalogViewer(_ viewer: CatalogViewer, triggeredEvent eventClass: String, type: String, data: JSONValue) {}
}

/// The catalog viewer's state and events, whatever shows its page: `CatalogView` on Apple
/// platforms, or an app's own web view. It gets the viewer's one-time address from the server,
/// reads what the page reports (``receive(message:)``, ``intercept(_:)``), keeps where the player
/// is, tells the delegate, and asks the page to act through ``evaluate``.
@MainActor
public final class CatalogViewer {
    public weak var delegate: (any CatalogViewDelegate)?
    /// Runs a line of JavaScript in the page (the web view sets it).
    public var evaluate: ((String) -> Void)?
    public private(set) var catalogID: String?
    public private(set) var isOpen = false
    public private(set) var currentPage = 0
    public private(set) var pageCount = 0
    public private(set) var pageProgress = 0.0
    public private(set) var thumbnailsShown = false
    private let catalog: CatalogAPI
    /// The event being delivered, for a delegate method that hands it to the catch-all.
    private var delivering: (class: String, type: String, data: JSONValue)?

    public init(catalog: CatalogAPI, delegate: (any CatalogViewDelegate)? = nil) {
        self.catalog = catalog
        self.delegate = delegate
    }

    /// The address to load for the catalog with id `id`, at `page`: one-time, from the server.
    /// `parameters` are added to it (they reach the page, not the server's counts).
    public func address(catalogID id: String, page: Int = 1, parameters: [String: String] = [:]) async throws(PlayhouseError) -> URL {
        let link = try await catalog.viewerLink(catalogID: id, page: page)
        guard var components = URLComponents(string: link.url) else {
            throw PlayhouseError(code: .badResponse, message: "The viewer's address is not a URL.")
        }
        components.queryItems = (components.queryItems ?? []) + parameters.sorted { $0.key < $1.key }.map { URLQueryItem(name: $0.key, value: $0.value) }
        guard let url = components.url else { throw PlayhouseError(code: .badResponse, message: "The viewer's address is not a URL.") }
        catalogID = id
        return url
    }

    /// Shows or hides the thumbnails.
    public func toggleThumbnails() { evaluate?("window.playhouseViewer.toggleThumbnails()") }
    public func nextPage() { evaluate?("window.playhouseViewer.next()") }
    public func previousPage() { evaluate?("window.playhouseViewer.previous()") }
    public func go(toPage page: Int) { evaluate?("window.playhouseViewer.goTo(\(page))") }

    /// Closes the catalog: the page reports its last page viewed and the close to the server and
    /// to the delegate.
    public func closeCatalog() { evaluate?("window.playhouseViewer.close()") }

    /// A message the page posted to `window.webkit.messageHandlers.playhouse`.
    public func receive(message body: Any) {
        guard let sent = CatalogViewerEvent.sent(message: body) else { return }
        handle(CatalogViewerEvent(class: sent.class, type: sent.type, data: sent.data), sent: sent)
    }

    /// Whether `url` is one of the page's `playhouse-event:` addresses (then handled, and not to be loaded).
    public func intercept(_ url: URL) -> Bool {
        guard url.scheme == "playhouse-event" else { return false }
        if let sent = CatalogViewerEvent.sent(url: url) {
            handle(CatalogViewerEvent(class: sent.class, type: sent.type, data: sent.data), sent: sent)
        }
        return true
    }

    /// Updates the state, then tells the delegate.
    func handle(_ event: CatalogViewerEvent, sent: (class: String, type: String, data: JSONValue)) {
        switch event {
        case .opened(_, let page, let count):
            isOpen = true
            currentPage = page
            pageCount = count
        case .closed: isOpen = false
        case .pageChanged(let position):
            currentPage = position.page
            pageCount = position.pageCount
            pageProgress = position.progress
        case .thumbnailsShown: thumbnailsShown = true
        case .thumbnailsHidden: thumbnailsShown = false
        default: break
        }
        guard let delegate else { return }
        delivering = sent
        defer { delivering = nil }
        switch event {
        case .opened(let id, _, let count): delegate.catalogViewer(self, didOpen: id, pageCount: count)
        case .closed(let page): delegate.catalogViewer(self, didClose: page)
        case .pageChanged(let position): delegate.catalogViewer(self, didChangePage: position)
        case .pageViewed(let page, let duration): delegate.catalogViewer(self, didViewPage: page, duration: duration)
        case .hotspotTapped(let offer, let page): delegate.catalogViewer(self, didTapHotspotOf: offer, page: page)
        case .tapped(let point): delegate.catalogViewer(self, didTap: point)
        case .doubleTapped(let point): delegate.catalogViewer(self, didDoubleTap: point)
        case .longTapped(let point): delegate.catalogViewer(self, didLongTap: point)
        case .thumbnailsShown: delegate.catalogViewerDidShowThumbnails(self)
        case .thumbnailsHidden: delegate.catalogViewerDidHideThumbnails(self)
        case .other(let eventClass, let type, let data): delegate.catalogViewer(self, triggeredEvent: eventClass, type: type, data: data)
        }
    }

    /// Hands the event being delivered to the catch-all (what an unimplemented method does).
    func forward(to delegate: any CatalogViewDelegate) {
        guard let sent = delivering else { return }
        delegate.catalogViewer(self, triggeredEvent: sent.class, type: sent.type, data: sent.data)
    }
}
