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
        guard url.scheme == "playhouse-event", let components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return nil }
        let path = components.path.split(separator: "/", maxSplits: 1).map(String.init)
        guard path.count == 2 else { return nil }
        let text = components.queryItems?.first { $0.name == "data" }?.value ?? "{}"
        guard let data = try? JSONDecoder().decode(JSONValue.self, from: Data(text.utf8)) else { return nil }
        self.init(class: path[0], type: path[1], data: data)
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

    /// The class and type the page sent.
    var sent: (class: String, type: String) {
        switch self {
        case .opened: (Self.eventClass, "opened")
        case .closed: (Self.eventClass, "closed")
        case .pageChanged: (Self.eventClass, "page-changed")
        case .pageViewed: (Self.eventClass, "page-viewed")
        case .hotspotTapped: (Self.eventClass, "hotspot-tapped")
        case .tapped: (Self.eventClass, "tap")
        case .doubleTapped: (Self.eventClass, "double-tap")
        case .longTapped: (Self.eventClass, "long-tap")
        case .thumbnailsShown: (Self.eventClass, "thumbnails-shown")
        case .thumbnailsHidden: (Self.eventClass, "thumbnails-hidden")
        case .other(let eventClass, let type, _): (eventClass, type)
        }
    }
}
