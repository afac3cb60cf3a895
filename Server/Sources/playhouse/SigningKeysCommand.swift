import ArgumentParser
import Foundation
import PlayhouseServer

struct SigningKeysCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "keys",
        abstract: "The keys OpenID Connect id_tokens are signed with (published at /oauth/jwks).",
        subcommands: [List.self, Rotate.self]
    )

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List the published keys, the signer first.")

        @OptionGroup var options: ServerOptions

        func run() async throws {
            let configuration = try options.resolve()
            CommandLogging.bootstrap(.warning)
            let keys = try await withApplication(configuration) { app in try await app.signingKeys.published() }
            let formatter = ISO8601DateFormatter()
            for (index, key) in keys.enumerated() {
                print("\(key.kid)  created \(formatter.string(from: key.createdAt))\(index == 0 ? "  (signs)" : "")")
            }
        }
    }

    struct Rotate: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Make a new key the signer. The replaced keys stay published for a day, so tokens signed with them still verify."
        )

        @OptionGroup var options: ServerOptions

        func run() async throws {
            let configuration = try options.resolve()
            CommandLogging.bootstrap(.warning)
            let key = try await withApplication(configuration) { app in try await app.signingKeys.rotate() }
            print("New signing key \(key.kid).")
        }
    }
}
