import ArgumentParser
import Foundation
import PlayhouseAPI
import PlayhouseServer

struct Promotions: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Promotions: bonus codes players redeem once each.",
        subcommands: [Create.self, List.self]
    )

    struct Create: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Create a promotion, e.g. `promotions create ph_… --code WELCOME --amount 5.00 --currency EUR --max-redemptions 1000`.")

        @OptionGroup var options: ServerOptions
        @Argument(help: "The app's client id or id.") var app: String
        @Option(help: "The code players type or the link carries (3 to 40 letters, digits, - or _).") var code: String
        @Option(help: "The bonus, a decimal such as 5.00.") var amount: String
        @Option(help: "The bonus currency (one of the app's).") var currency: String
        @Option(help: "real or sandbox (default: the app's economy).") var economy: Economy?
        @Option(help: "A name players see.") var name: String?
        @Option(name: .customLong("max-redemptions"), help: "How many players may redeem it in all (default: no limit).") var maxRedemptions: Int?
        @Option(help: "When it starts, RFC 3339 (default: now).") var starts: String?
        @Option(help: "When it expires, RFC 3339 (default: never).") var expires: String?

        func run() async throws {
            let startsAt = try starts.map { try date($0, "--starts") }
            let expiresAt = try expires.map { try date($0, "--expires") }
            let created = try await options.withApp(app) { application, found in
                try await application.promotions.create(appID: found.id, code: code, name: name, amount: amount, currency: currency,
                                                        economy: economy, maxRedemptions: maxRedemptions, startsAt: startsAt, expiresAt: expiresAt, by: .commandLine)
            }
            print("Created promotion \(created.code): \(created.amount) (\(created.economy.rawValue)), "
                  + "\(created.maxRedemptions.map { "at most \($0) players" } ?? "no limit").")
            print("Players redeem it with the code, or at \(created.url)")
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List an app's promotions, newest first.")

        @OptionGroup var options: ServerOptions
        @Argument(help: "The app's client id or id.") var app: String

        func run() async throws {
            let promotions = try await options.withApp(app) { application, found in
                try await application.promotions.list(appID: found.id)
            }
            if promotions.isEmpty { print("No promotions yet.") }
            let formatter = ISO8601DateFormatter()
            for promotion in promotions {
                print("\(promotion.code)  \(promotion.amount)  \(promotion.economy.rawValue)  redeemed \(promotion.redemptions)"
                      + "\(promotion.maxRedemptions.map { "/\($0)" } ?? "")"
                      + "\(promotion.expiresAt.map { "  expires \(formatter.string(from: $0))" } ?? "")  \(promotion.url)")
            }
        }
    }
}

private func date(_ text: String, _ option: String) throws -> Date {
    guard let date = ISO8601DateFormatter().date(from: text) else {
        throw ValidationError("\(option) must be an RFC 3339 time such as 2026-12-31T23:59:59Z")
    }
    return date
}
