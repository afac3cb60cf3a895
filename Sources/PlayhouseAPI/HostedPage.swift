import Foundation

/// The hosted pages the SDK can open in a web view.
public enum HostedPageKind: String, Codable, Sendable, CaseIterable {
    case wallet
    case deposit
    case withdraw
    case redeem
    /// The reality check: time played and net result, with Continue, Check balance and Stop. Needs
    /// a token with a play session.
    case realityCheck = "reality-check"
    /// Saves a guest's progress: the player links an email and a password to sign in with.
    case linkEmail = "link-email"
}

/// `POST /v1/pages`: open a hosted page for the signed-in player.
public struct HostedPageRequest: Codable, Sendable, Equatable {
    public var page: HostedPageKind
    /// For `redeem`: the promotion code to fill in.
    public var promotion: String?

    public init(page: HostedPageKind, promotion: String? = nil) {
        self.page = page
        self.promotion = promotion
    }
}

/// Where to open a hosted page. The URL works once, within a minute; the page closes by
/// navigating to `close_url`, which the web view should intercept.
public struct HostedPage: Codable, Sendable, Equatable {
    public var url: URL
    public var closeURL: URL
    public var expiresAt: Date

    public init(url: URL, closeURL: URL, expiresAt: Date) {
        self.url = url
        self.closeURL = closeURL
        self.expiresAt = expiresAt
    }

    enum CodingKeys: String, CodingKey {
        case closeURL = "close_url", expiresAt = "expires_at", url
    }
}
