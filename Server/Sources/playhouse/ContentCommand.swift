import ArgumentParser
import Foundation
import PlayhouseAPI
import PlayhouseServer

struct ContentCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "content",
        abstract: "Content units and the campaigns that put them on placements: import (JSON or YAML), list, show, remove, explain, stats.",
        subcommands: [Import.self, List.self, Show.self, Remove.self, Explain.self, Stats.self]
    )

    struct Import: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Import a content file: adds each unit and campaign, or replaces the one with its id. Images are read relative to the file.",
            discussion: "The whole file is checked first; when anything is wrong nothing is stored and every problem is listed.")

        @OptionGroup var options: ServerOptions
        @Argument(help: "The app's client id or id.") var app: String
        @Argument(help: "A content file (.json, .yaml or .yml).") var file: String

        func run() async throws {
            let content = try readFile(file, as: ContentFile.self, what: "a content file")
            let folder = URL(fileURLWithPath: file).deletingLastPathComponent()
            var images: [String: Data] = [:]
            for path in content.units.flatMap(\.images.values) {
                images[path] = FileManager.default.contents(atPath: folder.appendingPathComponent(path).path)
            }
            let imported = try await options.withApp(app) { application, found in
                try await application.contentUnits.importFile(content, images: images, appID: found.id, by: .commandLine)
            }
            for added in imported.added { print("Added \(added)") }
            for changed in imported.changed { print("Replaced \(changed)") }
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List an app's units and campaigns.")

        @OptionGroup var options: ServerOptions
        @Argument(help: "The app's client id or id.") var app: String
        @Flag(help: "Print JSON (a content file).") var json = false

        func run() async throws {
            let listed = try await listContent(options, app: app)
            if json { return print(try PlayhouseJSON.prettyPrinted(ContentFile(units: listed.units, campaigns: listed.campaigns))) }
            if listed.units.isEmpty { return print("No content yet. Import a file with: playhouse content import \(app) content.yaml") }
            print("Units:")
            for unit in listed.units { print("  \(unit.id.padding(toLength: 24, withPad: " ", startingAt: 0))  \(unit.kind.rawValue)") }
            print("Campaigns:")
            for campaign in listed.campaigns {
                print("  \(campaign.id.padding(toLength: 24, withPad: " ", startingAt: 0))  \(campaign.unit) on \(campaign.placements.joined(separator: ", "))"
                      + ", priority \(campaign.priority), weight \(campaign.weight)")
            }
        }
    }

    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Show a unit or a campaign as JSON.")

        @OptionGroup var options: ServerOptions
        @Argument(help: "The app's client id or id.") var app: String
        @Argument(help: "The unit's or campaign's id.") var id: String

        func run() async throws {
            let listed = try await listContent(options, app: app)
            if let unit = listed.units.first(where: { $0.id == id }) { return print(try PlayhouseJSON.prettyPrinted(unit)) }
            if let campaign = listed.campaigns.first(where: { $0.id == id }) { return print(try PlayhouseJSON.prettyPrinted(campaign)) }
            throw CLIError("the app has no unit or campaign \(id)")
        }
    }

    struct Remove: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Remove a unit (with its campaigns) or a campaign.")

        @OptionGroup var options: ServerOptions
        @Argument(help: "The app's client id or id.") var app: String
        @Argument(help: "The unit's or campaign's id.") var id: String

        func run() async throws {
            let removed = try await options.withApp(app) { application, found in
                try await application.contentUnits.remove(appID: found.id, slug: id, by: .commandLine)
            }
            guard removed else { throw CLIError("the app has no unit or campaign \(id)") }
            print("Removed \(id).")
        }
    }

    struct Explain: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Say, for each campaign of a placement, why it is or is not shown to a player (or an installation) at a moment.")

        @OptionGroup var options: ServerOptions
        @Argument(help: "The app's client id or id.") var app: String
        @Option(help: "The placement.") var placement: String
        @Option(help: "The player's id.") var player: String?
        @Option(help: "The installation's id (for the platform, version, locale and country of its last open).") var installation: String?
        @Option(help: "The moment, RFC 3339 (now when left out).") var at: String?
        @Flag(help: "Print JSON.") var json = false

        func run() async throws {
            guard player != nil || installation != nil else { throw ValidationError("give --player, --installation or both") }
            let playerID = try player.map { try UUID(uuidString: $0) ?? { throw ValidationError("--player is a player id") }() }
            var moment: Date?
            if let at {
                guard let date = ISO8601DateFormatter().date(from: at) else { throw ValidationError("--at is an RFC 3339 time") }
                moment = date
            }
            let explanation = try await options.withApp(app) { application, found in
                try await application.explainPlacement(placement, appID: found.id, playerID: playerID, installationID: installation,
                                                       at: moment ?? application.now)
            }
            if json { return print(try PlayhouseJSON.prettyPrinted(explanation)) }
            print("\(placement) at \(ISO8601DateFormatter().string(from: explanation.at)): "
                  + (explanation.chosen.map { "shows campaign \($0)" } ?? "shows nothing"))
            for verdict in explanation.campaigns {
                let mark = verdict.campaign == explanation.chosen ? "*" : " "
                print("\(mark) \(verdict.campaign) (unit \(verdict.unit), priority \(verdict.priority), weight \(verdict.weight))"
                      + (verdict.reasons.isEmpty ? ": chosen" : ": " + verdict.reasons.joined(separator: "; ")))
            }
        }
    }

    struct Stats: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Per placement and unit per day: opens, requests, fills, displays, clicks, dismissals, unlocks and the impression rate.")

        @OptionGroup var options: ServerOptions
        @Argument(help: "The app's client id or id.") var app: String
        @Option(help: "How many days back, today included.") var days = 7
        @Flag(help: "Print JSON.") var json = false

        func run() async throws {
            guard (1...90).contains(days) else { throw ValidationError("--days is 1 to 90") }
            let rows = try await options.withApp(app) { application, found in
                try await application.contentStats(appID: found.id, days: days)
            }
            if json { return print(try PlayhouseJSON.prettyPrinted(rows)) }
            guard !rows.isEmpty else { return print("No content requests in the last \(days) days.") }
            print("day         placement         unit                    opens  requests  fills  displays  clicks  dismissals  unlocks  impression rate")
            for row in rows {
                print("\(row.day)  \(pad(row.placement, 16))  \(pad(row.unit.isEmpty ? "(no fill)" : row.unit, 22))  \(pad(row.opens, 5))  "
                      + "\(pad(row.requests, 8))  \(pad(row.fills, 5))  \(pad(row.displays, 8))  \(pad(row.clicks, 6))  \(pad(row.dismissals, 10))  "
                      + "\(pad(row.unlocks, 7))  \(String(format: "%.1f %%", row.impressionRate * 100))")
            }
        }

        private func pad(_ value: some CustomStringConvertible, _ width: Int) -> String {
            let text = value.description
            return text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
        }
    }
}

/// The app's units and campaigns.
private func listContent(_ options: ServerOptions, app: String) async throws -> ContentListing {
    return try await options.withApp(app) { application, found in
        try await application.contentUnits.list(appID: found.id)
    }
}
