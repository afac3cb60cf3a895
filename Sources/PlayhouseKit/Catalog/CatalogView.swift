#if canImport(WebKit) && canImport(UIKit) && os(iOS)
import PlayhouseAPI
import SwiftUI
import UIKit
import WebKit

/// The catalog viewer in a `WKWebView`, eTilbudsavis' `ETA_CatalogView` rebuilt: load a catalog,
/// read ``currentPage``, ``pageCount`` and ``pageProgress``, toggle the thumbnails, close it, and
/// hear what the player does through ``delegate`` (``CatalogViewDelegate``). The page's events
/// arrive by the `playhouse` message handler; its `playhouse-event:` addresses are intercepted too.
@MainActor
public final class CatalogView: UIView, WKNavigationDelegate, WKScriptMessageHandler {
    /// The state and events, shared with any other way of showing the page.
    public let viewer: CatalogViewer
    private let webView: WKWebView

    public var delegate: (any CatalogViewDelegate)? {
        get { viewer.delegate }
        set { viewer.delegate = newValue }
    }
    public var currentPage: Int { viewer.currentPage }
    public var pageCount: Int { viewer.pageCount }
    public var pageProgress: Double { viewer.pageProgress }

    public init(catalog: CatalogAPI, frame: CGRect = .zero) {
        viewer = CatalogViewer(catalog: catalog)
        let configuration = WKWebViewConfiguration()
        let content = WKUserContentController()
        configuration.userContentController = content
        webView = WKWebView(frame: .zero, configuration: configuration)
        super.init(frame: frame)
        content.add(WeakMessageHandler(self), name: "playhouse")
        webView.navigationDelegate = self
        webView.scrollView.isScrollEnabled = false
        webView.translatesAutoresizingMaskIntoConstraints = false
        addSubview(webView)
        NSLayoutConstraint.activate([
            webView.leadingAnchor.constraint(equalTo: leadingAnchor), webView.trailingAnchor.constraint(equalTo: trailingAnchor),
            webView.topAnchor.constraint(equalTo: topAnchor), webView.bottomAnchor.constraint(equalTo: bottomAnchor),
        ])
        viewer.evaluate = { [weak webView] script in webView?.evaluateJavaScript(script) }
    }

    @available(*, unavailable)
    required init?(coder: NSCoder) { nil }

    /// Loads the catalog with id `id` at `page`; `parameters` are added to the page's address.
    public func loadCatalog(id: String, page: Int = 1, parameters: [String: String] = [:]) async throws(PlayhouseError) {
        let url = try await viewer.address(catalogID: id, page: page, parameters: parameters)
        webView.load(URLRequest(url: url))
    }

    /// Closes the catalog: the page reports its last page and the close (to the server too).
    public func closeCatalog() { viewer.closeCatalog() }
    public func toggleThumbnails() { viewer.toggleThumbnails() }

    public func userContentController(_ userContentController: WKUserContentController, didReceive message: WKScriptMessage) {
        viewer.receive(message: message.body)
    }

    public func webView(_ webView: WKWebView, decidePolicyFor navigationAction: WKNavigationAction,
                        decisionHandler: @escaping @MainActor @Sendable (WKNavigationActionPolicy) -> Void) {
        if let url = navigationAction.request.url, viewer.intercept(url) {
            decisionHandler(.cancel)
        } else {
            decisionHandler(.allow)
        }
    }
}

/// The content controller keeps its handlers; this one keeps its view weakly, so a closed
/// ``CatalogView`` goes away.
@MainActor
private final class WeakMessageHandler: NSObject, WKScriptMessageHandler {
    weak var target: CatalogView?
    init(_ target: CatalogView) { self.target = target }

    func userContentController(_ userContentController: WKUserContentController, didReceive message: WKScriptMessage) {
        target?.userContentController(userContentController, didReceive: message)
    }
}

/// ``CatalogView`` in SwiftUI: shows the catalog with id `catalogID` from `page`.
public struct SwiftUICatalogView: UIViewRepresentable {
    public var catalog: CatalogAPI
    public var catalogID: String
    public var page: Int
    public weak var delegate: (any CatalogViewDelegate)?

    public init(catalog: CatalogAPI, catalogID: String, page: Int = 1, delegate: (any CatalogViewDelegate)? = nil) {
        self.catalog = catalog
        self.catalogID = catalogID
        self.page = page
        self.delegate = delegate
    }

    public func makeUIView(context: Context) -> CatalogView {
        let view = CatalogView(catalog: catalog)
        view.delegate = delegate
        Task { try? await view.loadCatalog(id: catalogID, page: page) }
        return view
    }

    public func updateUIView(_ view: CatalogView, context: Context) {
        view.delegate = delegate
    }

    public static func dismantleUIView(_ view: CatalogView, coordinator: ()) {
        view.closeCatalog()
    }
}
#endif
