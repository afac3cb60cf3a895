import Foundation
import PlayhouseAPI
@testable import PlayhouseKit
import Testing

/// The catalog viewer's events, state and delegate, as the page sends them (messages and
/// `playhouse-event:` addresses), on any platform.
@MainActor @Suite struct CatalogViewerTests {
    /// Implements two events' methods and the catch-all, and records what it heard.
    final class Listener: CatalogViewDelegate {
        var heard: [String] = []
        func catalogViewer(_ viewer: CatalogViewer, didTapHotspotOf offerID: String, page: Int) { heard.append("hotspot \(offerID) \(page)") }
        func catalogViewer(_ viewer: CatalogViewer, didChangePage position: CatalogViewerPosition) { heard.append("page \(position.pages)") }
        func catalogViewer(_ viewer: CatalogViewer, triggeredEvent eventClass: String, type: String, data: JSONValue) {
            heard.append("catch-all \(eventClass) \(type)")
        }
    }

    static func viewer(_ transport: MockTransport = MockTransport { _, _ in Fixtures.token() }) -> CatalogViewer {
        CatalogViewer(catalog: Fixtures.client(transport).catalog)
    }

    static func message(_ type: String, _ data: [String: Any]) -> [String: Any] { ["class": "catalog-viewer", "type": type, "data": data] }

    @Test func messagesBecomeEventsStateAndDelegateCalls() {
        let viewer = Self.viewer(), listener = Listener()
        viewer.delegate = listener
        viewer.receive(message: Self.message("opened", ["catalog_id": "netto-uge-48", "page": 1, "page_count": 4]))
        #expect(viewer.isOpen && viewer.pageCount == 4 && viewer.currentPage == 1)
        viewer.receive(message: Self.message("page-changed", ["page": 2, "pages": [2, 3], "page_count": 4, "progress": 0.75]))
        #expect(viewer.currentPage == 2 && viewer.pageProgress == 0.75)
        viewer.receive(message: Self.message("hotspot-tapped", ["offer_id": "netto-offer-000012", "page": 2]))
        viewer.receive(message: Self.message("thumbnails-shown", [:]))
        #expect(viewer.thumbnailsShown)
        viewer.receive(message: Self.message("zoomed", ["scale": 2]))
        viewer.receive(message: ["not": "an event"])
        viewer.receive(message: Self.message("closed", ["page": 2]))
        #expect(!viewer.isOpen)
        // Its own methods for what it implements; the catch-all for everything else, and only then.
        #expect(listener.heard == ["catch-all catalog-viewer opened", "page [2, 3]", "hotspot netto-offer-000012 2",
                                   "catch-all catalog-viewer thumbnails-shown", "catch-all catalog-viewer zoomed", "catch-all catalog-viewer closed"])
    }

    @Test func addressesArePageEventsOrLeftAlone() throws {
        let viewer = Self.viewer(), listener = Listener()
        viewer.delegate = listener
        let data = try #require(#"{"page":3,"x":0.25,"y":0.5}"#.addingPercentEncoding(withAllowedCharacters: .alphanumerics))
        #expect(viewer.intercept(try #require(URL(string: "playhouse-event:catalog-viewer/long-tap?data=\(data)"))))
        #expect(CatalogViewerEvent(url: try #require(URL(string: "playhouse-event:catalog-viewer/long-tap?data=\(data)")))
                == .longTapped(CatalogViewerPoint(page: 3, x: 0.25, y: 0.5)))
        #expect(!viewer.intercept(try #require(URL(string: "https://play.test/assets/abc"))))
        #expect(listener.heard == ["catch-all catalog-viewer long-tap"])
        #expect(CatalogViewerEvent(class: "catalog-viewer", type: "page-viewed", data: .object(["page": .integer(2), "duration": .number(4.5)]))
                == .pageViewed(page: 2, duration: 4.5))
        #expect(CatalogViewerEvent(class: "catalog-viewer", type: "page-viewed", data: .object(["page": .string("two")]))
                == .other(class: "catalog-viewer", type: "page-viewed", data: .object(["page": .string("two")])))
    }

    @Test func theViewerAsksThePageAndTheServer() async throws {
        let transport = MockTransport { request, _ in
            if request.url.path == APIPath.token { return Fixtures.token() }
            return Fixtures.json(201, #"{"url":"https://play.test/viewer/catalogs/c1?view=phv_x&page=3","expires_at":"2026-11-25T20:10:00Z"}"#)
        }
        let viewer = Self.viewer(transport)
        var scripts: [String] = []
        viewer.evaluate = { scripts.append($0) }
        let url = try await viewer.address(catalogID: "c1", page: 3, parameters: ["theme": "dark"])
        #expect(url.absoluteString == "https://play.test/viewer/catalogs/c1?view=phv_x&page=3&theme=dark" && viewer.catalogID == "c1")
        let made = try #require(transport.requests(to: "/v1/catalogs/c1/views").first)
        #expect(made.method == "POST" && made.url.query == "page=3")
        viewer.toggleThumbnails()
        viewer.go(toPage: 4)
        viewer.closeCatalog()
        #expect(scripts == ["window.playhouseViewer.toggleThumbnails()", "window.playhouseViewer.goTo(4)", "window.playhouseViewer.close()"])
    }
}
