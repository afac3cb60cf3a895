import Foundation

/// What the hosted sign-in page asks even when it need not (OpenID Connect's `prompt`).
///
/// A browser that signed in before stays signed in, and scopes the player allowed before are not
/// asked for again, so a second ``AuthAPI/signIn(scopes:prompt:presenter:)`` usually
/// comes straight back. A prompt changes that.
public struct SignInPrompt: Sendable, Hashable {
    /// The value sent as `prompt`.
    public let rawValue: String

    /// Asks for the credentials again, as on a shared device or to switch players.
    public static let login = SignInPrompt(rawValue: "login")
    /// Shows the consent page even for scopes the player allowed before.
    public static let consent = SignInPrompt(rawValue: "consent")
    /// Shows nothing: the sign-in comes back with a code, or fails with `login_required` or
    /// `consent_required` when the page would have had to ask.
    public static let none = SignInPrompt(rawValue: "none")
}
