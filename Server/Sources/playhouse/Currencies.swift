import ArgumentParser
import Foundation
import PlayhouseAPI
import PlayhouseServer

struct Currencies: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "The currencies an app's wallets hold: real money (ISO 4217), virtual currencies, game credits.",
        subcommands: [Add.self, List.self, Remove.self]
    )

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Add a currency to an app, e.g. `currencies add ph_… EUR` or `currencies add ph_… KRD --kind virtual --name Kredits`.")

        @OptionGroup var options: ServerOptions
        @Argument(help: "The app's client id or id.") var app: String
        @Argument(help: "The currency code: ISO 4217 for real money (EUR), 3 to 10 letters or digits otherwise (KRD).") var code: String
        @Option(help: "real, virtual or credit.") var kind: CurrencyKind = .real
        @Option(name: .customLong("minor-units"), help: "Decimals (default: ISO 4217's for real money, 0 otherwise).") var minorUnits: Int?
        @Option(help: "A display name (default: the ISO name, or the code).") var name: String?
        @Option(help: "For credits: the game they belong to.") var game: String?

        func run() async throws {
            let added = try await options.withApp(app) { application, found in
                try await application.currencies.add(appID: found.id, code: code, kind: kind, minorUnits: minorUnits, name: name, game: game, by: .commandLine, at: application.now)
            }
            print("Added \(added.code) (\(added.name), \(added.kind.rawValue), \(added.minorUnits) decimals).")
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List an app's currencies.")

        @OptionGroup var options: ServerOptions
        @Argument(help: "The app's client id or id.") var app: String
        @Flag(help: "Print JSON.") var json = false

        func run() async throws {
            let currencies = try await options.withApp(app) { application, found in
                try await application.currencies.list(appID: found.id)
            }
            if json {
                print(jsonText(currencies.map { ["code": $0.code, "kind": $0.kind.rawValue, "minor_units": $0.minorUnits, "name": $0.name,
                                                 "game": $0.game as Any] }))
            } else if currencies.isEmpty {
                print("No currencies yet. Add one with: playhouse currencies add \(app) EUR")
            } else {
                for currency in currencies {
                    print("\(currency.code.padding(toLength: 10, withPad: " ", startingAt: 0))  \(currency.kind.rawValue.padding(toLength: 7, withPad: " ", startingAt: 0))  \(currency.minorUnits)  \(currency.name)\(currency.game.map { "  (game \($0))" } ?? "")")
                }
            }
        }
    }

    struct Remove: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Remove a currency no balance has used yet.")

        @OptionGroup var options: ServerOptions
        @Argument(help: "The app's client id or id.") var app: String
        @Argument(help: "The currency code.") var code: String

        func run() async throws {
            let removed = try await options.withApp(app) { application, found in
                try await application.currencies.remove(appID: found.id, code: code, by: .commandLine, at: application.now)
            }
            guard removed else { throw CLIError("the app has no currency \(code)") }
            print("Removed \(code.uppercased()).")
        }
    }
}

extension CurrencyKind: @retroactive ExpressibleByArgument {}
extension Economy: @retroactive ExpressibleByArgument {}
