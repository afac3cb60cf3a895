import ArgumentParser
import Foundation
import PlayhouseAPI
import PlayhouseServer

struct ListsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lists",
        abstract: "Players' shopping lists, read-only: one player's lists and items, and an app's figures.",
        subcommands: [Show.self, Stats.self]
    )

    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "A player's lists with their items and shares, e.g. `lists show ph_… --player ann@example.com`.")

        @OptionGroup var options: ServerOptions
        @Argument(help: "The app's client id or id.") var app: String
        @Option(help: "The player's id or email.") var player: String
        @Flag(help: "Print JSON.") var json = false

        func run() async throws {
            let lists = try await options.withApp(app) { application, found in
                guard let playerID = try await application.listFeed.player(app: found.id, player) else {
                    throw CLIError("the app has no player \(player)")
                }
                return try await application.listFeed.lists(app: found.id, player: playerID)
            }
            if json {
                print(String(decoding: try PlayhouseJSON.makeEncoder().encode(lists), as: UTF8.self))
            } else if lists.isEmpty {
                print("\(player) has no lists.")
            } else {
                for snapshot in lists {
                    let shared = snapshot.shares.map { "\($0.displayName ?? $0.playerID) (\($0.access.rawValue), \($0.status.rawValue))" }
                    print("\(snapshot.list.name)  [\(snapshot.list.id), \(snapshot.list.access.rawValue)]"
                          + (shared.isEmpty ? "" : "  shared with " + shared.joined(separator: ", ")))
                    for item in snapshot.items {
                        let unit = item.unit.map { " " + $0 } ?? ""
                        print("  [\(item.ticked ? "x" : " ")] \(item.count)\(unit) \(item.description)")
                    }
                }
            }
        }
    }

    struct Stats: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "How much an app's lists hold: lists, items, shares, mutation ids, the feed.")

        @OptionGroup var options: ServerOptions
        @Argument(help: "The app's client id or id.") var app: String
        @Flag(help: "Print JSON.") var json = false

        func run() async throws {
            let stats = try await options.withApp(app) { application, found in try await application.listFeed.stats(app: found.id) }
            if json {
                print(String(decoding: try PlayhouseJSON.makeEncoder().encode(stats), as: UTF8.self))
                return
            }
            print("Lists:      \(stats.lists) (\(stats.deletedLists) deleted, kept as tombstones), owned by \(stats.owners) players")
            print("Items:      \(stats.items), \(stats.tickedItems) ticked (\(stats.deletedItems) deleted)")
            print("Shares:     " + (stats.shares.isEmpty ? "none" : stats.shares.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }.joined(separator: ", ")))
            print("Mutations:  \(stats.mutations) remembered")
            print("Feed:       at \(stats.feedPosition), purged to \(stats.purgedPosition)")
        }
    }
}
