import Foundation
import Testing

/// The Swift in the README's SDK section and in the DocC articles is compiled: each block is
/// quoted, line for line (indentation aside), from a file under `Examples/`, which the package
/// builds (`DocumentationSnippets`, and the `GettingStarted` app the test command also runs). A
/// manifest block (`.package(…)`) is checked by the Python suite, which resolves it.
@Suite struct DocumentationTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..").standardized

    /// The ```swift blocks of `markdown`, each as its lines without their indentation.
    static func swiftBlocks(_ markdown: String) -> [[String]] {
        var blocks: [[String]] = [], current: [String]?
        for line in markdown.components(separatedBy: "\n") {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if current == nil, trimmed == "```swift" {
                current = []
            } else if current != nil, trimmed == "```" {
                blocks.append(current ?? [])
                current = nil
            } else {
                current?.append(trimmed)
            }
        }
        return blocks
    }

    static func examples() throws -> [(name: String, lines: [String])] {
        let folder = root.appendingPathComponent("Examples")
        let files = (FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)?.allObjects as? [URL] ?? [])
            .filter { $0.pathExtension == "swift" }
        return try files.map { file in
            (file.lastPathComponent, try String(contentsOf: file, encoding: .utf8).components(separatedBy: "\n")
                .map { $0.trimmingCharacters(in: .whitespaces) })
        }
    }

    static func documents() throws -> [(name: String, text: String)] {
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let sdk = readme.components(separatedBy: "\n## The SDK\n").dropFirst().first?.components(separatedBy: "\n## ").first ?? ""
        let catalogue = root.appendingPathComponent("Sources/PlayhouseKit/PlayhouseKit.docc")
        let articles = try FileManager.default.contentsOfDirectory(at: catalogue, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "md" }.sorted { $0.lastPathComponent < $1.lastPathComponent }
        return [("README.md (The SDK)", sdk)] + (try articles.map { ($0.lastPathComponent, try String(contentsOf: $0, encoding: .utf8)) })
    }

    @Test func everySwiftBlockIsQuotedFromCompiledCode() throws {
        let examples = try Self.examples()
        let documents = try Self.documents()
        #expect(documents.count >= 11 && !documents[0].text.isEmpty, "the README's SDK section and every article")
        var checked = 0, unquoted: [String] = []
        for document in documents {
            for block in Self.swiftBlocks(document.text) where !block.contains(where: { $0.contains(".package(") }) {
                checked += 1
                if !Self.isQuoted(block, in: examples.map(\.lines)) { unquoted.append("\(document.name): \(block.first ?? "")") }
            }
        }
        #expect(checked >= 20)
        #expect(unquoted == [])
    }

    /// The overview names every namespace of the client, and each has an article whose overview
    /// starts from it (the catalog had none).
    @Test func everyNamespaceIsInTheOverviewAndHasAnArticle() throws {
        let documents = try Self.documents()
        let overview = try #require(documents.first { $0.name == "PlayhouseKit.md" }).text
        for namespace in ["app", "auth", "profile", "wallet", "games", "session", "content", "catalog", "lists"] {
            #expect(overview.contains("``PlayhouseClient/\(namespace)``"), "the overview names \(namespace)")
            #expect(documents.contains { $0.name != "PlayhouseKit.md" && $0.text.contains("``PlayhouseClient/\(namespace)``") },
                    "an article about \(namespace)")
        }
        #expect(overview.contains("<doc:Catalog>") && overview.contains("<doc:Lists>"))
    }

    /// Whether `block`'s lines come one after another in one of `files`.
    static func isQuoted(_ block: [String], in files: [[String]]) -> Bool {
        files.contains { lines in
            lines.count >= block.count && (0...(lines.count - block.count)).contains { Array(lines[$0..<($0 + block.count)]) == block }
        }
    }

    @Test func aBlockIsQuotedOnlyWithEveryLineInOrder() {
        let markdown = "Text\n```swift\n    let a = 1\nlet b = 2\n```\n```sh\nls\n```\n"
        let blocks = Self.swiftBlocks(markdown)
        #expect(blocks == [["let a = 1", "let b = 2"]])
        #expect(Self.isQuoted(blocks[0], in: [["func f() {", "let a = 1", "let b = 2", "}"]]))
        #expect(!Self.isQuoted(blocks[0], in: [["let a = 1", "print(a)", "let b = 2"]]))
        #expect(!Self.isQuoted(blocks[0], in: [["let a = 1", "let b = 3"]]))
    }
}
