import ArgumentParser
import Foundation
import PlayhouseServer

struct SMS: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sms",
        abstract: "Text messages sent by the log provider (the default, which sends nothing for real).",
        subcommands: [Outbox.self]
    )

    struct Outbox: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Show the latest texts, newest first (e.g. sign-in PINs).")

        @OptionGroup var options: ServerOptions
        @Option(name: .customLong("phone"), help: "Only texts to this number.") var phoneNumber: String?
        @Option(help: "How many texts to show.") var limit = 20
        @Flag(help: "Print JSON.") var json = false

        func run() async throws {
            let messages = try await options.withApplication { app in
                try await app.smsOutbox.messages(to: phoneNumber, limit: max(1, min(limit, 1000)))
            }
            let formatter = ISO8601DateFormatter()
            if json {
                print(jsonText(messages.map { ["to": $0.phoneNumber, "text": $0.text, "sent_at": formatter.string(from: $0.sentAt)] }))
            } else if messages.isEmpty {
                print("No texts yet.")
            } else {
                for message in messages { print("\(formatter.string(from: message.sentAt))  \(message.phoneNumber)  \(message.text)") }
            }
        }
    }
}
