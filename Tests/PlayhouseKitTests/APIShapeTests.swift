import Foundation
import Testing
@testable import PlayhouseKit

/// One shape across the namespaces: each is a top-level `…API` type reached from the client, each
/// of their calls that answers once has a completion-handler form beside its `async` one, every
/// paged list is read as a sequence and as a page, and every stream is got one way (the DocC's
/// overview says so).
@Suite struct APIShapeTests {
    @Test func everyNamespaceIsATopLevelAPIType() {
        let client = PlayhouseClient(configuration: .init(baseURL: Fixtures.baseURL, clientID: "ph_x", transport: MockTransport { _, _ in Fixtures.app },
                                                          tokenStore: MemoryTokenStore(), installationID: "install-0123456789abcdef",
                                                          appLifecycle: nil))
        let namespaces: [Any] = [client.app, client.auth, client.profile, client.wallet, client.games, client.session, client.content, client.catalog, client.lists, client.gameData]
        let names = namespaces.map { String(reflecting: type(of: $0)) }
        #expect(names == ["AppAPI", "AuthAPI", "ProfileAPI", "WalletAPI", "GamesAPI", "SessionAPI", "ContentAPI", "CatalogAPI", "ListsAPI", "GameDataAPI"].map { "PlayhouseKit." + $0 })
    }

    /// Read from the sources: a public `async throws(PlayhouseError)` function of a namespace
    /// without a public function of the same name that takes a `completion`.
    @Test func everyCallOfANamespaceHasACompletionHandlerForm() throws {
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Sources/PlayhouseKit").standardized
        let files = try #require(FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)?.allObjects as? [URL])
            .filter { $0.lastPathComponent.hasSuffix("API.swift") }
        #expect(files.count == 10)
        let declaration = try Regex(#"public func (\w+)\(((?:[^()]|\([^()]*\))*)\)\s*(async throws\(PlayhouseError\))?"#)
        var missing: [String] = []
        for file in files {
            let text = try String(contentsOf: file, encoding: .utf8)
            var calls: Set<String> = [], withCompletion: Set<String> = []
            for match in text.matches(of: declaration) {
                let name = String(match.output[1].substring ?? "")
                if (match.output[2].substring ?? "").contains("completion") { withCompletion.insert(name) }
                if match.output[3].substring != nil { calls.insert(name) }
            }
            missing += calls.subtracting(withCompletion).map { "\(file.lastPathComponent): \($0)" }
        }
        #expect(missing.sorted() == [])
    }

    /// Amounts come back as `Decimal`, as they go in, and the server's text is kept for the wire.
    @Test func amountsComeBackAsDecimalsAndKeepTheirText() throws {
        let json = Data("""
            {"id":"b1","ern":"ern:bet:b1","game":"lucky-sevens","game_version":1,"kind":"backed","currency":"EUR","economy":"sandbox",
             "wager":"0.10","stake":"1.00","paylines":[],"window":[],"stops":[],"outcomes":[
             {"outcome":"win","kind":"line","payline":[0,0,0],"symbol":"A","count":3,"payout":"0.50"}],
             "payout":"0.50","balance":{"amount":"19.50","currency":"EUR"},"created_at":"2026-11-26T10:00:00Z"}
            """.utf8)
        let bet = try PlayhouseJSON.makeDecoder().decode(Bet.self, from: json)
        #expect(bet.wager == Decimal(string: "0.1") && bet.stake == 1 && bet.payout == Decimal(string: "0.5"))
        #expect(bet.outcomes.first?.payout == Decimal(string: "0.5"))
        #expect(bet.stake == bet.wager * 10)
        #expect(bet.$stake.text == "1.00")
        let again = String(decoding: try PlayhouseJSON.makeEncoder().encode(bet), as: UTF8.self)
        #expect(again.contains(#""stake":"1.00""#) && again.contains(#""payout":"0.50""#) && again.contains(#""wager":"0.10""#))
    }

    /// A paged sequence throws the typed error, so a `do throws(PlayhouseError)` keeps it.
    @Test func pagedSequencesThrowPlayhouseError() async {
        let pages = PagedSequence<Int>(pageSize: 2) { _, cursor throws(PlayhouseError) in
            guard cursor == nil else { throw PlayhouseError(code: .offline, message: "gone") }
            return Page(data: [1, 2], nextCursor: "next")
        }
        var seen: [Int] = []
        do throws(PlayhouseError) {
            for try await number in pages { seen.append(number) }
        } catch {
            #expect(error.code == .offline)
        }
        #expect(seen == [1, 2])
    }

    /// The SDK's public declarations, one per entry, from its sources: `(file, declaration)`, a
    /// function read up to its body's brace, a property to the end of its line.
    static func publicDeclarations() throws -> [(file: String, text: String)] {
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Sources/PlayhouseKit").standardized
        let files = try #require(FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)?.allObjects as? [URL])
            .filter { $0.pathExtension == "swift" }
        let declaration = try Regex(#"public func [^{]*|public (?:let|var) [^\n={]*"#)
        return try files.flatMap { file in
            let text = try String(contentsOf: file, encoding: .utf8)
            return text.matches(of: declaration).map {
                (file.lastPathComponent, String(text[$0.range]).replacing(/\s+/, with: " ").trimmingCharacters(in: .whitespaces))
            }
        }
    }

    /// Every list the server pages is read two ways, `xs(…, pageSize: Int = 25) -> PagedSequence`
    /// and `xsPage(…, limit: Int = 25, cursor: String? = nil) -> Page`, and every page of the SDK
    /// is 25 unless asked (the catalog's too).
    @Test func everyPagedListIsASequenceAndAPageOf25() throws {
        let declarations = try Self.publicDeclarations()
        let sequences = declarations.filter { $0.text.contains("-> PagedSequence<") }
        #expect(sequences.count >= 4, "the wallet's, the bets', game data's and profiles' documents")
        var problems: [String] = []
        for sequence in sequences {
            let name = String(try #require(sequence.text.firstMatch(of: /public func (\w+)\(/)?.output.1))
            if !sequence.text.contains("pageSize: Int = 25") { problems.append("\(name): pageSize is not 25 unless asked") }
            let pages = declarations.filter { $0.file == sequence.file && $0.text.hasPrefix("public func \(name)Page(") }
            if !pages.contains(where: { $0.text.contains("limit: Int = 25, cursor: String? = nil)") && $0.text.contains("-> Page<") }) {
                problems.append("\(name): no \(name)Page(…, limit: Int = 25, cursor: String? = nil) -> Page")
            }
        }
        // And the other way: a typed page read has its sequence (raw answers and the catalog's deliveries are shapes of their own).
        for page in declarations where page.text.contains("-> Page<") && !page.text.contains("completion") {
            guard let name = page.text.firstMatch(of: /public func (\w+)Page\(/)?.output.1 else {
                problems.append("\(page.file): \(page.text.prefix(60)): a page read not named …Page")
                continue
            }
            if !sequences.contains(where: { $0.file == page.file && $0.text.hasPrefix("public func \(name)(") }) {
                problems.append("\(page.file): \(name)Page has no \(name)(…, pageSize:) -> PagedSequence")
            }
        }
        for page in declarations where page.text.contains("cursor: String? = nil") && !page.text.contains("limit: Int = 25, cursor: String? = nil") {
            problems.append("\(page.file): \(page.text.prefix(60)): a cursor without a limit of 25")
        }
        #expect(problems == [])
    }

    /// Every stream is a namespace's `func … async -> AsyncStream<…>`; the one stream an object
    /// carries is a content request's `events`.
    @Test func everyStreamIsGotOneWay() throws {
        let streams = try Self.publicDeclarations().filter { $0.text.contains("AsyncStream<") && !$0.text.contains("completion") }
        let odd = streams.filter { !$0.text.contains(/^public func \w+\(\) async -> AsyncStream</) }
        #expect(odd.map { "\($0.file): \($0.text)" } == ["ContentRequest.swift: public let events: AsyncStream<ContentRequestEvent>"])
        #expect(streams.count - odd.count >= 4, "the player's changes, the session's events, the lists' changes, reward unlocks")
    }
}
