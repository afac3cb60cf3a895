import ArgumentParser
import Foundation
import PlayhouseAPI
import PlayhouseServer

struct PlayersCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "players",
        abstract: "A player's account and data, for a support request.",
        subcommands: [Delete.self, Export.self]
    )

    struct Delete: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Delete a player's account, as the player can from the app: every session ended, every way to sign in removed, "
                + "what identifies them erased; the ledger, payments and bets kept under their id alone. Refused while a payment is "
                + "open or real money is in the wallet. Audit-logged; prints the receipt.")

        @OptionGroup var options: ServerOptions
        @Argument(help: "The app's client id or id.") var app: String
        @Argument(help: "The player's id.") var player: String

        func run() async throws {
            guard let playerID = UUID(uuidString: player) else { throw ValidationError("the player id must be a UUID") }
            let receipt = try await options.withApp(app) { application, found in
                try await application.deleteAccount.delete(playerID: playerID, app: found, by: .commandLine)
            }
            print("Deleted player \(receipt.playerID): receipt \(receipt.id), \(RFC3339.format(receipt.deletedAt))")
            for writeOff in receipt.writtenOff {
                print("  written off: \(writeOff.amount.amount) \(writeOff.amount.currency) (\(writeOff.economy.rawValue))")
            }
        }
    }
}

extension PlayersCommand {
    struct Export: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Print every record the server holds about a player as one JSON document (profile, sign-in methods without "
                + "secrets, sessions, limits, wallet and its history, payments, bets with their fairness data, lists, reward receipts): "
                + "a player's copy of their data, or a regulator's. Written as it is read.")

        @OptionGroup var options: ServerOptions
        @Argument(help: "The app's client id or id.") var app: String
        @Argument(help: "The player's id.") var player: String

        func run() async throws {
            guard let playerID = UUID(uuidString: player) else { throw ValidationError("the player id must be a UUID") }
            try await options.withApp(app) { application, found in
                try await application.playerExport.write(playerID: playerID, app: found) { part in
                    FileHandle.standardOutput.write(Data(part.utf8))
                }
            }
            FileHandle.standardOutput.write(Data("\n".utf8))
        }
    }
}
