// What the quoted code leans on but does not show: the app's own functions and values, and (on
// platforms without them) stand-ins with the shape of the Apple-only presenters, so that the
// quotes type-check on Linux too. On Apple platforms the real presenters are used.
import Foundation
import PlayhouseKit

func show(_ items: Any...) {}
func showAlert(_ message: String) {}
func showRealityCheck(_ status: PlaySessionStatus) {}
func showSignIn() {}
func pauseTheGame() {}
func resumeTheGame() {}
func give(_ items: [RewardItem]) {}
let idToken = "an id_token from the provider's SDK"
let redirectURL = URL(string: "mygame://authorize?code=…&state=…")!

/// The app's callbacks of the credentials lifecycle (on the main actor, as the protocol is).
final class MyCallbacks: CredentialsCallbacks {
    let signInPresenter: any WebAuthenticationPresenter = ASWebAuthenticationPresenter()
    let realityCheckPresenter: any RealityCheckPresenter = HostedRealityCheckPresenter(pages: MyWebViewPresenter())
    func onCredentialsSuccess(_ credentials: PlayerCredentials) {}
    func onCredentialsRevoked() {}
    func onCredentialsFailure(_ error: PlayhouseError) {}
}

@MainActor let myCallbacks = MyCallbacks()

#if !canImport(AuthenticationServices) || os(watchOS)
/// The shape of the Apple platforms' `ASWebAuthenticationPresenter`.
struct ASWebAuthenticationPresenter: WebAuthenticationPresenter {
    func present(_ url: URL, callbackScheme: String) async throws -> URL { url }
}
#endif

#if !os(iOS)
/// The shape of iOS's `WebContentPresenter`.
struct WebContentPresenter: ContentPresenter {
    func present(_ content: PlacementContent, options: ContentPresentationOptions,
                 displayed: @escaping @Sendable () async -> Void) async throws -> ContentPresentationOutcome { .dismissed }
}
#endif

/// The app's web view for the server's hosted pages (deposit, reality check, …).
struct MyWebViewPresenter: WebPagePresenter {
    func present(_ url: URL, closeURL: URL) async throws {}
}

let myWebViewPresenter = MyWebViewPresenter()
