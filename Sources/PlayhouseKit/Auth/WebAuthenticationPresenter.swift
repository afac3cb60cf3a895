import Foundation

/// Shows the hosted sign-in page and returns the URL the server redirects back to. On Apple
/// platforms `ASWebAuthenticationPresenter` does this with `ASWebAuthenticationSession`; elsewhere
/// the app opens ``AuthAPI/authorizationURL(scopes:prompt:)`` itself and passes the
/// redirect to ``AuthAPI/handleRedirect(_:)``.
public protocol WebAuthenticationPresenter: Sendable {
    /// Presents `url`; returns the URL whose scheme is `callbackScheme` that the flow ended on.
    /// Throws ``PlayhouseError`` with code `cancelled` when the player closes the page.
    func present(_ url: URL, callbackScheme: String) async throws -> URL
}
