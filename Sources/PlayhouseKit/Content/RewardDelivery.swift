import Foundation
import PlayhouseAPI

/// Takes a receipt from the server to the app: verified (``RewardVerifier``), noted, claimed (the
/// wallet is credited once, whoever else claims it), marked delivered, and then announced, once per
/// receipt (``ClaimedRewards``).
struct RewardDelivery: Sendable {
    let api: APIClient
    let verifier: RewardVerifier
    let claimed: any ClaimedRewards
    let unlocks: Broadcast<UnlockedReward>

    /// Delivers `receipt`; nil when it was delivered before.
    func deliver(_ receipt: RewardReceipt) async throws(PlayhouseError) -> UnlockedReward? {
        try await verifier.verify(receipt)
        try await local { try await claimed.note(receipt.id) }
        // A claim answers the same claimed receipt however often it is sent: safe to retry.
        let claimedReceipt: RewardReceipt = try await api.player("POST", APIPath.rewards + "/" + receipt.id.pathSegment + "/claim", retryable: true)
        guard try await local({ try await claimed.markDelivered(receipt.id) }) else { return nil }
        let reward = UnlockedReward(receipt: claimedReceipt)
        unlocks.yield(reward)
        await MainActor.run {
            NotificationCenter.default.post(name: .playhouseRewardUnlocked, object: nil, userInfo: [UnlockedReward.userInfoKey: reward])
        }
        return reward
    }

    /// The receipt `id`, from the server.
    func receipt(_ id: String) async throws(PlayhouseError) -> RewardReceipt {
        try await api.player("GET", APIPath.rewards + "/" + id.pathSegment)
    }

    private func local<T>(_ body: () async throws -> T) async throws(PlayhouseError) -> T {
        do { return try await body() } catch {
            throw PlayhouseError(code: .localStoreFailed, message: "The claimed rewards could not be stored: \(error)")
        }
    }
}

extension UnlockedReward {
    /// The `userInfo` key of the ``UnlockedReward`` a `Notification.Name.playhouseRewardUnlocked` notification carries.
    public static let userInfoKey = "PlayhouseUnlockedReward"
}

extension Notification.Name {
    /// Posted on the main queue for every unlocked reward; `userInfo[UnlockedReward.userInfoKey]` is the ``UnlockedReward``.
    public static let playhouseRewardUnlocked = Notification.Name("PlayhouseRewardUnlocked")
}

extension PlayhouseError.Code {
    /// The SDK's local store could not be read or written.
    public static let localStoreFailed: ErrorCode = "local_store_failed"
}
