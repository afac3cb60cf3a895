import Foundation
import PlayhouseAPI

/// Content placements, rewards and badges: `client.content`.
///
/// ```swift
/// _ = try await client.content.recordOpen()                      // at launch
/// let request = client.content.request(placement: "main_menu")
/// Task { for await event in request.events { /* .rewardUnlocked(reward) … */ } }
/// await request.start(presenter: WebContentPresenter())
/// let badge = try await client.content.notification(placement: "main_menu")   // {"type": "badge", "value": "2"}
/// ```
///
/// Calls are made for the signed-in player, or, with nobody signed in, for this installation with
/// the app's token (a confidential client) or the public client's id alone.
public struct ContentAPI: Sendable {
    let api: APIClient
    let delivery: RewardDelivery

    init(api: APIClient, claimed: any ClaimedRewards, verifier: RewardVerifier) {
        self.api = api
        delivery = RewardDelivery(api: api, verifier: verifier, claimed: claimed, unlocks: Broadcast())
    }

    /// Records an open of the app by this installation (its first is its install): the platform,
    /// the app's version (`CFBundleShortVersionString`), the OS version and the locale.
    @discardableResult
    public func recordOpen() async throws(PlayhouseError) -> OpenRecorded {
        let open = OpenRequest(installationID: api.configuration.installationID, platform: Self.platform,
                               appVersion: Bundle.main.object(forInfoDictionaryKey: "CFBundleShortVersionString") as? String ?? "0",
                               osVersion: ProcessInfo.processInfo.operatingSystemVersionString.prefix(64).description,
                               locale: api.configuration.locale.identifier.replacingOccurrences(of: "_", with: "-"))
        return try await api.installation("POST", APIPath.opens, body: open)
    }

    /// A content request for `placement`, to start with a presenter.
    public func request(placement: String, options: ContentPresentationOptions = ContentPresentationOptions(),
                        delegate: (any ContentRequestDelegate)? = nil) -> ContentRequest {
        ContentRequest(placement: placement, options: options, delegate: delegate, content: self)
    }

    /// The unit `placement` shows now, or nil when nothing qualifies; nothing is counted as shown
    /// until it is (a ``ContentRequest`` says so by itself).
    public func content(placement: String) async throws(PlayhouseError) -> PlacementContent? {
        try await api.installation("GET", APIPath.placementContent(placement.pathSegment))
    }

    /// The placement's badge (`{"type": "badge", "value": "2"}`), or nil when there is nothing new.
    public func notification(placement: String) async throws(PlayhouseError) -> PlacementNotification? {
        try await api.installation("GET", APIPath.placementNotification(placement.pathSegment))
    }

    /// Sets the app's own facts about the player (or this installation) that campaigns target,
    /// replacing those set before: `["tier": "gold"]`.
    public func setProperties(_ properties: [String: String]) async throws(PlayhouseError) {
        let _: AudienceProperties = try await api.installation("PUT", APIPath.contentProperties, body: AudienceProperties(properties: properties))
    }

    /// Every reward unlocked by this client, as it happens (also posted as `Notification.Name.playhouseRewardUnlocked`).
    public func rewardUnlocks() async -> AsyncStream<UnlockedReward> {
        delivery.unlocks.stream()
    }

    /// Finishes what an earlier run left: receipts noted and not delivered, and the player's
    /// receipts not yet claimed. Each is verified, claimed and delivered once; answers those
    /// delivered now. Call it at launch once the player is signed in.
    @discardableResult
    public func finishRewards() async throws(PlayhouseError) -> [UnlockedReward] {
        var ids: [String]
        do { ids = try await delivery.claimed.undelivered() } catch {
            throw PlayhouseError(code: .localStoreFailed, message: "The claimed rewards could not be read: \(error)")
        }
        let unclaimed: Page<RewardReceipt> = try await api.player("GET", APIPath.rewards, query: [URLQueryItem(name: "status", value: "unclaimed"),
                                                                                               URLQueryItem(name: "limit", value: "100")])
        ids += unclaimed.data.map(\.id).filter { !ids.contains($0) }
        var delivered: [UnlockedReward] = []
        for id in ids {
            let receipt: RewardReceipt
            do throws(PlayhouseError) { receipt = try await delivery.receipt(id) } catch where error.code == .receiptNotFound {
                continue   // noted for a player who is no longer the one signed in
            }
            if let reward = try await delivery.deliver(receipt) { delivered.append(reward) }
        }
        return delivered
    }

    /// Sends a lifecycle event of a shown unit. The server counts a display once per impression and
    /// answers a reward's click with the same receipt, so an event is safe to retry.
    func record(_ event: ContentEventType, of content: PlacementContent) async throws(PlayhouseError) -> ContentEventRecorded {
        try await api.installation("POST", APIPath.contentEvents, body: ContentEventRequest(impressionID: content.impressionID, event: event),
                                   retryable: true)
    }

    /// The platform opens report.
    static var platform: String {
        #if os(iOS)
        "ios"
        #elseif os(tvOS)
        "tvos"
        #elseif os(watchOS)
        "watchos"
        #elseif os(visionOS)
        "visionos"
        #elseif os(macOS)
        "macos"
        #elseif os(Android)
        "android"
        #elseif os(Windows)
        "windows"
        #else
        "linux"
        #endif
    }

    // MARK: - Completion handlers

    /// ``recordOpen()``, delivering its result on the main queue.
    public func recordOpen(completion: @escaping @MainActor @Sendable (Result<OpenRecorded, PlayhouseError>) -> Void) {
        deliver(completion) { () async throws(PlayhouseError) in try await recordOpen() }
    }

    /// ``notification(placement:)``, delivering its result on the main queue.
    public func notification(placement: String, completion: @escaping @MainActor @Sendable (Result<PlacementNotification?, PlayhouseError>) -> Void) {
        deliver(completion) { () async throws(PlayhouseError) in try await notification(placement: placement) }
    }

    /// ``finishRewards()``, delivering its result on the main queue.
    public func finishRewards(completion: @escaping @MainActor @Sendable (Result<[UnlockedReward], PlayhouseError>) -> Void) {
        deliver(completion) { () async throws(PlayhouseError) in try await finishRewards() }
    }
}

// MARK: Completion-handler forms

extension ContentAPI {
    /// Completion-handler form of ``content(placement:)``; `completion` runs on the main queue.
    public func content(placement: String, completion: @escaping @MainActor @Sendable (Result<PlacementContent?, PlayhouseError>) -> Void) {
        deliver(completion) { () async throws(PlayhouseError) -> PlacementContent? in try await content(placement: placement) }
    }

    /// Completion-handler form of ``setProperties(_:)``; `completion` runs on the main queue.
    public func setProperties(_ properties: [String: String], completion: @escaping @MainActor @Sendable (Result<Void, PlayhouseError>) -> Void) {
        deliver(completion) { () async throws(PlayhouseError) -> Void in try await setProperties(properties) }
    }
}
