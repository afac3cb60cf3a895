import Foundation
import PlayhouseKit

// The getting-started article's code that the example app (Examples/GettingStarted) does not run.

func signInOnTheHostedPage(client: PlayhouseClient) async throws {
    let player = try await client.auth.signIn(scopes: ["profile", "wallet", "play"],
                                              presenter: ASWebAuthenticationPresenter())
    print("Signed in as", player.email ?? player.id)
}

func keepTheSessionHealthy(client: PlayhouseClient) async {
    await client.session.checkCredentials(myCallbacks)   // your CredentialsCallbacks
    Task {
        for await event in await client.session.events() {
            if case .preRealityCheck(let status) = event { showRealityCheck(status) }
        }
    }
}
