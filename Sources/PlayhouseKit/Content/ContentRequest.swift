import Foundation
import PlayhouseAPI

/// One request for a placement's content and, if there is some, its showing: PlayHaven's content
/// request. Its moments arrive in ``events`` and at its ``delegate``, in the order
/// ``ContentRequestEvent`` describes; a reward unlocked during it arrives once per receipt.
///
/// ```swift
/// let request = client.content.request(placement: "main_menu")
/// Task { for await event in request.events { handle(event) } }
/// await request.start(presenter: WebContentPresenter())
/// ```
public final class ContentRequest: Sendable {
    /// The placement asked.
    public let placement: String
    /// How the unit is to be shown.
    public let options: ContentPresentationOptions
    /// The request's moments, ending after the last.
    public let events: AsyncStream<ContentRequestEvent>
    private let continuation: AsyncStream<ContentRequestEvent>.Continuation
    private let delegateBox: WeakDelegate
    private let content: ContentAPI

    init(placement: String, options: ContentPresentationOptions, delegate: (any ContentRequestDelegate)?, content: ContentAPI) {
        self.placement = placement
        self.options = options
        self.content = content
        delegateBox = WeakDelegate(delegate)
        (events, continuation) = AsyncStream.makeStream(bufferingPolicy: .unbounded)
    }

    /// PlayHaven's delegate (held weakly).
    public var delegate: (any ContentRequestDelegate)? { delegateBox.value }

    /// Asks for the placement's content and shows it with `presenter`; returns when it is over.
    public func start(presenter: any ContentPresenter) async {
        defer { continuation.finish() }
        emit(.willGetContent)
        let shown: PlacementContent
        do {
            guard let found = try await content.content(placement: placement) else {
                return emit(.failed(PlayhouseError(code: .noContent, message: "Nothing to show on \(placement) now.")))
            }
            shown = found
        } catch {
            return emit(.failed(error))
        }
        emit(.willDisplay(shown))
        let outcome: ContentPresentationOutcome
        do {
            outcome = try await presenter.present(shown, options: options) { [self] in
                _ = try? await content.record(.displayed, of: shown)
                emit(.didDisplay(shown))
            }
        } catch {
            _ = try? await content.record(.failed, of: shown)
            let failure = error as? PlayhouseError ?? PlayhouseError(code: .transportFailed, message: "\(error)")
            return emit(.failedToDisplay(shown, failure))
        }
        switch outcome {
        case .dismissed:
            _ = try? await content.record(.dismissed, of: shown)
        case .actionTaken:
            emit(.actionTaken(shown))
            if let receipt = try? await content.record(.clicked, of: shown).receipt,
               let reward = try? await content.delivery.deliver(receipt) {
                emit(.rewardUnlocked(reward))
            }
        case .rewardTaken(let receiptID):
            emit(.actionTaken(shown))
            if let receipt = try? await content.delivery.receipt(receiptID), let reward = try? await content.delivery.deliver(receipt) {
                emit(.rewardUnlocked(reward))
            }
        }
        emit(.didDismiss(shown))
    }

    private func emit(_ event: ContentRequestEvent) {
        continuation.yield(event)
        guard let delegate = delegateBox.value else { return }
        switch event {
        case .willGetContent: delegate.requestWillGetContent(self)
        case .willDisplay(let content): delegate.request(self, contentWillDisplay: content)
        case .didDisplay(let content): delegate.request(self, contentDidDisplay: content)
        case .actionTaken(let content): delegate.request(self, actionTaken: content)
        case .rewardUnlocked(let reward): delegate.request(self, unlockedReward: reward)
        case .didDismiss: delegate.requestContentDidDismiss(self)
        case .failed(let error): delegate.request(self, didFailWithError: error)
        case .failedToDisplay(_, let error): delegate.request(self, contentDidFailWithError: error)
        }
    }
}

/// A delegate held weakly, as PlayHaven held it.
final class WeakDelegate: @unchecked Sendable {
    private let lock = NSLock()
    private weak var stored: (any ContentRequestDelegate)?

    init(_ delegate: (any ContentRequestDelegate)?) { stored = delegate }

    var value: (any ContentRequestDelegate)? { lock.withLock { stored } }
}
