import Foundation
import PlayhouseAPI

/// Shows a placement's content to the player and says how it ended.
///
/// The default on Apple platforms (`WebContentPresenter`) shows the unit's hosted page in a web
/// view; an app can render natively from the unit's data (texts, images, action, reward) instead.
/// Call `displayed` once the unit is on screen: that is what counts against its frequency caps.
public protocol ContentPresenter: Sendable {
    func present(_ content: PlacementContent, options: ContentPresentationOptions,
                 displayed: @escaping @Sendable () async -> Void) async throws -> ContentPresentationOutcome
}

/// How a content request asks its unit to be shown (PlayHaven's options).
public struct ContentPresentationOptions: Sendable, Equatable {
    /// Show the loading overlay at once, before the content has arrived.
    public var showsOverlayImmediately: Bool
    /// A close button image to use instead of the default one (PNG or JPEG bytes; drawn at most 40×40).
    public var closeButtonImage: Data?

    public init(showsOverlayImmediately: Bool = false, closeButtonImage: Data? = nil) {
        self.showsOverlayImmediately = showsOverlayImmediately
        self.closeButtonImage = closeButtonImage
    }
}

/// How a shown unit ended.
public enum ContentPresentationOutcome: Sendable, Equatable {
    /// The player closed it.
    case dismissed
    /// The player took its call to action (a native presenter; for a reward unit the SDK then asks
    /// the server for the receipt).
    case actionTaken
    /// The hosted page issued a reward's receipt and handed its id back (`playhouse-event:reward?receipt=…`).
    case rewardTaken(receiptID: String)
}
