import ArgumentParser
import Foundation
import PlayhouseServer

struct CatalogCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "catalog",
        abstract: "Dealers, their stores, catalogs and offers, which apps find near their players: import, and the viewer's figures.",
        subcommands: [Import.self, Stats.self]
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
            var catalog = try readFile(file, as: CatalogFile.self, what: "a catalog file")
            let folder = URL(fileURLWithPath: file).deletingLastPathComponent()
            for index in catalog.catalogs?.indices ?? [].indices {
                guard let directory = catalog.catalogs?[index].pageDirectory, catalog.catalogs?[index].pages.isEmpty == true else { continue }
                catalog.catalogs?[index].pages = Self.pages(in: directory, under: folder)
            }
            let pages = (catalog.catalogs ?? []).flatMap(\.pages).flatMap { [$0.view, $0.zoom, $0.thumb].compactMap { $0 } }
            var files: [String: Data] = [:]
            for path in (catalog.dealers ?? []).compactMap(\.logo) + (catalog.offers ?? []).compactMap(\.image) + pages where files[path] == nil {
                files[path] = FileManager.default.contents(atPath: folder.appendingPathComponent(path).path)
            }
            let configuration = try options.resolve()
            CommandLogging.bootstrap(.warning)
            let imported = try await withApplication(configuration) { application in
                let found = try await requireApp(app, application.apps)
                return try await cliProblem { try await application.catalog.importFile(catalog, files: files, appID: found.id) }
            }
            for (kind, counts) in [("Dealers", imported.dealers), ("Stores", imported.stores), ("Catalogs", imported.catalogs),
                                   ("Offers", imported.offers)] {
                print("\(kind): \(counts.added) added, \(counts.changed) changed, \(counts.unchanged) unchanged, \(counts.removed) removed")
            }
        }

        /// The pages in `directory` (relative to `folder`): its image files in the order of the
        /// numbers in their names (`2.jpg` before `10.jpg`), with the same names in `zoom/` and
        /// `thumbs/` when there.
        static func pages(in directory: String, under folder: URL) -> [CatalogFile.Page] {
            let files = FileManager.default
            let root = folder.appendingPathComponent(directory)
            let images = ((try? files.contentsOfDirectory(atPath: root.path)) ?? []).filter { name in
                ["png", "jpg", "jpeg", "gif", "webp"].contains(URL(fileURLWithPath: name).pathExtension.lowercased())
            }
            let number = { (name: String) in Int(name.prefix { $0.isNumber }) ?? Int.max }
            return images.sorted { (number($0), $0) < (number($1), $1) }.map { name in
                let path = (directory as NSString).appendingPathComponent(name)
                let sized = { (size: String) -> String? in
                    let candidate = ((directory as NSString).appendingPathComponent(size) as NSString).appendingPathComponent(name)
                    return files.fileExists(atPath: folder.appendingPathComponent(candidate).path) ? candidate : nil
                }
                return CatalogFile.Page(view: path, zoom: sized("zoom"), thumb: sized("thumbs"))
            }
        }
    }

    struct Stats: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "How the app's catalogs were viewed, per catalog per UTC day: opens, closes, page views and seconds on pages.")

        @OptionGroup var options: ServerOptions
        @Argument(help: "The app's client id or id.") var app: String
        @Option(help: "How many days back, today included.") var days = 7
        @Flag(help: "JSON instead of a table.") var json = false

        func run() async throws {
            let configuration = try options.resolve()
            CommandLogging.bootstrap(.warning)
            let stats = try await withApplication(configuration) { application in
                let found = try await requireApp(app, application.apps)
                return try await application.catalogViews.stats(appID: found.id, days: days)
            }
            if json {
                print(String(decoding: try JSONEncoder().encode(stats), as: UTF8.self))
                return
            }
            print("day         catalog                      opens  closes  page views  seconds on pages")
            for day in stats {
                print(day.day + "  " + day.catalogID.padding(toLength: 28, withPad: " ", startingAt: 0)
                      + String(format: " %5d  %6d  %10d  %16.1f", day.opens, day.closes, day.pageViews, day.pageSeconds))
            }
            if stats.isEmpty { print("No views in the last \(days) days.") }
        }
    }
}
