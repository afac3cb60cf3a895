#if canImport(AuthenticationServices) && !os(watchOS)
import AuthenticationServices
import Foundation

/// Presents the hosted sign-in page in an `ASWebAuthenticationSession`.
@MainActor
public final class ASWebAuthenticationPresenter: NSObject, WebAuthenticationPresenter, ASWebAuthenticationPresentationContextProviding {
    private let anchor: @MainActor () -> ASPresentationAnchor
    /// Whether to share cookies with Safari (keeps the player signed in on the hosted page).
    private let prefersEphemeralSession: Bool

    public init(prefersEphemeralSession: Bool = false, anchor: @escaping @MainActor () -> ASPresentationAnchor = { ASPresentationAnchor() }) {
        self.anchor = anchor
        self.prefersEphemeralSession = prefersEphemeralSession
    }

    public nonisolated func present(_ url: URL, callbackScheme: String) async throws -> URL {
        try await withCheckedThrowingContinuation { continuation in
            Task { @MainActor in
                let session = ASWebAuthenticationSession(url: url, callbackURLScheme: callbackScheme) { callback, error in
                    if let callback {
                        continuation.resume(returning: callback)
                    } else if let error = error as? ASWebAuthenticationSessionError, error.code == .canceledLogin {
                        continuation.resume(throwing: PlayhouseError(code: .cancelled, message: "The player closed the sign-in page."))
                    } else {
                        continuation.resume(throwing: PlayhouseError(code: .transportFailed, message: error?.localizedDescription ?? "Sign-in failed."))
                    }
                }
                session.presentationContextProvider = self
                session.prefersEphemeralWebBrowserSession = prefersEphemeralSession
                session.start()
            }
        }
    }

    public nonisolated func presentationAnchor(for session: ASWebAuthenticationSession) -> ASPresentationAnchor {
        MainActor.assumeIsolated { anchor() }
    }
}
#endif
