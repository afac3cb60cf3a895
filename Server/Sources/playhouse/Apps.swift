import ArgumentParser
import Foundation
import PlayhouseAPI
import PlayhouseServer

struct Apps: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Register and manage developer apps (OAuth clients).",
        subcommands: [Create.self, List.self, Show.self, RotateSecret.self, SetMinimumAge.self, SetRateLimits.self, Delete.self, AddProvider.self, Providers.self]
    )

    struct Create: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Register an app; prints its client id and secret once.")

        @OptionGroup var options: ServerOptions
        @Option(help: "The app's name.") var name: String
        @Option(name: .customLong("redirect-uri"), help: "A redirect URI (repeatable), e.g. mygame://authorize.") var redirectURIs: [String] = []
        @Option(help: "sandbox or production.") var environment: AppEnvironment = .sandbox
        @Option(name: .customLong("scope"), help: "A scope the app may request (repeatable). Default: profile wallet play lists.") var scopes: [String] = []
        @Flag(name: .customLong("public"), help: "A public client (a mobile app that cannot keep a secret): no secret; signs players in with PKCE only.")
        var isPublic = false
        @Option(name: .customLong("minimum-age"), help: "Players younger than this (by their profile's birth date) may not deposit or bet.")
        var minimumAge: Int?
        @Flag(help: "Print JSON.") var json = false

        func run() async throws {
            let created = try await options.withApplication { app in
                try await app.apps.create(name: name, redirectURIs: redirectURIs, environment: environment,
                                          scopes: scopes.isEmpty ? nil : scopes, isPublic: isPublic,
                                          minimumAge: minimumAge, by: .commandLine)
            }
            print(render(created.app, secret: created.clientSecret, json: json))
            if !json && !isPublic { print("\nKeep the client secret safe: it is shown only now and stored only as a hash.") }
            if !json && isPublic { print("\nA public client has no secret: it signs players in (PKCE) and gets no app token.") }
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List every app.")

        @OptionGroup var options: ServerOptions
        @Flag(help: "Print JSON.") var json = false

        func run() async throws {
            let apps = try await options.withApplication { app in try await app.apps.list() }
            if json {
                print(jsonText(apps.map(appDictionary)))
            } else if apps.isEmpty {
                print("No apps yet. Create one with: playhouse apps create --name \"My Game\" --redirect-uri mygame://authorize")
            } else {
                for app in apps { print("\(app.clientID)  \(app.environment.rawValue.padding(toLength: 10, withPad: " ", startingAt: 0))  \(app.name)") }
            }
        }
    }

    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Show one app (by client id or id).")

        @OptionGroup var options: ServerOptions
        @Argument(help: "The app's client id or id.") var app: String
        @Flag(help: "Print JSON.") var json = false

        func run() async throws {
            guard let found = try await options.withApplication({ application in try await application.apps.find(app) }) else {
                throw CLIError("no app \(app)")
            }
            print(render(found, secret: nil, json: json))
        }
    }

    struct RotateSecret: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "rotate-secret",
                                                        abstract: "Issue a new client secret; the old one stops working at once.")

        @OptionGroup var options: ServerOptions
        @Argument(help: "The app's client id or id.") var app: String
        @Flag(help: "Print JSON.") var json = false

        func run() async throws {
            guard let rotated = try await options.withApplication({ application in
                try await application.apps.rotateSecret(app, by: .commandLine)
            }) else {
                throw CLIError("no app \(app)")
            }
            print(render(rotated.app, secret: rotated.clientSecret, json: json))
        }
    }

    struct SetMinimumAge: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "set-minimum-age",
                                                        abstract: "Set the age below which players may not deposit or bet (`none` removes it).")

        @OptionGroup var options: ServerOptions
        @Argument(help: "The app's client id or id.") var app: String
        @Argument(help: "An age in years, or none.") var age: String
        @Flag(help: "Print JSON.") var json = false

        func run() async throws {
            let minimumAge: Int?
            if age == "none" { minimumAge = nil } else if let years = Int(age) { minimumAge = years } else { throw CLIError("the age must be a number of years or none") }
            guard let updated = try await options.withApplication({ application in
                try await application.apps.setMinimumAge(app, minimumAge, by: .commandLine)
            }) else {
                throw CLIError("no app \(app)")
            }
            print(render(updated, secret: nil, json: json))
        }
    }

    struct SetRateLimits: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "set-rate-limits",
            abstract: "Set how many calls of game data the app may make per second and per hour, across all instances.",
            discussion: "Left out, a limit stays as it is; `default` is Battle.net's: 100 a second, 36,000 an hour.")

        @OptionGroup var options: ServerOptions
        @Argument(help: "The app's client id or id.") var app: String
        @Option(help: "Calls a second (1 to 100000), or default.") var perSecond: String?
        @Option(help: "Calls an hour (1 to 100000000), or default.") var perHour: String?
        @Flag(help: "Print JSON.") var json = false

        func run() async throws {
            func limit(_ text: String?, _ current: Int?) throws -> Int? {
                guard let text else { return current }
                if text == "default" { return nil }
                guard let number = Int(text) else { throw CLIError("a limit is a number of calls, or default") }
                return number
            }
            guard let updated = try await options.withApplication({ application -> AppRecord? in
                guard let found = try await application.apps.find(app) else { return nil }
                let limits = RequestRateLimits(perSecond: try limit(perSecond, found.rateLimits.perSecond),
                                               perHour: try limit(perHour, found.rateLimits.perHour))
                return try await application.apps.setRateLimits(app, limits, by: .commandLine)
            }) else {
                throw CLIError("no app \(app)")
            }
            print(render(updated, secret: nil, json: json))
        }
    }

    struct Delete: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Delete an app and every token issued to it.")

        @OptionGroup var options: ServerOptions
        @Argument(help: "The app's client id or id.") var app: String

        func run() async throws {
            guard try await options.withApplication({ application in try await application.apps.delete(app, by: .commandLine) }) else {
                throw CLIError("no app \(app)")
            }
            print("Deleted \(app).")
        }
    }
}

extension AppEnvironment: @retroactive ExpressibleByArgument {}

private func appDictionary(_ app: AppRecord) -> [String: Any] {
    ["id": app.id.uuidString.lowercased(), "ern": app.ern, "name": app.name, "client_id": app.clientID,
     "environment": app.environment.rawValue, "scopes": app.scopes, "redirect_uris": app.redirectURIs,
     "public_client": app.isPublic, "minimum_age": app.minimumAge as Any? ?? NSNull(),
     "rate_limits": ["per_second": app.rateLimits.second, "per_hour": app.rateLimits.hour],
     "created_at": ISO8601DateFormatter().string(from: app.createdAt)]
}

func jsonText(_ value: Any) -> String {
    let data = (try? JSONSerialization.data(withJSONObject: value, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])) ?? Data()
    return String(decoding: data, as: UTF8.self)
}

private func render(_ app: AppRecord, secret: String?, json: Bool) -> String {
    var dictionary = appDictionary(app)
    if let secret { dictionary["client_secret"] = secret }
    if json { return jsonText(dictionary) }
    var lines = [
        "name:          \(app.name)",
        "id:            \(app.id.uuidString.lowercased())",
        "environment:   \(app.environment.rawValue)",
        "client_id:     \(app.clientID)",
    ]
    if let secret { lines.append("client_secret: \(secret)") }
    lines.append("client:        \(app.isPublic ? "public (no secret; player sign-in only)" : "confidential")")
    lines.append("scopes:        \(app.scopes.joined(separator: " "))")
    lines.append("redirect_uris: \(app.redirectURIs.isEmpty ? "(none)" : app.redirectURIs.joined(separator: " "))")
    lines.append("minimum_age:   \(app.minimumAge.map(String.init) ?? "(none)")")
    lines.append("rate_limits:   \(app.rateLimits.second)/s, \(app.rateLimits.hour)/h\(app.rateLimits == RequestRateLimits() ? " (the default)" : "")")
    return lines.joined(separator: "\n")
}
