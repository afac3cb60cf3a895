import Foundation
import Testing

/// The boundaries ARCHITECTURE.md draws, checked in the server's own source: a feature writes only
/// the tables it owns (the owner of a table is the folder of the migration that creates it; another
/// feature's table is changed through that feature's service), the time is read only through
/// the server's clock, which tests move, only `Support/` opens a connection to the database
/// (Fluent's own, for the migrations, aside), and the API's bodies and answers are PlayhouseAPI's.
@Suite struct FeatureBoundaryTests {
    /// A Swift file of the server: its folder (the feature) and its text.
    struct SourceFile {
        var path: String
        var text: String
        var folder: String { String(path.prefix { $0 != "/" }) }
    }

    /// The Swift files of `Server/Sources/<target>`.
    static func sources(_ target: String) throws -> [SourceFile] {
        let root = ServerPackage.directory.appendingPathComponent("Sources").appendingPathComponent(target)
        let enumerator = try #require(FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil))
        var files: [SourceFile] = []
        for case let url as URL in enumerator where url.pathExtension == "swift" {
            let path = String(url.path.dropFirst(root.path.count + 1))
            files.append(SourceFile(path: path, text: try String(contentsOf: url, encoding: .utf8)))
        }
        return files.sorted { $0.path < $1.path }
    }

    /// The first capture of each match of `pattern` in `text`.
    static func captures(_ pattern: String, in text: String) -> [String] {
        let expression = try! NSRegularExpression(pattern: pattern)
        let whole = NSRange(text.startIndex..., in: text)
        return expression.matches(in: text, range: whole).compactMap { Range($0.range(at: 1), in: text).map { String(text[$0]) } }
    }

    /// The value of each table-name constant (`static let table = "…"`), by the type that declares
    /// it: the last type declared at the start of a line before it.
    static func tableConstants(_ files: [SourceFile]) -> [String: String] {
        var constants: [String: String] = [:]
        for file in files {
            var type = ""
            for line in file.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
                type = captures(#"^(?:public |private |fileprivate )?(?:struct|enum|class|extension) ([A-Za-z]+)"#, in: line).first ?? type
                if let table = captures(#"static let table = "([a-z_0-9]+)""#, in: line).first { constants[type] = table }
            }
        }
        return constants
    }

    /// Each table and the folders whose migrations create it: by Fluent (`schema("t")` or
    /// `schema(T.table)`, then `create()`) or in SQL (`CREATE TABLE t`, `CREATE VIRTUAL TABLE t`).
    static func owners(_ files: [SourceFile]) -> [String: Set<String>] {
        let constants = tableConstants(files)
        var owners: [String: Set<String>] = [:]
        for file in files {
            var tables = captures(#"schema\("([a-z_0-9]+)"\)(?:(?!\.update\(\)|\.delete\(\)|schema\()[\s\S])*?\.create\(\)"#, in: file.text)
            tables += captures(#"schema\(([A-Za-z]+)\.table\)(?:(?!\.update\(\)|\.delete\(\)|schema\()[\s\S])*?\.create\(\)"#, in: file.text)
                .map { constants[$0] ?? "\($0).table" }
            tables += captures(#"CREATE (?:UNLOGGED |VIRTUAL )?TABLE (?:IF NOT EXISTS )?"?([a-z_0-9]+)"#, in: file.text)
            for table in tables { owners[table, default: []].insert(file.folder) }
        }
        return owners
    }

    /// Each write in `files` (`INSERT [OR …] INTO`, `UPDATE`, `DELETE FROM`, on lines that are not
    /// comments) of a table that its folder does not own, or that no migration creates. A table
    /// named by a constant is found by its value: `\(ident: LossFigures.table)`, or `\(ident: table)`
    /// in a file that declares one `table`; a name made at run time (`\(unsafeRaw: link)`) is
    /// reported, unless its file is one of `namedAtRunTime`.
    static func trespasses(_ files: [SourceFile], owners: [String: Set<String>], namedAtRunTime: Set<String> = []) -> [String] {
        let constants = tableConstants(files)
        let write = #"\b(?:INSERT(?: OR [A-Z]+)? INTO|UPDATE|DELETE FROM)\s+"#
        var found: [String] = []
        for file in files {
            let declared = constants.values.filter { file.text.contains("static let table = \"\($0)\"") }
            for line in file.text.split(separator: "\n").map(String.init) where !line.trimmingCharacters(in: .whitespaces).hasPrefix("//") {
                var tables = captures(write + #""?([a-z_][a-z_0-9]*)"#, in: line)
                tables += captures(write + #"\\\(ident: ([A-Za-z]+)\.table\)"#, in: line).map { constants[$0] ?? "\($0).table" }
                for name in captures(write + #"\\\((?:ident|unsafeRaw): ([a-z][A-Za-z]*)\)"#, in: line) {
                    if name == "table", declared.count == 1 { tables.append(declared[0]); continue }
                    if !namedAtRunTime.contains(file.path) { found.append("\(file.path) writes a table named at run time (\(name))") }
                }
                for table in tables {
                    guard let owner = owners[table] else { found.append("\(file.path) writes \(table), which no migration creates"); continue }
                    if !owner.contains(file.folder) { found.append("\(file.path) writes \(table), \(owner.sorted().joined(separator: ", "))'s table") }
                }
            }
        }
        return found
    }

    @Test func eachFeatureWritesOnlyItsOwnTables() throws {
        let files = try Self.sources("PlayhouseServer")
        let owners = Self.owners(files)
        #expect(owners.count > 50, "the migrations were found")
        #expect(owners["players"] == ["Identity"] && owners["bets"] == ["Games"] && owners["ledger_entries"] == ["Wallet"])
        #expect(owners.filter { $0.value.count > 1 }.isEmpty, "a table is created in one folder")
        // Its callers name one of the catalog's own tables of stores: catalog_catalog_stores, catalog_offer_stores.
        let namedAtRunTime: Set<String> = ["Catalog/CatalogImport+Catalogs.swift"]
        #expect(Self.trespasses(files, owners: owners, namedAtRunTime: namedAtRunTime) == [])
    }

    @Test func aWriteOfAnotherFeaturesTableIsFound() {
        let files = [
            SourceFile(path: "Identity/PlayersTable.swift", text: #"try await database.schema("players").id().create()"#),
            SourceFile(path: "Games/LossFiguresTable.swift", text: """
                enum LossFigures {
                    static let table = "loss_figures"
                }
                try await sql.raw("CREATE TABLE loss_figures (player_id UUID)").run()
                """),
            SourceFile(path: "Wallet/WalletService.swift", text: """
                /// A comment that says UPDATE players is not a write.
                try await sql.raw("UPDATE players SET currency = \\(bind: code)").run()
                try await sql.raw("DELETE FROM \\(ident: LossFigures.table) WHERE true").run()
                try await sql.raw("INSERT OR IGNORE INTO nowhere (id) VALUES (1)").run()
                for table in ["players"] { try await sql.raw("DELETE FROM \\(ident: table)").run() }
                """),
            SourceFile(path: "Identity/PlayerService.swift", text: #"try await sql.raw("UPDATE players SET locale = 'da'").run()"#),
        ]
        #expect(Self.trespasses(files, owners: Self.owners(files)) == [
            "Wallet/WalletService.swift writes players, Identity's table",
            "Wallet/WalletService.swift writes loss_figures, Games's table",
            "Wallet/WalletService.swift writes nowhere, which no migration creates",
            "Wallet/WalletService.swift writes a table named at run time (table)",
        ])
    }

    /// `Date()` reads the system's time, which a test cannot move: the server's clock
    /// (`Support/Clock.swift`) is the one place that reads it.
    @Test func theTimeIsReadOnlyThroughTheClock() throws {
        let readers = try (Self.sources("PlayhouseServer") + Self.sources("playhouse")).filter { $0.path != "Support/Clock.swift" }.flatMap { file in
            file.text.split(separator: "\n").map(String.init)
                .filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") && $0.contains(/\bDate(?:\.init)?\(\)|\bDate\.now\b|Date\(timeIntervalSinceNow:/) }
                .map { "\(file.path): \($0.trimmingCharacters(in: .whitespaces))" }
        }
        #expect(readers == [])
    }

    /// Every database access goes through `Store`: only `Support/` opens a connection (the store's
    /// readers and writer, PostgreSQL's pools and its listener, SQLite's commit watch).
    @Test func onlySupportOpensADatabaseConnection() throws {
        let pattern = /DirectSQLiteConnection\(|SQLiteConnection\.open|PostgresConnection\.connect|ConnectionSource\(|EventLoopGroupConnectionPool\(/
        let openers = try (Self.sources("PlayhouseServer") + Self.sources("playhouse")).filter { $0.text.contains(pattern) }
        #expect(openers.filter { $0.folder != "Support" }.map(\.path) == [])
        #expect(openers.contains { $0.path == "Support/SQLiteReaders.swift" }, "the pattern finds the store's own")
    }

    /// What the API takes and answers is declared in PlayhouseAPI, where scripts and the SDK read it
    /// too: the server makes no type of its own into Vapor content (PlayhouseAPI's are made so in
    /// `App/WireContent.swift`; the SMS provider's outgoing message is the one exception, being
    /// that provider's API), and no body a handler decodes is declared in the server (a hosted
    /// page's HTML `Form` aside).
    @Test func theAPIsBodiesAndAnswersAreDeclaredInPlayhouseAPI() throws {
        let files = try Self.sources("PlayhouseServer")
        let content = /(?:struct|extension|enum|class|actor|protocol)\s+[\w.]+(?:<[^>]*>)?\s*:[^{]*\bContent\b/
        #expect(files.filter { $0.text.contains(content) }.map(\.path) == ["App/WireContent.swift", "Identity/SMSSender.swift"])
        let decoded = Set(files.flatMap { Self.captures(#"(?:decodeBody|json)\((\w+)\.self"#, in: $0.text) })
        #expect(decoded.count > 30, "the pattern finds the bodies")
        let declaredHere = decoded.subtracting(["Form", "Body"]).filter { name in
            files.contains { $0.text.contains("struct \(name):") || $0.text.contains("struct \(name) ") || $0.text.contains("enum \(name):") }
        }
        #expect(declaredHere.sorted() == [])
    }
}
