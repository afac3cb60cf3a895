import Foundation
import PlayhouseKit

// The code of the article "Games and bets".

func bet(client: PlayhouseClient) async throws {
    let bet = try await client.games.bet(game: "lucky-sevens", wager: Decimal(string: "0.10")!, currency: "EUR")
    print(bet.stake, bet.payout)                     // 1 (0.10 on each of 10 lines), and what it paid
    let practice = try await client.games.unbackedBet(game: "lucky-sevens", wager: 1)
    for try await earlier in client.games.bets(game: "lucky-sevens") { print(earlier.payout) }
    show(practice)

    _ = try await client.games.rotateSeed()
    let verdict = try await client.games.verify(betID: bet.id)
    show(verdict)
}

func batch(client: PlayhouseClient) async throws {
    var batch = client.batch()
    try batch.bet(name: "spin", game: "lucky-sevens", wager: Decimal(string: "0.10")!, currency: "EUR")
    try batch.wallet(name: "wallet", dependsOn: ["spin"])
    let result = try await batch.run()
    let spin = try result.value("spin", as: Bet.self)   // a failed sub-request throws its problem
    show(spin)
}
