import Foundation
import PlayhouseKit

// The code of the article "Play sessions and reality checks".

func watchTheSession(client: PlayhouseClient) async {
    await client.session.checkCredentials(myCallbacks)
    Task {
        for await event in await client.session.events() {   // the credentials' state first
            switch event {
            case .preRealityCheck(let status): showRealityCheck(status)
            case .credentialsRevoked: showSignIn()
            default: break
            }
        }
    }
}

func limits(client: PlayhouseClient) async throws {
    let verdict = try await client.session.canIGamble()          // allowed, and every reason why not
    _ = try await client.session.setLimits(LimitsUpdate(depositLimits: [MoneyLimitChange(currency: "EUR", period: .weekly, amount: "50")]))
    show(verdict)
}
