import ArgumentParser
import Foundation
import PlayhouseServer

struct SigningKeysCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "keys",
        abstract: "The keys OpenID Connect id_tokens (published at /oauth/jwks) and reward receipts (at /.well-known/reward-keys) are signed with.",
        subcommands: [List.self, Rotate.self]
    )

    /// The keys a command is about.
    enum Signed: String, ExpressibleByArgument, CaseIterable {
        case idTokens = "id-tokens"
        case rewardReceipts = "reward-receipts"

        var purpose: SigningKeys.Purpose { self == .idTokens ? .idTokens : .rewardReceipts }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List the published keys, the signer first.")

        @OptionGroup var options: ServerOptions
        @Option(name: .customLong("for"), help: "id-tokens or reward-receipts.") var signed: Signed = .idTokens

        func run() async throws {
            let keys = try await options.withApplication { app in try await app.signingKeys(signed.purpose).published() }
            let formatter = ISO8601DateFormatter()
            for (index, key) in keys.enumerated() {
                print("\(key.kid)  created \(formatter.string(from: key.createdAt))\(index == 0 ? "  (signs)" : "")")
            }
        }
    }

    struct Rotate: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Make a new key the signer. The replaced keys stay published for a day, so what they signed still verifies."
        )

        @OptionGroup var options: ServerOptions
        @Option(name: .customLong("for"), help: "id-tokens or reward-receipts.") var signed: Signed = .idTokens

        func run() async throws {
            let key = try await options.withApplication { app in try await app.signingKeys(signed.purpose).rotate(by: .commandLine) }
            print("New signing key \(key.kid).")
        }
    }
}
