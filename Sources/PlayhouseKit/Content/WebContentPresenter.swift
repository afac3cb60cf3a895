#if canImport(WebKit) && canImport(UIKit) && os(iOS)
import PlayhouseAPI
import UIKit
import WebKit

/// Shows a unit's hosted page full screen in a `WKWebView` over the app's frontmost view
/// controller, with a close button (the options' image, if any) and a loading overlay. It hears
/// the page through its `playhouse-event:` links: `dismissed` closes it, `reward?receipt=…` hands
/// the receipt to the SDK; any other link that leaves the page (a deep link, a shop) closes it as
/// the call to action.
@MainActor
public final class WebContentPresenter: NSObject, ContentPresenter, WKNavigationDelegate {
    private var finish: CheckedContinuation<ContentPresentationOutcome, any Error>?
    private var displayed: (@Sendable () async -> Void)?
    private weak var controller: UIViewController?
    private var overlay: UIActivityIndicatorView?

    public override init() {}

    public nonisolated func present(_ content: PlacementContent, options: ContentPresentationOptions,
                                    displayed: @escaping @Sendable () async -> Void) async throws -> ContentPresentationOutcome {
        guard let url = URL(string: content.pageURL) else {
            throw PlayhouseError(code: .badResponse, message: "The content's page address is not a URL.")
        }
        return try await withCheckedThrowingContinuation { continuation in
            Task { @MainActor in self.show(url, options: options, displayed: displayed, continuation: continuation) }
        }
    }

    private func show(_ url: URL, options: ContentPresentationOptions, displayed: @escaping @Sendable () async -> Void,
                      continuation: CheckedContinuation<ContentPresentationOutcome, any Error>) {
        guard let presenter = Self.frontmost() else {
            return continuation.resume(throwing: PlayhouseError(code: .notConfigured, message: "There is no view controller to show content over."))
        }
        finish = continuation
        self.displayed = displayed
        let controller = UIViewController()
        controller.modalPresentationStyle = .overFullScreen
        let webView = WKWebView(frame: .zero, configuration: WKWebViewConfiguration())
        webView.navigationDelegate = self
        webView.isHidden = options.showsOverlayImmediately
        webView.translatesAutoresizingMaskIntoConstraints = false
        controller.view.backgroundColor = UIColor.black.withAlphaComponent(0.6)
        controller.view.addSubview(webView)
        let close = UIButton(type: .system)
        if let data = options.closeButtonImage, let image = UIImage(data: data) {
            close.setImage(image.withRenderingMode(.alwaysOriginal), for: .normal)
        } else {
            close.setTitle("✕", for: .normal)
            close.titleLabel?.font = .systemFont(ofSize: 22, weight: .bold)
        }
        close.translatesAutoresizingMaskIntoConstraints = false
        close.addAction(UIAction { [weak self] _ in self?.end(.dismissed) }, for: .touchUpInside)
        controller.view.addSubview(close)
        let spinner = UIActivityIndicatorView(style: .large)
        spinner.translatesAutoresizingMaskIntoConstraints = false
        spinner.startAnimating()
        controller.view.addSubview(spinner)
        overlay = spinner
        NSLayoutConstraint.activate([
            webView.leadingAnchor.constraint(equalTo: controller.view.safeAreaLayoutGuide.leadingAnchor),
            webView.trailingAnchor.constraint(equalTo: controller.view.safeAreaLayoutGuide.trailingAnchor),
            webView.topAnchor.constraint(equalTo: controller.view.safeAreaLayoutGuide.topAnchor),
            webView.bottomAnchor.constraint(equalTo: controller.view.safeAreaLayoutGuide.bottomAnchor),
            close.topAnchor.constraint(equalTo: controller.view.safeAreaLayoutGuide.topAnchor, constant: 8),
            close.trailingAnchor.constraint(equalTo: controller.view.safeAreaLayoutGuide.trailingAnchor, constant: -8),
            close.widthAnchor.constraint(lessThanOrEqualToConstant: 40), close.heightAnchor.constraint(lessThanOrEqualToConstant: 40),
            spinner.centerXAnchor.constraint(equalTo: controller.view.centerXAnchor),
            spinner.centerYAnchor.constraint(equalTo: controller.view.centerYAnchor),
        ])
        self.controller = controller
        webView.load(URLRequest(url: url))
        if options.showsOverlayImmediately {
            presenter.present(controller, animated: true)
        } else {
            controller.loadViewIfNeeded()
        }
    }

    public func webView(_ webView: WKWebView, didFinish navigation: WKNavigation!) {
        overlay?.removeFromSuperview()
        webView.isHidden = false
        if let controller, controller.presentingViewController == nil, let presenter = Self.frontmost() {
            presenter.present(controller, animated: true)
        }
        if let displayed {
            self.displayed = nil
            Task { await displayed() }
        }
    }

    public func webView(_ webView: WKWebView, didFail navigation: WKNavigation!, withError error: any Error) {
        fail(error)
    }

    public func webView(_ webView: WKWebView, didFailProvisionalNavigation navigation: WKNavigation!, withError error: any Error) {
        fail(error)
    }

    public func webView(_ webView: WKWebView, decidePolicyFor action: WKNavigationAction,
                        decisionHandler: @escaping @MainActor (WKNavigationActionPolicy) -> Void) {
        guard let url = action.request.url else { return decisionHandler(.allow) }
        if url.scheme == "playhouse-event" {
            decisionHandler(.cancel)
            let receipt = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems?.first { $0.name == "receipt" }?.value
            if url.absoluteString.hasPrefix("playhouse-event:reward"), let receipt {
                end(.rewardTaken(receiptID: receipt))
            } else {
                end(.dismissed)
            }
        } else if url.scheme == "http" || url.scheme == "https", url.host == webView.url?.host || webView.url == nil {
            decisionHandler(.allow)
        } else {
            // The call to action leaves the page: the app (or the system) follows it.
            decisionHandler(.cancel)
            UIApplication.shared.open(url)
            end(.actionTaken)
        }
    }

    private func fail(_ error: any Error) {
        guard let finish else { return }
        self.finish = nil
        controller?.presentingViewController?.dismiss(animated: true)
        finish.resume(throwing: PlayhouseError(code: .transportFailed, message: error.localizedDescription))
    }

    private func end(_ outcome: ContentPresentationOutcome) {
        guard let finish else { return }
        self.finish = nil
        controller?.presentingViewController?.dismiss(animated: true)
        finish.resume(returning: outcome)
    }

    private static func frontmost() -> UIViewController? {
        let scenes = UIApplication.shared.connectedScenes.compactMap { $0 as? UIWindowScene }
        var top = scenes.flatMap(\.windows).first { $0.isKeyWindow }?.rootViewController
        while let presented = top?.presentedViewController { top = presented }
        return top
    }
}
#endif
