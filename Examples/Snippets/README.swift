import Foundation
import PlayhouseKit

// The code of the README's section "The SDK".

func readmeClient() async throws {
    let client = PlayhouseClient(configuration: .init(
        baseURL: URL(string: "http://127.0.0.1:8080")!,
        clientID: "ph_…",
        locale: Locale(identifier: "da_DK"),
        redirectURI: URL(string: "mygame://authorize")!))

    let app = try await client.app.current()              // async/await
    client.app.current { result in /* Result<AppInfo, PlayhouseError>, on the main queue */ }
    show(app)
}

func readmeSignIn(client: PlayhouseClient) async throws {
    // Apple platforms: the hosted page in ASWebAuthenticationSession.
    let player = try await client.auth.signIn(scopes: ["profile", "play"], presenter: ASWebAuthenticationPresenter())
    // Elsewhere: open client.auth.authorizationURL(scopes:prompt:) yourself and hand back the redirect.
    try await client.auth.handleRedirect(redirectURL)
    // No browser: phone PIN, a provider's token, or a device code.
    try await client.auth.requestPin(phoneNumber: "+4512345678")
    try await client.auth.signIn(phoneNumber: "+4512345678", pin: "123456")
    try await client.auth.signIn(provider: "google", token: idToken)
    let device = try await client.auth.startDeviceSignIn(); show(device.userCode); try await client.auth.completeDeviceSignIn(device)
    // Nothing to type: a guest, by this installation (whose id the SDK keeps); link something later.
    let guest = try await client.auth.signInAsGuest()     // guest.isNew: this call made the player
    try await client.auth.requestLinkPin(phoneNumber: "+4512345678")
    try await client.auth.linkPhone("+4512345678", pin: "123456")     // or linkProvider(_:token:isIDToken:), linkEmailPage(presenter:)

    let profile = try await client.profile.update(ProfileUpdate(firstName: "Ann", gender: .female))
    for await player in await client.auth.playerChanges() { show(player as Any) }   // the player now first, then nil after logout
    await client.auth.logout()
    show(player, guest, profile)
}

func readmeWallet(client: PlayhouseClient) async throws {
    let deposit = try await client.wallet.deposit(Decimal(string: "12.50")!, currency: "EUR")
    let wallet = try await client.wallet.wallet()
    for try await transaction in client.wallet.transactions(currency: "EUR") { print(transaction.amount) }   // newest first, paged
    _ = try await client.wallet.redeem(code: "WELCOME")
    try await client.wallet.depositPage(presenter: myWebViewPresenter)   // returns when the page closes
    show(deposit, wallet)
}

func readmeGames(client: PlayhouseClient) async throws {
    let bet = try await client.games.bet(game: "lucky-sevens", wager: Decimal(string: "0.10")!, currency: "EUR")
    print(bet.window, bet.outcomes, bet.stake, bet.payout)
    let practice = try await client.games.unbackedBet(game: "lucky-sevens", wager: 1)
    for try await earlier in client.games.bets(game: "lucky-sevens") { print(earlier.payout) }   // newest first, paged
    _ = try await client.games.rotateSeed()
    let verdict = try await client.games.verify(betID: bet.id)   // .verified, or what does not match
    // Betable's checkCredentials: signs in when needed, then heartbeats and reality checks by themselves.
    await client.session.checkCredentials(myCallbacks)           // a CredentialsCallbacks (presenters + events)
    Task { for await event in await client.session.events() { show(event) } }   // the credentials' state first, then each event
    // Heartbeats pause in the background and resume in the foreground by themselves (UIKit's notifications;
    // elsewhere call client.session.enterBackground() and enterForeground(), or set configuration.appLifecycle).
    let allowed = try await client.session.canIGamble()          // allowed, and every reason why not
    show(practice, verdict, allowed)
}

func readmeContent(client: PlayhouseClient) async throws {
    _ = try await client.content.recordOpen()                      // or configuration.recordsOpens = true
    _ = try await client.content.finishRewards()                   // receipts an earlier run did not deliver
    let request = client.content.request(placement: "main_menu")
    Task { for await event in request.events { if case .rewardUnlocked(let reward) = event { give(reward.items) } } }
    await request.start(presenter: WebContentPresenter())          // iOS; or your own ContentPresenter
    let badge = try await client.content.notification(placement: "main_menu")   // NotificationView / NotificationBadgeView draw it
    show(badge as Any)
}

func readmeCatalog(client: PlayhouseClient) async throws {
    await client.catalog.setLocation(latitude: 55.68, longitude: 12.57, radius: 5000, isFromSensor: true)
    for try await delivery in client.catalog.offers(dealerIDs: ["netto"], orderBy: ["distance"], limit: 25) {
        show(delivery.value.data)                                  // delivery.source: .cache or .network; delivery.age
    }
    let stores = try await client.catalog.stores(limit: 10).value
    client.catalog.offers(limit: 25) { result, fromCache in show(result, fromCache) }   // called once or twice
    try await client.catalog.clearOutOfDateCache()                 // or clearCache()
    show(stores)
}

func readmeLists(client: PlayhouseClient) async throws {
    let list = try await client.lists.createList(name: "Groceries")
    let milk = try await client.lists.addItem(to: list.id, description: "Milk", count: 2, unit: "l")
    try await client.lists.setTicked(milk.id, true)
    for await change in await client.lists.changes() {
        show(change.addedItems, change.removedItems, change.modifiedItems, change.modifiedLists)
    }
    try await client.lists.moveUserlessLists()                   // after a sign-in: the lists made signed out become the player's
}
