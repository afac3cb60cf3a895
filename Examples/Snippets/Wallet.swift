import Foundation
import PlayhouseKit

// The code of the article "The wallet".

func moveMoney(client: PlayhouseClient) async throws {
    let deposit = try await client.wallet.deposit(Decimal(string: "12.50")!, currency: "EUR")
    let withdrawal = try await client.wallet.withdraw(5, currency: "EUR")
    let wallet = try await client.wallet.wallet()
    show(deposit, withdrawal, wallet)
}

func readTheHistory(client: PlayhouseClient) async throws {
    for try await transaction in client.wallet.transactions(currency: "EUR") {
        print(transaction.amount, transaction.balanceAfter)
    }
}
