import ArgumentParser
import Foundation
import PlayhouseAPI
import PlayhouseServer

struct DataCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "data",
        abstract: "Game data by game, region and namespace: import a directory of JSON documents, list the versions, roll back.",
        subcommands: [Import.self, Versions.self, Rollback.self]
    )

    /// Where the data is: the game, region and namespace options every subcommand but `versions` takes.
    struct Place: ParsableArguments {
        @Option(help: "The game, as apps name it in the path: wow, d3, …") var game: String
        @Option(help: "The region: us, eu, kr, tw, cn or your own.") var region: String
        @Option(help: "static (changes with a release) or dynamic (changes any time).") var namespace = "static"
    }

    struct Import: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Import a directory of game data as the next version, which every reader gets from then on.",
            discussion: """
                DIRECTORY holds a directory per collection (items, classes, …), each holding one JSON object per document, \
                in <id>.json. A localised field is an object whose keys are all locales: {"en_US": "Sword", "de_DE": "Schwert"}. \
                Images (PNG, JPEG, GIF, WebP) go in media/; a document names one as "media:<file name>", which readers get as \
                its asset's path, /assets/<sha256>. \
                The import is the whole of the namespace's data: a document it leaves out is removed from the new version. \
                Everything is checked first; when anything is wrong nothing is stored and every problem is listed. A progress \
                bar shows on a terminal.
                """)

        @OptionGroup var options: ServerOptions
        @OptionGroup var place: Place
        @Option(help: "The locale a text falls back to when a document has none in the locale asked for.") var defaultLocale = "en_US"
        @Argument(help: "The app's client id or id.") var app: String
        @Argument(help: "The directory to import.") var directory: String

        func run() async throws {
            let files = try Self.read(directory)
            let version = try await options.withApp(app) { application, found in
                try await application.gameData.importFiles(files, appID: found.id, game: place.game, region: place.region, namespace: place.namespace,
                                                           defaultLocale: defaultLocale, progress: ProgressBar.standardError(), by: .commandLine)
            }
            print("Version \(version.version) of \(place.game) (\(place.region), \(place.namespace)): \(version.documents) documents, "
                  + "\(version.changes.addedCount) added, \(version.changes.changedCount) changed, \(version.changes.removedCount) removed")
        }

        /// Every `<collection>/<id>.json` under `directory`; anything else there is a problem to fix first.
        static func read(_ directory: String) throws -> [GameDataFile] {
            let root = URL(fileURLWithPath: directory)
            let manager = FileManager.default
            var isDirectory: ObjCBool = false
            guard manager.fileExists(atPath: root.path, isDirectory: &isDirectory), isDirectory.boolValue else {
                throw CLIError("\(directory) is not a directory")
            }
            var paths: [(collection: String, name: String)] = [], problems: [String] = []
            for collection in try manager.contentsOfDirectory(atPath: root.path).sorted() where !collection.hasPrefix(".") {
                // Paths as text: a URL per file was a tenth of an import of 100,000 documents.
                let folder = root.path + "/" + collection
                guard manager.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue else {
                    problems.append("\(collection): not a directory of a collection's documents")
                    continue
                }
                for name in try manager.contentsOfDirectory(atPath: folder).sorted() where !name.hasPrefix(".") {
                    guard name.hasSuffix(".json") || collection == GameDataFile.mediaFolder else {
                        problems.append("\(collection)/\(name): not a readable .json file")
                        continue
                    }
                    paths.append((collection, name))
                }
            }
            // Read on every core.
            let read = paths.map { root.path + "/" + $0.collection + "/" + $0.name }.concurrentMap { FileManager.default.contents(atPath: $0) }
            var files: [GameDataFile] = []
            for (path, bytes) in zip(paths, read) {
                guard let bytes else {
                    problems.append("\(path.collection)/\(path.name): not a readable .json file")
                    continue
                }
                let id = path.collection == GameDataFile.mediaFolder ? path.name : String(path.name.dropLast(5))
                files.append(GameDataFile(collection: path.collection, id: id, bytes: bytes))
            }
            guard problems.isEmpty else { throw CLIError("nothing was imported:\n  " + problems.joined(separator: "\n  ")) }
            return files
        }
    }

    struct Versions: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List a game's versions in every region and namespace, and what each changed.")

        @OptionGroup var options: ServerOptions
        @Option(help: "The game.") var game: String
        @Argument(help: "The app's client id or id.") var app: String
        @Flag(help: "Print JSON.") var json = false

        func run() async throws {
            let versions = try await options.withApp(app) { application, found in
                try await application.gameData.versions(appID: found.id, game: game, all: true)
            }
            if json { return print(try PlayhouseJSON.prettyPrinted(GameDataVersions(data: versions))) }
            if versions.isEmpty { return print("No data for \(game) yet. Import some with: playhouse data import --game \(game) --region us \(app) <directory>") }
            for version in versions {
                print("\(version.current ? "*" : " ") \(version.region) \(version.namespace.rawValue) \(version.version)  "
                      + "\(RFC3339.format(version.createdAt))  \(version.documents) documents, \(version.changes.addedCount) added, "
                      + "\(version.changes.changedCount) changed, \(version.changes.removedCount) removed"
                      + (version.restores.map { ", restores version \($0)" } ?? ""))
            }
            print("* current")
        }
    }

    struct Rollback: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Make an earlier version's documents current again, as a new version; readers get it at once.")

        @OptionGroup var options: ServerOptions
        @OptionGroup var place: Place
        @Option(help: "The version to make current.") var to: Int
        @Argument(help: "The app's client id or id.") var app: String

        func run() async throws {
            guard let namespace = GameDataNamespace(rawValue: place.namespace) else { throw CLIError("the namespace is static or dynamic") }
            let version = try await options.withApp(app) { application, found in
                try await application.gameData.rollback(.init(appID: found.id, game: place.game, region: place.region, namespace: namespace), to: to, by: .commandLine)
            }
            guard let version else { throw CLIError("\(place.game) has no version \(to) in \(place.region), \(place.namespace)") }
            print("Version \(version.version) of \(place.game) (\(place.region), \(place.namespace)) restores version \(to) and is current: "
                  + "\(version.documents) documents, \(version.changes.addedCount) added, \(version.changes.changedCount) changed, "
                  + "\(version.changes.removedCount) removed")
        }
    }
}
