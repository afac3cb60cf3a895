import ArgumentParser
import Foundation
import PlayhouseAPI
import PlayhouseServer
import class Vapor.Application

struct OperatorsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "operators",
        abstract: "Invite, list and disable the console's operators (the people who run this install).",
        discussion: """
            Roles: owner (everything, manages operators), developer (apps, currencies, games, content, catalogs, \
            game data), support (players; cannot move money), analyst (reads statistics). Changes made here are \
            written to the audit log, as the command line's.
            """,
        subcommands: [Create.self, List.self, Disable.self, ResetSecondFactor.self, Unlock.self]
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
                struct Invited: Encodable {
                    var `operator`: Operator
                    var invitationURL: String
                    enum CodingKeys: String, CodingKey { case `operator`, invitationURL = "invitation_url" }
                }
                print(try operatorJSON(Invited(operator: person, invitationURL: link)))
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
                print(try operatorJSON(people))
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
            try await options.withOperator(person) { app, found in try await app.operators.disable(found.id, by: .commandLine) }
            print("Disabled \(person).")
        }
    }

    struct ResetSecondFactor: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "reset-second-factor",
            abstract: "Take an operator's second factor away (a lost phone) and end their sessions; they set a new one up after signing in.")

        @OptionGroup var options: ServerOptions
        @Argument(help: "The operator's email or id.") var person: String

        func run() async throws {
            try await options.withOperator(person) { app, found in try await app.operators.resetSecondFactor(found.id, by: .commandLine) }
            print("\(person) signs in with their password alone until they set a second factor up again.")
        }
    }

    struct Unlock: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Let an operator locked out by failed sign-ins try again at once.")

        @OptionGroup var options: ServerOptions
        @Argument(help: "The operator's email or id.") var person: String

        func run() async throws {
            try await options.withOperator(person) { app, found in try await app.operators.unlock(found.id, by: .commandLine) }
            print("Unlocked \(person).")
        }
    }
}

extension ServerOptions {
    /// Runs `change` on the operator `reference` names (email or id); an unknown one is an error.
    func withOperator(_ reference: String, _ change: (Application, Operator) async throws -> Operator?) async throws {
        try await withApplication { app in
            guard let found = try await app.operators.find(reference), try await change(app, found) != nil else {
                throw CLIError("no operator \(reference)")
            }
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

extension OperatorRole: @retroactive ExpressibleByArgument {}

/// Operators as the admin API writes them.
private func operatorJSON(_ value: some Encodable) throws -> String {
    String(decoding: try PlayhouseJSON.makeEncoder().encodeBytes(value), as: UTF8.self)
}
