import Foundation
import PlayhouseAPI

/// The moments of a content request, in order, as PlayHaven's delegate had them:
/// ``willGetContent``, then ``failed(_:)`` (nothing to show, or no answer), or ``willDisplay(_:)``,
/// ``didDisplay(_:)``, possibly ``actionTaken(_:)`` and ``rewardUnlocked(_:)``, and ``didDismiss(_:)``
/// (or ``failedToDisplay(_:_:)``).
public enum ContentRequestEvent: Sendable, Equatable {
    /// The request is about to ask the server.
    case willGetContent
    /// There is content; it is about to be shown (mute sounds, pause animations).
    case willDisplay(PlacementContent)
    /// The content is on screen.
    case didDisplay(PlacementContent)
    /// The player took the content's call to action (follow the content's `action` for an offer).
    case actionTaken(PlacementContent)
    /// A reward was unlocked: verified, claimed, and delivered once per receipt.
    case rewardUnlocked(UnlockedReward)
    /// The content is gone and control is back with the app.
    case didDismiss(PlacementContent)
    /// The request stopped before anything was shown: nothing qualifies (code `no_content`), or
    /// the server could not be asked.
    case failed(PlayhouseError)
    /// The content could not be shown after all.
    case failedToDisplay(PlacementContent, PlayhouseError)
}

/// A reward the player unlocked: its receipt (claimed, its amount already in the wallet) and
/// what it grants. The app gives the items; each receipt arrives once.
public struct UnlockedReward: Sendable, Equatable {
    public var receipt: RewardReceipt
    /// PlayHaven's reward: a name and a quantity for each item.
    public var items: [RewardItem] { receipt.grant.items }

    public init(receipt: RewardReceipt) {
        self.receipt = receipt
    }
}

extension PlayhouseError.Code {
    /// A placement has nothing to show the player now.
    public static let noContent: ErrorCode = "no_content"
}

/// PlayHaven's delegate, for apps that prefer it to the event stream: every method is optional.
public protocol ContentRequestDelegate: AnyObject, Sendable {
    func requestWillGetContent(_ request: ContentRequest)
    func request(_ request: ContentRequest, contentWillDisplay content: PlacementContent)
    func request(_ request: ContentRequest, contentDidDisplay content: PlacementContent)
    func request(_ request: ContentRequest, actionTaken content: PlacementContent)
    func request(_ request: ContentRequest, unlockedReward reward: UnlockedReward)
    func requestContentDidDismiss(_ request: ContentRequest)
    func request(_ request: ContentRequest, didFailWithError error: PlayhouseError)
    func request(_ request: ContentRequest, contentDidFailWithError error: PlayhouseError)
}

extension ContentRequestDelegate {
    public func requestWillGetContent(_ request: ContentRequest) {}
    public func request(_ request: ContentRequest, contentWillDisplay content: PlacementContent) {}
    public func request(_ request: ContentRequest, contentDidDisplay content: PlacementContent) {}
    public func request(_ request: ContentRequest, actionTaken content: PlacementContent) {}
    public func request(_ request: ContentRequest, unlockedReward reward: UnlockedReward) {}
    public func requestContentDidDismiss(_ request: ContentRequest) {}
    public func request(_ request: ContentRequest, didFailWithError error: PlayhouseError) {}
    public func request(_ request: ContentRequest, contentDidFailWithError error: PlayhouseError) {}
}
