import Crypto
import Foundation
import PlayhouseAPI
@testable import PlayhouseServer
import Testing
import Vapor
import VaporTesting

/// How a search's query is read and what it finds, as pure rules.
@Suite struct GameDataSearchRulesTests {
    static let documents: [(id: String, body: JSONValue)] = [
        ("b", .object(["level": .integer(10), "name": .object(["en_US": .string("Thrall")]), "tags": .array([.string("Rare"), .string("old")])])),
        ("a", .object(["level": .number(2.5), "name": .object(["en_US": .string("thrall")]), "boss": .bool(true)])),
        ("c", .object(["level": .string("10"), "tags": .array([])])),
        ("d", .object(["level": .integer(30), "name": .object(["en_US": .string("Jaina")]), "tags": .array([.string("rare")]), "boss": .bool(false)])),
    ]
    static let index = GameDataSearchIndex(documents)

    static func find(_ query: String) throws -> [String] {
        try index.run(try GameDataSearch(query: query), collection: "items").ids
    }

    @Test func theQueryIsReadAsBattleNetWritesIt() throws {
        let search = try GameDataSearch(query: "region=eu&locale=en_US&name.en_US=Thrall&level!=%5B1,10)||20&orderby=level:desc,name.en_US&_page=2&_pageSize=5")
        #expect(search == GameDataSearch(filters: [
            .init(field: "name.en_US", matches: [.equals("Thrall")]),
            .init(field: "level", negated: true, matches: [.range(lower: .init(value: 1, inclusive: true), upper: .init(value: 10, inclusive: false)),
                                                           .equals("20")]),
        ], order: [.init(field: "level", descending: true), .init(field: "name.en_US")], page: 2, pageSize: 5))
        #expect(try GameDataSearch(query: "name.en_US=Homeward+Stone").filters.first?.matches == [.equals("Homeward Stone")])
        #expect(try GameDataSearch(query: nil) == GameDataSearch())
    }

    @Test func aQueryThatIsNotASearchIsRefusedNamingItsParameter() {
        for (query, parameter) in [("level=", "level"), ("level", "level"), ("level=[1,", "level"), ("level=[a,2]", "level"), ("level=[,]", "level"),
                                   ("level=1,2]", "level"), ("level=[1,2,3]", "level"), ("level=5||", "level"), ("na%20me=x", "na me"),
                                   ("a..b=1", "a..b"), ("orderby=level:up", "orderby"), ("orderby=", "orderby"), ("orderby=a,b,c,d,e", "orderby"),
                                   ("_page=0", "_page"), ("_page=x", "_page"), ("_pageSize=1001", "_pageSize"), ("=1", "query"),
                                   ("level=[nan,2]", "level")] {
            #expect(throws: PlayhouseProblem.invalidQuery(parameter, parameter.contains(" ") || parameter == "a..b" ? "invalid_field" : "invalid_value"),
                    "\(query)") { try GameDataSearch(query: query) }
        }
    }

    @Test func textMatchesWholeInAnyCaseAndNumbersByValue() throws {
        #expect(try Self.find("name.en_US=THRALL") == ["a", "b"])
        #expect(try Self.find("name.en_US=Thr") == [])
        // The number 10 and the text "10" both match 10; a range takes only numbers.
        #expect(try Self.find("level=10") == ["b", "c"])
        #expect(try Self.find("level=10.0") == ["b"])
        #expect(try Self.find("level=[2.5,10]") == ["a", "b"])
        #expect(try Self.find("level=(2.5,10]") == ["b"])
        #expect(try Self.find("level=(,10)") == ["a"])
        #expect(try Self.find("level=[30,]") == ["d"])
        #expect(try Self.find("boss=true") == ["a"])
        #expect(try Self.find("level=2.5||30") == ["a", "d"])
    }

    @Test func aFieldInArraysMatchesWhenAnyValueDoesAndNotIncludesDocumentsWithoutIt() throws {
        #expect(try Self.find("tags=rare") == ["b", "d"])
        #expect(try Self.find("tags!=rare") == ["a", "c"])
        #expect(try Self.find("tags!=rare&level!=10") == ["a"])
        #expect(try Self.find("tags=rare&tags=old") == ["b"])
    }

    @Test func orderPutsTiesAndDocumentsWithoutTheFieldAfterInIdOrder() throws {
        #expect(try Self.find("orderby=name.en_US") == ["d", "a", "b", "c"])       // jaina, thrall, thrall (a before b), none
        #expect(try Self.find("orderby=name.en_US:desc") == ["a", "b", "d", "c"])
        // Numbers before texts; an array orders by its least value ascending, its greatest descending.
        #expect(try Self.find("orderby=level") == ["a", "b", "d", "c"])
        #expect(try Self.find("orderby=tags") == ["b", "d", "a", "c"])            // old, rare; rare; none
        #expect(try Self.find("orderby=tags:desc") == ["b", "d", "a", "c"])       // rare, rare (b before d); none
        #expect(try Self.find("orderby=boss:desc,level:desc") == ["a", "d", "c", "b"])
    }

    @Test func pagesCountFromOneAndPastTheEndAreEmpty() throws {
        let index = Self.index
        #expect(try index.run(GameDataSearch(page: 2, pageSize: 3), collection: "items") == (4, ["d"]))
        #expect(try index.run(GameDataSearch(page: 3, pageSize: 3), collection: "items") == (4, []))
    }

    @Test func aFieldNoDocumentHasIsRefusedNamingIt() {
        #expect(throws: PlayhouseProblem.unknownGameDataField("colour", of: "items", parameter: "colour!")) { try Self.find("colour!=red") }
        #expect(throws: PlayhouseProblem.unknownGameDataField("weight", of: "items", parameter: "orderby")) { try Self.find("orderby=weight") }
        // An object is not a field: the texts inside it are.
        #expect(throws: PlayhouseProblem.unknownGameDataField("name", of: "items", parameter: "name")) { try Self.find("name=Thrall") }
    }

    @Test func aDocumentSetInvertsWithinItsCount() {
        for count in [0, 1, 63, 64, 65, 130] {
            var set = DocumentSet(count: count)
            if count > 0 { set.insert(Int32(count - 1)) }
            set.invert()
            #expect(set.members == (0..<Int32(max(count - 1, 0))).map { $0 }, "\(count)")
        }
    }
}

/// Searches over HTTP on both engines: every example of the README's search table, against the
/// example game's data, and the answer's validators.
@Suite struct GameDataSearchTests {
    /// The rows of the README's table of searches: the path after `/v1/data/realms/`, and what it finds.
    static func readmeExamples() throws -> [(path: String, finds: String)] {
        let root = ServerPackage.directory.deletingLastPathComponent()
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let section = try #require(readme.components(separatedBy: "### Searching game data").dropFirst().first?.components(separatedBy: "\n#").first)
        return section.split(separator: "\n").compactMap { line -> (String, String)? in
            let cells = line.replacingOccurrences(of: "\\|", with: "\u{0}").split(separator: "|").map {
                $0.replacingOccurrences(of: "\u{0}", with: "|").trimmingCharacters(in: .whitespaces)
            }
            guard cells.count == 2, cells[0].hasPrefix("`"), cells[0].contains("/search?") else { return nil }
            return (cells[0].trimmingCharacters(in: CharacterSet(charactersIn: "`")), cells[1])
        }
    }

    static func exampleFiles() throws -> [GameDataFile] {
        let root = ServerPackage.directory.appendingPathComponent("Examples/game-data")
        var files: [GameDataFile] = []
        for collection in try FileManager.default.contentsOfDirectory(atPath: root.path) {
            for name in try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(collection).path) {
                let id = collection == GameDataFile.mediaFolder ? name : String(name.dropLast(5))
                files.append(GameDataFile(collection: collection, id: id,
                                          bytes: try Data(contentsOf: root.appendingPathComponent(collection).appendingPathComponent(name))))
            }
        }
        return files
    }

    @Test(arguments: Engine.available)
    func everySearchInTheREADMEFindsWhatItSays(_ engine: Engine) async throws {
        let examples = try Self.readmeExamples()
        try #require(examples.count >= 10, "the README's search table")
        try await withPlayhouse(engine) { app in
            let credentials = try await app.createApp()
            _ = try await app.gameData.importFiles(try Self.exampleFiles(), appID: credentials.app.id, game: "realms", region: "eu",
                                                   namespace: "static", defaultLocale: "en_US", by: .commandLine)
            let token = try await app.appToken(credentials)
            for example in examples {
                let path = "/v1/data/realms/" + example.path.replacingOccurrences(of: "[", with: "%5B").replacingOccurrences(of: "]", with: "%5D")
                    .replacingOccurrences(of: "|", with: "%7C") + "&region=eu"
                let answer = try await app.send(.GET, path, headers: bearer(token))
                if example.finds.hasPrefix("400 ") {
                    #expect(answer.status == .badRequest, "\(example.path)")
                    #expect(try answer.problem().errors?.map(\.field) == [example.finds.dropFirst(4).trimmingCharacters(in: CharacterSet(charactersIn: "`"))],
                            "\(example.path)")
                    continue
                }
                try #require(answer.status == .ok, "\(example.path): \(answer.body.string)")
                let page = try answer.decode(GameDataSearchPage<JSONValue>.self)
                #expect(page.data.map { $0["id"]?.text ?? "" }.joined(separator: ", ") == example.finds, "\(example.path)")
            }
        }
    }

    @Test(arguments: Engine.available)
    func aSearchAnswersInPagesWithValidatorsAndInTheLocaleAskedFor(_ engine: Engine) async throws {
        try await withPlayhouse(engine) { app in
            let credentials = try await app.createApp()
            _ = try await app.gameData.importFiles(try Self.exampleFiles(), appID: credentials.app.id, game: "realms", region: "eu",
                                                   namespace: "static", defaultLocale: "en_US", by: .commandLine)
            let token = try await app.appToken(credentials)
            let path = "/v1/data/realms/items/search?region=eu&locale=de_DE&item_class.id=2&orderby=level&_pageSize=1"
            let first = try await app.send(.GET, path, headers: bearer(token))
            try #require(first.status == .ok, "\(first.body.string)")
            let page = try first.decode(GameDataSearchPage<JSONValue>.self)
            #expect(page.page == 1 && page.pageSize == 1 && page.maxPageSize == 1000 && page.pageCount == 2 && page.total == 2)
            #expect(page.data.map { $0["name"] } == [.string("Stab des alten Moors")])
            #expect(first.headers.first(name: .lastModified) != nil)
            var conditional = bearer(token)
            conditional.add(name: .ifNoneMatch, value: try #require(first.headers.first(name: .eTag)))
            #expect(try await app.send(.GET, path, headers: conditional).status == .notModified)
            #expect(try await app.send(.GET, path + "&_page=2", headers: conditional).status == .ok)

            // A new version is searched at once (its own index); a region without data is 404.
            var files = try Self.exampleFiles().filter { $0.collection != "items" || $0.id != "873" }
            files.append(GameDataFile(collection: "items", id: "1", bytes: Data(#"{"id": 1, "level": 99, "item_class": {"id": 2}}"#.utf8)))
            _ = try await app.gameData.importFiles(files, appID: credentials.app.id, game: "realms", region: "eu", namespace: "static",
                                                   defaultLocale: "en_US", by: .commandLine)
            let after = try await app.send(.GET, "/v1/data/realms/items/search?region=eu&item_class.id=2&orderby=level", headers: bearer(token))
            #expect(try after.decode(GameDataSearchPage<JSONValue>.self).data.map { $0["id"] } == [.integer(19019), .integer(1)])
            #expect(try await app.send(.GET, "/v1/data/realms/items/search?region=us", headers: bearer(token)).status == .notFound)
            // The route keeps the id "search" for itself.
            let refused = await #expect(throws: PlayhouseProblem.self) {
                try await app.gameData.importFiles([GameDataFile(collection: "items", id: "search", bytes: Data("{}".utf8))], appID: credentials.app.id,
                                                   game: "realms", region: "eu", namespace: "static", defaultLocale: "en_US", by: .commandLine)
            }
            #expect(refused?.parameters["problems"]?.contains("items/search.json: a document's id") == true)
        }
    }

    @Test(arguments: Engine.available)
    func imagesAreStoredAsAssetsAndDocumentsNameThemByTheirPath(_ engine: Engine) async throws {
        try await withPlayhouse(engine) { app in
            let credentials = try await app.createApp()
            let files = try Self.exampleFiles()
            let blade = try #require(files.first { $0.collection == "media" && $0.id == "stormcallers-blade.png" })
            _ = try await app.gameData.importFiles(files, appID: credentials.app.id, game: "realms", region: "eu", namespace: "static",
                                                   defaultLocale: "en_US", by: .commandLine)
            let token = try await app.appToken(credentials)
            let item = try await app.send(.GET, "/v1/data/realms/items/19019?region=eu", headers: bearer(token)).decode(JSONValue.self)
            #expect(item["icon"] == .string("/assets/" + SecretToken.hex(SHA256.hash(data: blade.bytes))))
            let image = try await app.send(.GET, item["icon"]?.text ?? "")
            #expect(image.status == .ok && image.headers.contentType?.description == "image/png" && Data(buffer: image.body) == blade.bytes)
            // Images are not documents.
            let versions = try await app.gameData.versions(appID: credentials.app.id, game: "realms")
            #expect(versions.first?.documents == files.count - 3)

            let refused = await #expect(throws: PlayhouseProblem.self) {
                try await app.gameData.importFiles(files + [GameDataFile(collection: "media", id: "notes.txt", bytes: Data("hello".utf8)),
                                                            GameDataFile(collection: "items", id: "1", bytes: Data(#"{"icon": "media:missing.png"}"#.utf8))],
                                                   appID: credentials.app.id, game: "realms", region: "eu", namespace: "static", defaultLocale: "en_US", by: .commandLine)
            }
            let problems = refused?.parameters["problems"] ?? ""
            #expect(problems.contains("media/notes.txt: is not a PNG, JPEG, GIF or WebP image"), "\(problems)")
            #expect(problems.contains("items/1.json: media:missing.png names no image in media/"), "\(problems)")
        }
    }
}
