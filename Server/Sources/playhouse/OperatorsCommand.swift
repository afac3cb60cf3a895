import ArgumentParser
import Foundation
import PlayhouseAPI
import PlayhouseServer

struct OperatorsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "operators",
        abstract: "Invite, list and disable the console's operators (the people who run this install).",
        discussion: """
            Roles: owner (everything, manages operators), developer (apps, currencies, games, content, catalogs, \
            game data), support (players; cannot move money), analyst (reads statistics). Changes made here are \
            written to the audit log, as the command line's.
            """,
        subcommands: [Create.self, List.self, Disable.self]
    )

    struct Create: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Invite an operator; prints a one-time link where they set their password.")

        @OptionGroup var options: ServerOptions
        @Option(help: "Their email, which they sign in with.") var email: String
        @Option(help: "owner, developer, support or analyst.") var role: OperatorRole
        @Flag(help: "Print JSON.") var json = false

        func run() async throws {
            let (person, link) = try await options.withApplication { app in
                try await app.operators.invite(email: email, role: role, by: .commandLine)
            }
            if json {
                print(jsonText(["operator": operatorDictionary(person), "invitation_url": link]))
            } else {
                print("Invited \(person.email) as \(person.role.rawValue). Send them this link (it works once, for a week):\n\(link)")
            }
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List every operator.")

        @OptionGroup var options: ServerOptions
        @Flag(help: "Print JSON.") var json = false

        func run() async throws {
            let people = try await options.withApplication { app in try await app.operators.list() }
            if json {
                print(jsonText(people.map(operatorDictionary)))
            } else if people.isEmpty {
                print("No operators yet. Invite the first owner with: playhouse operators create --email you@example.com --role owner")
            } else {
                for person in people {
                    let state = person.disabledAt != nil ? "disabled" : person.active ? "active" : "invited"
                    print("\(person.email)  \(person.role.rawValue)  \(state)")
                }
            }
        }
    }

    struct Disable: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Disable an operator (by email or id): they cannot sign in, and their sessions end at once.")

        @OptionGroup var options: ServerOptions
        @Argument(help: "The operator's email or id.") var person: String

        func run() async throws {
            try await options.withApplication { app in
                guard let found = try await app.operators.find(person),
                      try await app.operators.disable(found.id, by: .commandLine) != nil else { throw CLIError("no operator \(person)") }
            }
            print("Disabled \(person).")
        }
    }
}

struct AuditLogCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "audit-log",
        abstract: "Print the audit log, oldest first, one JSON object a line: every change operators made.")

    @OptionGroup var options: ServerOptions

    func run() async throws {
        let entries = try await options.withApplication { app in try await app.auditLog.all() }
        let encoder = PlayhouseJSON.makeEncoder()
        for entry in entries { print(String(decoding: try encoder.encodeBytes(entry), as: UTF8.self)) }
    }
}

extension OperatorRole: ExpressibleByArgument {}

private func operatorDictionary(_ person: Operator) -> [String: Any] {
    ["id": person.id.uuidString.lowercased(), "email": person.email, "role": person.role.rawValue, "active": person.active,
     "disabled": person.disabledAt != nil, "created_at": ISO8601DateFormatter().string(from: person.createdAt)]
}
