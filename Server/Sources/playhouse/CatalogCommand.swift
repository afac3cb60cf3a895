import ArgumentParser
import Foundation
import PlayhouseAPI
import PlayhouseServer

struct CatalogCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "catalog",
        abstract: "Dealers, their stores, catalogs and offers, which apps find near their players: import, and the viewer's figures.",
        subcommands: [Import.self, Stats.self]
    )

    struct Import: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Import a catalog: the app's dealers, stores, catalogs and offers, each by its own id, from JSON and CSV.",
            discussion: """
                PATH is a catalog file (.json), a CSV file of stores or of offers (told apart by their columns), or a \
                directory holding any of catalog.json, stores.csv and offers.csv. Logos, images and page directories are \
                read relative to the file. A file holds the whole set of each kind it has: what is new is added, what \
                differs is changed, and the dealers (or stores, catalogs, offers) it no longer lists are removed; a kind it \
                leaves out is left as it is. Importing the same data again changes nothing. Everything is checked first; \
                when anything is wrong nothing is stored and every problem is listed. A progress bar shows on a terminal.
                """)

        @OptionGroup var options: ServerOptions
        @Argument(help: "The app's client id or id.") var app: String
        @Argument(help: "A catalog file (.json), a CSV file of stores or offers, or a directory of them.") var file: String

        func run() async throws {
            let (read, folder) = try Self.read(file)
            var catalog = read
            for index in catalog.catalogs?.indices ?? [].indices {
                guard let directory = catalog.catalogs?[index].pageDirectory, catalog.catalogs?[index].pages.isEmpty == true else { continue }
                catalog.catalogs?[index].pages = Self.pages(in: directory, under: folder)
            }
            let pages = (catalog.catalogs ?? []).flatMap(\.pages).flatMap { [$0.view, $0.zoom, $0.thumb].compactMap { $0 } }
            var files: [String: Data] = [:]
            for path in (catalog.dealers ?? []).compactMap(\.logo) + (catalog.offers ?? []).compactMap(\.image) + pages where files[path] == nil {
                files[path] = FileManager.default.contents(atPath: folder.appendingPathComponent(path).path)
            }
            let imported = try await options.withApp(app) { application, found in
                try await application.catalog.importFile(catalog, files: files, appID: found.id, by: .commandLine, progress: ProgressBar.standardError())
            }
            for (kind, counts) in [("Dealers", imported.dealers), ("Stores", imported.stores), ("Catalogs", imported.catalogs),
                                   ("Offers", imported.offers)] {
                print("\(kind): \(counts.added) added, \(counts.changed) changed, \(counts.unchanged) unchanged, \(counts.removed) removed")
            }
        }

        /// The catalog at `path` (a JSON file, a CSV file, or a directory of them) and the folder its
        /// files are read from.
        static func read(_ path: String) throws -> (CatalogFile, URL) {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { throw CLIError("cannot read \(path)") }
            let url = URL(fileURLWithPath: path)
            guard isDirectory.boolValue else {
                if path.lowercased().hasSuffix(".csv") {
                    var catalog = CatalogFile()
                    try readCSV(url, into: &catalog)
                    return (catalog, url.deletingLastPathComponent())
                }
                return (try readFile(path, as: CatalogFile.self, what: "a catalog file"), url.deletingLastPathComponent())
            }
            let json = url.appendingPathComponent("catalog.json")
            var catalog = FileManager.default.fileExists(atPath: json.path) ? try readFile(json.path, as: CatalogFile.self, what: "a catalog file")
                : CatalogFile()
            for name in ["stores.csv", "offers.csv"] where FileManager.default.fileExists(atPath: url.appendingPathComponent(name).path) {
                try readCSV(url.appendingPathComponent(name), into: &catalog)
            }
            guard catalog != CatalogFile() else { throw CLIError("\(path) has none of catalog.json, stores.csv and offers.csv") }
            return (catalog, url)
        }

        /// Adds the stores or offers of the CSV file at `url` to `catalog`.
        static func readCSV(_ url: URL, into catalog: inout CatalogFile) throws {
            guard let bytes = FileManager.default.contents(atPath: url.path) else { throw CLIError("cannot read \(url.path)") }
            let text = String(decoding: bytes, as: UTF8.self), name = url.lastPathComponent
            switch CatalogCSV.kind(of: text) {
            case .stores:
                guard catalog.stores == nil else { throw CLIError("stores are in catalog.json and in \(name): keep them in one") }
                catalog.stores = try CatalogCSV.stores(text, name: name).mapError { CLIError($0.description) }.get()
            case .offers:
                guard catalog.offers == nil else { throw CLIError("offers are in catalog.json and in \(name): keep them in one") }
                catalog.offers = try CatalogCSV.offers(text, name: name).mapError { CLIError($0.description) }.get()
            case nil:
                throw CLIError("\(name) is neither stores (a latitude column) nor offers (a heading column)")
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
            guard (1...90).contains(days) else { throw ValidationError("--days is 1 to 90") }
            let stats = try await options.withApp(app) { application, found in
                try await application.catalogViews.stats(appID: found.id, days: days)
            }
            if json {
                print(String(decoding: try PlayhouseJSON.makeEncoder().encode(stats), as: UTF8.self))
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

/// A progress bar on standard error, redrawn in place: `[#######.............]  35 %  70,000 / 200,000`.
enum ProgressBar {
    /// A reporter that draws the bar when standard error is a terminal; nil otherwise.
    static func standardError() -> (@Sendable (Int, Int) -> Void)? {
        guard isatty(STDERR_FILENO) == 1 else { return nil }
        return { done, total in
            let width = 30, filled = total == 0 ? width : width * done / total
            let bar = String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled)
            let line = "\r[\(bar)] \(total == 0 ? 100 : 100 * done / total) %  \(done) / \(total)" + (done == total ? "\n" : "")
            FileHandle.standardError.write(Data(line.utf8))
        }
    }
}
