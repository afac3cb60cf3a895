import Foundation
import PlayhouseAPI

/// Where the viewer is: the pages on screen (one, or two side by side in landscape), how many
/// there are, and how far through the player is.
public struct CatalogViewerPosition: Sendable, Equatable {
    /// The first page on screen (from 1).
    public var page: Int
    public var pages: [Int]
    public var pageCount: Int
    /// The last page on screen ÷ the page count.
    public var progress: Double

    public init(page: Int, pages: [Int], pageCount: Int, progress: Double) {
        self.page = page
        self.pages = pages
        self.pageCount = pageCount
        self.progress = progress
    }
}

/// Where on a page the player touched: fractions of the page from its top left (nil outside it).
public struct CatalogViewerPoint: Sendable, Equatable {
    public var page: Int
    public var x: Double?
    public var y: Double?

    public init(page: Int, x: Double? = nil, y: Double? = nil) {
        self.page = page
        self.x = x
        self.y = y
    }
}

/// What the catalog viewer reports (its page's events, class `catalog-viewer`).
public enum CatalogViewerEvent: Sendable, Equatable {
    case opened(catalogID: String, page: Int, pageCount: Int)
    case closed(page: Int)
    case pageChanged(CatalogViewerPosition)
    /// A page left the screen after `duration` seconds on it.
    case pageViewed(page: Int, duration: TimeInterval)
    case hotspotTapped(offerID: String, page: Int)
    case tapped(CatalogViewerPoint)
    case doubleTapped(CatalogViewerPoint)
    case longTapped(CatalogViewerPoint)
    case thumbnailsShown
    case thumbnailsHidden
    /// An event this SDK does not know (a newer server's): its class, type and data as sent.
    case other(class: String, type: String, data: JSONValue)

    /// The class every event of the viewer has.
    public static let eventClass = "catalog-viewer"

    /// The event a `playhouse-event:catalog-viewer/<type>?data=<JSON>` address carries (the page's
    /// way when there is no message handler); nil for any other address.
    public init?(url: URL) {
        guard let sent = Self.sent(url: url) else { return nil }
        self.init(class: sent.class, type: sent.type, data: sent.data)
    }

    /// What a message the page posted to `window.webkit.messageHandlers.playhouse` holds
    /// (`{"class": …, "type": …, "data": {…}}`, as WebKit hands it over); nil when it is not that.
    static func sent(message body: Any) -> (class: String, type: String, data: JSONValue)? {
        guard JSONSerialization.isValidJSONObject(body), let bytes = try? JSONSerialization.data(withJSONObject: body),
              let json = try? JSONValue(parsing: bytes),
              case .string(let eventClass)? = json["class"], case .string(let type)? = json["type"] else { return nil }
        return (eventClass, type, json["data"] ?? .object([:]))
    }

    /// What a `playhouse-event:<class>/<type>?data=<JSON>` address holds; nil for any other address.
    static func sent(url: URL) -> (class: String, type: String, data: JSONValue)? {
        guard url.scheme == "playhouse-event", let components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return nil }
        let path = components.path.split(separator: "/", maxSplits: 1).map(String.init)
        let text = components.queryItems?.first { $0.name == "data" }?.value ?? "{}"
        guard path.count == 2, let data = try? JSONValue(parsing: text.utf8) else { return nil }
        return (path[0], path[1], data)
    }

    /// The event of `class` and `type` with `data`; ``other(class:type:data:)`` when this SDK does
    /// not know it or its data are not as expected.
    public init(class eventClass: String, type: String, data: JSONValue) {
        let int = { (key: String) -> Int? in
            switch data[key] { case .integer(let value)?: Int(value); case .number(let value)?: Int(exactly: value); default: nil }
        }
        let double = { (key: String) -> Double? in
            switch data[key] { case .integer(let value)?: Double(value); case .number(let value)?: value; default: nil }
        }
        let point = { int("page").map { CatalogViewerPoint(page: $0, x: double("x"), y: double("y")) } }
        var known: CatalogViewerEvent?
        if eventClass == Self.eventClass {
            switch type {
            case "opened":
                if case .string(let id)? = data["catalog_id"], let page = int("page"), let count = int("page_count") {
                    known = .opened(catalogID: id, page: page, pageCount: count)
                }
            case "closed": known = int("page").map { .closed(page: $0) }
            case "page-changed":
                if let page = int("page"), let count = int("page_count"), let progress = double("progress"), case .array(let items)? = data["pages"] {
                    let pages = items.compactMap { item -> Int? in if case .integer(let value) = item { Int(value) } else { nil } }
                    known = .pageChanged(CatalogViewerPosition(page: page, pages: pages, pageCount: count, progress: progress))
                }
            case "page-viewed":
                if let page = int("page"), let duration = double("duration") { known = .pageViewed(page: page, duration: duration) }
            case "hotspot-tapped":
                if case .string(let offer)? = data["offer_id"], let page = int("page") { known = .hotspotTapped(offerID: offer, page: page) }
            case "tap": known = point().map { .tapped($0) }
            case "double-tap": known = point().map { .doubleTapped($0) }
            case "long-tap": known = point().map { .longTapped($0) }
            case "thumbnails-shown": known = .thumbnailsShown
            case "thumbnails-hidden": known = .thumbnailsHidden
            default: break
            }
        }
        self = known ?? .other(class: eventClass, type: type, data: data)
    }
}
