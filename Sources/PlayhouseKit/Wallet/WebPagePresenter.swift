import Foundation

/// Shows a hosted page (wallet, deposit, withdraw, redeem) in a web view and returns when the page
/// navigates to `closeURL` or the player dismisses it. The app supplies one for its current screen
/// (on Apple platforms, typically a `WKWebView` that cancels the navigation to `closeURL`).
///
/// The page never reports what the player did there: re-read the wallet afterwards.
public protocol WebPagePresenter: Sendable {
    func present(_ url: URL, closeURL: URL) async throws
}
