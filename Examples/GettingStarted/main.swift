// The getting-started article as an app (`swift run GettingStarted`): a game that ships as a public
// client signs its player in as a guest, deposits, bets, takes the content placement's reward,
// and looks for offers near the player twice (from the network, then from the cache). The
// article quotes this file, and the test command runs it against a real server set up as the
// article says.
import Foundation
import PlayhouseKit

let serverURL = ProcessInfo.processInfo.environment["PLAYHOUSE_URL"] ?? "http://127.0.0.1:8080"
let clientID = ProcessInfo.processInfo.environment["PLAYHOUSE_CLIENT_ID"] ?? "ph_…"

let client = PlayhouseClient(configuration: .init(
    baseURL: URL(string: serverURL)!,
    clientID: clientID,
    redirectURI: URL(string: "mygame://authorize")!))

/// Shows a placement's unit the game's own way (here: a line of text) and takes its call to action.
struct TextPresenter: ContentPresenter {
    func present(_ content: PlacementContent, options: ContentPresentationOptions,
                 displayed: @escaping @Sendable () async -> Void) async throws -> ContentPresentationOutcome {
        print("Showing:", content.title ?? content.unit)
        await displayed()
        return .actionTaken
    }
}

func showAlert(_ message: String) {
    print("Alert:", message)
}

do {
    let guest = try await client.auth.signInAsGuest(scopes: ["wallet", "play"])
    print("Guest:", guest.id, guest.isNew ? "new" : "returning", guest.isGuest ? "guest" : "not a guest")

    let deposit = try await client.wallet.deposit(Decimal(string: "20.00")!, currency: "EUR")
    let wallet = try await client.wallet.wallet()
    print("Deposit:", deposit.status, deposit.amount, "balance", wallet.balance("EUR", economy: .sandbox)?.available ?? Money(0, currency: "EUR"))

    // 0.10 on each of the game's 10 lines: the bet's stake is 1.00.
    let bet = try await client.games.bet(game: "lucky-sevens", wager: Decimal(string: "0.10")!, currency: "EUR")
    print("Bet: stake", bet.stake, "payout", bet.payout, "balance", bet.balance?.amount ?? "")

    _ = try await client.content.recordOpen()            // at launch: the welcome is for new installations
    let request = client.content.request(placement: "main_menu")
    let unlocked = Task {
        var rewards: [UnlockedReward] = []
        for await event in request.events {
            if case .rewardUnlocked(let reward) = event { rewards.append(reward) }
        }
        return rewards
    }
    await request.start(presenter: TextPresenter())
    for reward in await unlocked.value {
        print("Reward:", reward.items.map { "\($0.quantity) \($0.name)" }.joined(separator: ", "))
    }

    await client.catalog.setLocation(latitude: 55.6761, longitude: 12.5683, radius: 5000, isFromSensor: true)
    for try await delivery in client.catalog.offers(orderBy: ["distance"], limit: 5) {
        print("Offers from the \(delivery.source):", delivery.value.data.map(\.heading).joined(separator: "; "))
    }
    for try await delivery in client.catalog.offers(orderBy: ["distance"], limit: 5) {
        print("Offers from the \(delivery.source):", delivery.value.data.map(\.heading).joined(separator: "; "))
    }

    do throws(PlayhouseError) {
        _ = try await client.wallet.withdraw(100, currency: "EUR")
    } catch {
        showAlert(error.message)   // error is a PlayhouseError: error.code is .insufficientFunds here
    }
    print("Done.")
} catch {
    print("Failed:", error)
    exit(1)
}
