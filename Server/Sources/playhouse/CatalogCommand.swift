import ArgumentParser
import Foundation
import PlayhouseServer

struct CatalogCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "catalog",
        abstract: "Dealers, their stores and their offers, which apps find near their players: import.",
        subcommands: [Import.self]
    )

    struct Import: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Import a catalog file (JSON): the app's dealers, stores and offers, each by its own id. Logos and images are read relative to the file.",
            discussion: """
                A file holds the whole set of each kind it has: what is new is added, what differs is changed, and the \
                dealers (or stores, or offers) it no longer lists are removed; a kind it leaves out is left as it is. Importing the \
                same file again changes nothing. The whole file is checked first; when anything is wrong nothing is \
                stored and every problem is listed.
                """)

        @OptionGroup var options: ServerOptions
        @Argument(help: "The app's client id or id.") var app: String
        @Argument(help: "A catalog file (.json).") var file: String

        func run() async throws {
            let catalog = try readFile(file, as: CatalogFile.self, what: "a catalog file")
            let folder = URL(fileURLWithPath: file).deletingLastPathComponent()
            var files: [String: Data] = [:]
            for path in (catalog.dealers ?? []).compactMap(\.logo) + (catalog.offers ?? []).compactMap(\.image) where files[path] == nil {
                files[path] = FileManager.default.contents(atPath: folder.appendingPathComponent(path).path)
            }
            let configuration = try options.resolve()
            CommandLogging.bootstrap(.warning)
            let imported = try await withApplication(configuration) { application in
                let found = try await requireApp(app, application.apps)
                return try await cliProblem { try await application.catalog.importFile(catalog, files: files, appID: found.id) }
            }
            for (kind, counts) in [("Dealers", imported.dealers), ("Stores", imported.stores), ("Offers", imported.offers)] {
                print("\(kind): \(counts.added) added, \(counts.changed) changed, \(counts.unchanged) unchanged, \(counts.removed) removed")
            }
        }
    }
}
