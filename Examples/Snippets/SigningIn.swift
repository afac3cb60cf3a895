import Foundation
import PlayhouseKit

// The code of the article "Signing players in".

func signInWithoutABrowser(client: PlayhouseClient) async throws {
    try await client.auth.requestPin(phoneNumber: "+4512345678")
    try await client.auth.signIn(phoneNumber: "+4512345678", pin: "123456")

    try await client.auth.signIn(provider: "google", token: idToken)   // a provider the app trusts

    let device = try await client.auth.startDeviceSignIn()             // a TV or a console
    show(device.userCode, device.verificationURI)
    try await client.auth.completeDeviceSignIn(device)
}

func followThePlayer(client: PlayhouseClient) async {
    for await player in await client.auth.playerChanges() {
        if let player { show(player.displayName ?? player.id) } else { showSignIn() }
    }
}

func deleteTheAccount(client: PlayhouseClient, presenter: any WebAuthenticationPresenter) async throws(PlayhouseError) {
    do {
        show(try await client.auth.deleteAccount().id)          // the receipt: what support asks for
    } catch where error.code == .reauthenticationRequired {
        // The last sign-in is more than five minutes old: the password again, then the deletion.
        try await client.auth.signIn(scopes: ["profile"], prompt: .login, presenter: presenter)
        show(try await client.auth.deleteAccount().id)
    }
}
