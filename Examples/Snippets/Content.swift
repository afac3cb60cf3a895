import Foundation
import PlayhouseKit

// The code of the article "Content, rewards and badges".

func showContent(client: PlayhouseClient) async throws {
    _ = try await client.content.recordOpen()
    _ = try await client.content.finishRewards()       // receipts an earlier run did not deliver

    let request = client.content.request(placement: "main_menu")
    Task {
        for await event in request.events {
            switch event {
            case .willDisplay: pauseTheGame()
            case .rewardUnlocked(let reward): give(reward.items)
            case .didDismiss, .failed: resumeTheGame()
            default: break
            }
        }
    }
    await request.start(presenter: WebContentPresenter())
}

func badge(client: PlayhouseClient) async throws {
    let badge = try await client.content.notification(placement: "main_menu")   // NotificationView / NotificationBadgeView draw it
    show(badge as Any)
}
