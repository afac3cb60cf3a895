import ArgumentParser
import Foundation
import PlayhouseServer

struct LedgerCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ledger",
        abstract: "Check the ledger's invariants and read players' accounts.",
        subcommands: [Verify.self, Show.self]
    )

    struct Verify: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Check every invariant: each transaction balances, every stored balance equals its entries, nothing is negative "
                + "that may not be, every completed deposit is booked once. Exits non-zero on any violation.")

        @OptionGroup var options: ServerOptions

        func run() async throws {
            let report = try await options.withApplication { application in try await application.ledgerVerifier.verify() }
            for violation in report.violations { print("VIOLATION: \(violation)") }
            print(report.summary)
            if !report.violations.isEmpty { throw ExitCode(2) }
        }
    }

    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Show a player's balances and latest ledger entries.")

        @OptionGroup var options: ServerOptions
        @Argument(help: "The player's id.") var player: String
        @Option(help: "How many entries to show.") var limit = 50

        func run() async throws {
            guard let playerID = UUID(uuidString: player) else { throw ValidationError("the player id must be a UUID") }
            guard let statement = try await options.withApplication({ try await $0.ledgerStatement(playerID: playerID, limit: limit) }) else {
                throw CLIError("the ledger has no account of player \(player)")
            }
            print("Player \(player.lowercased())")
            if statement.accounts.isEmpty { print("  no balances yet") }
            for account in statement.accounts {
                print("  \(account.purpose.padding(toLength: 7, withPad: " ", startingAt: 0)) \(account.economy.rawValue.padding(toLength: 8, withPad: " ", startingAt: 0)) \(account.balance)")
            }
            let formatter = ISO8601DateFormatter()
            for entry in statement.entries {
                print("  #\(entry.entryID)  \(formatter.string(from: entry.createdAt))  \(entry.kind.padding(toLength: 19, withPad: " ", startingAt: 0)) "
                      + "\(entry.purpose.padding(toLength: 7, withPad: " ", startingAt: 0)) \(entry.amount)"
                      + "\(entry.balanceAfter.map { " → \($0.amount)" } ?? "")  \(entry.reference ?? "")")
            }
        }
    }
}

struct Payments: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Deposits and withdrawals.",
        subcommands: [Settle.self]
    )

    struct Settle: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Settle every pending deposit and withdrawal whose time has come (the server also does this when players look).")

        @OptionGroup var options: ServerOptions

        func run() async throws {
            let settled = try await options.withApplication { application in
                var total = 0
                while true {
                    let count = try await application.payments.settleDue(limit: 500)
                    total += count
                    if count < 500 { return total }
                }
            }
            print("Settled \(settled) payment(s).")
        }
    }
}
