import Foundation
import PlayhouseAPI
@testable import PlayhouseServer
import Testing
import Vapor
import VaporTesting

/// Which text a reader of game data gets, as a pure rule.
@Suite struct GameDataLocaleTests {
    static let sword: JSONValue = .object([
        "id": .integer(19019),
        "name": .object(["en_US": .string("Sword"), "de_DE": .string("Schwert"), "da_DK": .string("Sværd")]),
        "quality": .object(["type": .string("EPIC"), "name": .object(["fr_FR": .string("Épique"), "es_ES": .string("Épico")])]),
        "tags": .array([.object(["en_US": .string("sharp"), "de_DE": .string("scharf")])]),
        "stats": .object(["en_US_x": .integer(1)]),
    ])

    @Test func oneLocalePicksItsTextThenTheDefaultThenTheFirstLocale() {
        let german = GameDataLocale.one("de_DE").apply(to: Self.sword, fallback: "en_US")
        #expect(german["name"] == .string("Schwert"))
        #expect(german["tags"]?[0] == .string("scharf"))
        // No German text: the version's default locale has none either, so the first locale in byte order.
        #expect(german["quality"]?["name"] == .string("Épico"))
        #expect(german["quality"]?["type"] == .string("EPIC"))
        // Keys that are not all locales are not a localised field.
        #expect(german["stats"] == .object(["en_US_x": .integer(1)]))
        #expect(german["id"] == .integer(19019))

        // No Korean text: the version's default locale's, which is not the first in byte order.
        let korean = GameDataLocale.one("ko_KR").apply(to: Self.sword, fallback: "en_US")
        #expect(korean["name"] == .string("Sword"))
    }

    @Test func multiKeepsEveryLocale() {
        #expect(GameDataLocale.multi.apply(to: Self.sword, fallback: "en_US") == Self.sword)
        #expect(GameDataLocale(query: nil) == .multi)
        #expect(GameDataLocale(query: "multi") == .multi)
    }

    /// Rendered answers stay within their capacity whatever is read, ids the version lacks
    /// included, and the most recently read stay.
    @Test func renderedAnswersStayWithinTheirCapacity() throws {
        let answers = GameDataAnswers(capacity: 64 << 10)
        let version = UUID(), sword = try RenderedAnswer(["name": "Sword"])
        let kept = GameDataAnswers.Key(version: version, collection: "items", id: "kept", locale: .multi)
        answers.remember(kept, sword)
        for id in 0..<20_000 {
            answers.remember(.init(version: version, collection: "items", id: "missing-\(id)", locale: .multi), nil)
            if id % 100 == 0 { _ = answers.known(kept) }
            #expect(answers.bytes <= answers.capacity)
        }
        #expect(answers.known(kept)??.etag == sword.etag)
        #expect(answers.known(.init(version: version, collection: "items", id: "missing-0", locale: .multi)) == nil, "long forgotten")
        #expect(answers.known(.init(version: version, collection: "items", id: "missing-19999", locale: .multi)) != nil)
    }

    @Test func lastModifiedIsAnHTTPDate() {
        #expect(Response.httpDate(Date(timeIntervalSince1970: 1_796_000_000)) == "Mon, 30 Nov 2026 00:53:20 GMT")
        #expect(Response.httpDate(Date(timeIntervalSince1970: 0.9)) == "Thu, 01 Jan 1970 00:00:00 GMT")
        #expect(Response.httpDate(Date(timeIntervalSince1970: -1)) == "Wed, 31 Dec 1969 23:59:59 GMT")
        #expect(Response.httpDate(Date(timeIntervalSince1970: 951_782_400)) == "Tue, 29 Feb 2000 00:00:00 GMT")
        // The same as Foundation's formatter says, every 97 hours and 13 seconds from 1960 to 2110.
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        for seconds in stride(from: -315_619_200, to: 4_417_977_600, by: 349_213) {
            let date = Date(timeIntervalSince1970: TimeInterval(seconds))
            #expect(Response.httpDate(date) == formatter.string(from: date), "\(seconds)")
        }
    }

    @Test func aLocaleIsTwoLowercaseLettersAndTwoUppercase() {
        #expect(GameDataLocale(query: "en_US") == .one("en_US"))
        for bad in ["en", "en-US", "EN_us", "en_USA", "", "multi ", "zz_z1"] {
            #expect(GameDataLocale(query: bad) == nil, "\(bad)")
        }
    }
}

/// Game data over HTTP on both engines: imports and their checks, reads by locale, pages, ETags,
/// versions with their changes, and rollback.
@Suite struct GameDataTests {
    static func file(_ collection: String, _ id: String, _ json: String) -> GameDataFile {
        GameDataFile(collection: collection, id: id, bytes: Data(json.utf8))
    }

    static let release1 = [
        file("items", "19019", #"{"id": 19019, "name": {"en_US": "Thunderfury", "de_DE": "Donnerzorn"}, "level": 80}"#),
        file("items", "873", #"{"id": 873, "name": {"en_US": "Staff of Jordan", "fr_FR": "Bâton de Jordan"}, "level": 40}"#),
        file("items", "2000", #"{"name": {"en_US": "Archeus"}, "level": 12}"#),
        file("classes", "warrior", #"{"id": "warrior", "name": {"en_US": "Warrior", "de_DE": "Krieger"}}"#),
    ]

    /// Release 2: 19019 changed, 873 unchanged (written in another key order), 2000 removed, 30 added.
    static let release2 = [
        file("items", "19019", #"{"id": 19019, "name": {"en_US": "Thunderfury, Blessed Blade", "de_DE": "Donnerzorn"}, "level": 80}"#),
        file("items", "873", #"{"level": 40, "name": {"fr_FR": "Bâton de Jordan", "en_US": "Staff of Jordan"}, "id": 873}"#),
        file("items", "30", #"{"id": 30, "name": {"en_US": "Stick"}, "level": 1}"#),
        file("classes", "warrior", #"{"id": "warrior", "name": {"en_US": "Warrior", "de_DE": "Krieger"}}"#),
    ]

    @Test(arguments: Engine.available)
    func documentsAreReadInALocaleOrInAllOfThem(_ engine: Engine) async throws {
        try await withPlayhouse(engine) { app in
            let credentials = try await app.createApp()
            let imported = try await app.gameData.importFiles(Self.release1, appID: credentials.app.id, game: "wow", region: "eu",
                                                              namespace: "static", defaultLocale: "en_US", by: .commandLine)
            #expect(imported.version == 1 && imported.documents == 4 && imported.changes.addedCount == 4)
            let token = try await app.appToken(credentials)

            let german = try await app.send(.GET, "/v1/data/wow/items/19019?region=eu&locale=de_DE", headers: bearer(token))
            try #require(german.status == .ok, "\(german.body.string)")
            #expect(try german.decode(JSONValue.self) == .object(["id": .integer(19019), "name": .string("Donnerzorn"), "level": .integer(80)]))
            #expect(german.headers.first(name: .lastModified) != nil)
            // No German text: the default locale's.
            let fallback = try await app.send(.GET, "/v1/data/wow/items/873?region=eu&namespace=static&locale=de_DE", headers: bearer(token))
            #expect(try fallback.decode(JSONValue.self)["name"] == .string("Staff of Jordan"))
            let multi = try await app.send(.GET, "/v1/data/wow/classes/warrior?region=eu&locale=multi", headers: bearer(token))
            #expect(try multi.decode(JSONValue.self)["name"] == .object(["en_US": .string("Warrior"), "de_DE": .string("Krieger")]))

            // The same answer again is 304 with its ETag; another locale is another answer.
            let etag = try #require(german.headers.first(name: .eTag))
            var conditional = bearer(token)
            conditional.add(name: .ifNoneMatch, value: etag)
            let unchanged = try await app.send(.GET, "/v1/data/wow/items/19019?region=eu&locale=de_DE", headers: conditional)
            #expect(unchanged.status == .notModified && unchanged.body.readableBytes == 0)
            let english = try await app.send(.GET, "/v1/data/wow/items/19019?region=eu&locale=en_US", headers: conditional)
            #expect(english.status == .ok)

            // A collection in pages, in id order.
            let first = try await app.send(.GET, "/v1/data/wow/items?region=eu&locale=en_US&limit=2", headers: bearer(token))
            let page = try first.decode(Page<JSONValue>.self)
            #expect(page.data.map { $0["name"] } == [.string("Thunderfury"), .string("Archeus")])  // ids 19019, 2000: byte order
            let cursor = try #require(page.nextCursor)
            let second = try await app.send(.GET, "/v1/data/wow/items?region=eu&locale=en_US&limit=2&cursor=\(cursor)", headers: bearer(token))
            let last = try second.decode(Page<JSONValue>.self)
            #expect(last.data.map { $0["name"] } == [.string("Staff of Jordan")] && last.nextCursor == nil)

            // What is not there is 404; a query that does not hold is 400 naming it.
            for path in ["/v1/data/wow/items/1?region=eu", "/v1/data/wow/items?region=us", "/v1/data/wow/items/19019?region=eu&namespace=dynamic",
                         "/v1/data/d3/items?region=eu"] {
                let missing = try await app.send(.GET, path, headers: bearer(token))
                #expect(missing.status == .notFound, "\(path)")
                _ = try missing.problem()
            }
            let empty = try await app.send(.GET, "/v1/data/wow/mounts?region=eu", headers: bearer(token))
            #expect(try empty.decode(Page<JSONValue>.self).data.isEmpty)
            for (query, field) in [("", "region"), ("region=EU", "region"), ("region=eu&namespace=profile", "namespace"),
                                   ("region=eu&locale=german", "locale")] {
                let refused = try await app.send(.GET, "/v1/data/wow/items/19019?" + query, headers: bearer(token))
                #expect(refused.status == .badRequest, "\(query)")
                #expect(try refused.problem().errors?.map(\.field) == [field], "\(query)")
            }
            let anonymous = try await app.send(.GET, "/v1/data/wow/items/19019?region=eu")
            #expect(anonymous.status == .unauthorized)
        }
    }

    @Test(arguments: Engine.available)
    func anImportWithAnyProblemListsThemAllAndStoresNothing(_ engine: Engine) async throws {
        try await withPlayhouse(engine) { app in
            let credentials = try await app.createApp()
            let files = [
                Self.file("items", "1", #"{"id": 2, "name": "wrong id"}"#),
                Self.file("items", "3", #"[1, 2]"#),
                Self.file("items", "4", #"{"name": "#),
                Self.file("Items", "5", #"{}"#),
                Self.file("versions", "6", #"{}"#),
                Self.file("items", "a b", #"{}"#),
                Self.file("items", "7", #"{"fine": true}"#),
            ]
            let refused = await #expect(throws: PlayhouseProblem.self) {
                try await app.gameData.importFiles(files, appID: credentials.app.id, game: "wow", region: "eu", namespace: "profile",
                                                   defaultLocale: "english", by: .commandLine)
            }
            #expect(refused?.code == .invalidGameData)
            let detail = refused?.parameters["problems"] ?? ""
            for problem in ["the namespace profile", "the default locale english", "items/1.json: $.id is 2", "items/3.json: is not a JSON object",
                            "items/4.json: is not JSON", "Items/5.json: a collection's name", "versions/6.json: a collection's name",
                            "items/a b.json: a document's id"] {
                #expect(detail.contains(problem), "\(problem) in \(detail)")
            }
            #expect(!detail.contains("items/7.json"))
            #expect(try await app.count("game_data_versions") == 0)
            #expect(try await app.count("game_data_documents") == 0)
            #expect(try await app.gameData.versions(appID: credentials.app.id, game: "wow", all: true).isEmpty)
        }
    }

    /// A server remembers which version is current, and what it rendered of each; an import by
    /// another instance (or the CLI: another process) reaches its readers without it being told
    /// directly: on SQLite because the database changed, on PostgreSQL by the import's `NOTIFY`.
    /// Also a change made behind its back on SQLite.
    @Test(arguments: Engine.available)
    func aCurrentVersionChangedElsewhereReachesTheReaders(_ engine: Engine) async throws {
        try await withPlayhouse(engine) { app in
            let credentials = try await app.createApp(), appID = credentials.app.id
            let place = GameDataService.Place(appID: appID, game: "wow", region: "eu", namespace: .static)
            let first = try await app.gameData.importFiles(Self.release1, appID: appID, game: "wow", region: "eu", namespace: "static",
                                                           defaultLocale: "en_US", by: .commandLine)
            // Another instance: its own memory of the current versions, on the same database.
            let other = GameDataCurrent(app.playhouse.storeEngine.gameDataWatch(schema: app.playhouse.configuration.postgresSchema))
            let instance = GameDataService(store: app.store, now: Date(), searchIndexes: GameDataSearchIndexes(), answers: GameDataAnswers(),
                                           current: other)
            func name() async throws -> JSONValue? {
                try await instance.document(place, collection: "items", id: "19019", in: .one("en_US"))?.answer
                    .map { try JSONValue(parsing: $0.body) }?["name"]
            }
            #expect(try await name() == .string("Thunderfury"))
            // On PostgreSQL it remembers once it listens, which the first read starts.
            for _ in 0..<100 where !other.remembers { try await Task.sleep(for: .milliseconds(50)) }
            #expect(other.remembers)
            #expect(try await name() == .string("Thunderfury"), "now remembered")

            // This instance imports the next release: the other hears of it (at once on SQLite, a moment later on PostgreSQL).
            _ = try await app.gameData.importFiles(Self.release2, appID: appID, game: "wow", region: "eu", namespace: "static", defaultLocale: "en_US", by: .commandLine)
            func eventually(_ expected: JSONValue) async throws {
                var seen = try await name()
                for _ in 0..<100 where seen != expected {
                    try await Task.sleep(for: .milliseconds(50))
                    seen = try await name()
                }
                #expect(seen == expected)
            }
            try await eventually(.string("Thunderfury, Blessed Blade"))

            if engine == .sqlite {
                // Version 1 made current again behind every instance's back, on a connection of the test's own.
                try await app.sql().raw("""
                    UPDATE game_data_current SET version_id = (SELECT id FROM game_data_versions WHERE app_id = \(bind: appID) AND number = \(bind: first.version))
                    WHERE app_id = \(bind: appID)
                    """).run()
                // Readers trust the last look for `lookInterval` (1 ms): a fast update can fall inside it.
                try await Task.sleep(nanoseconds: 2 * GameDataCurrent.lookInterval)
                #expect(try await name() == .string("Thunderfury"))
            }
            await other.close()
        }
    }

    @Test(arguments: Engine.available)
    func eachImportIsAVersionWithItsChangesAndRollbackSwitchesReadersBack(_ engine: Engine) async throws {
        try await withPlayhouse(engine) { app in
            let credentials = try await app.createApp(), appID = credentials.app.id
            let token = try await app.appToken(credentials)
            _ = try await app.gameData.importFiles(Self.release1, appID: appID, game: "wow", region: "eu", namespace: "static", defaultLocale: "en_US", by: .commandLine)
            let before = try await app.send(.GET, "/v1/data/wow/items/19019?region=eu&locale=en_US", headers: bearer(token))
            let second = try await app.gameData.importFiles(Self.release2, appID: appID, game: "wow", region: "eu", namespace: "static",
                                                            defaultLocale: "en_US", by: .commandLine)
            #expect(second.version == 2)
            #expect(second.changes.added == [GameDataDocumentRef(collection: "items", id: "30")])
            #expect(second.changes.changed == [GameDataDocumentRef(collection: "items", id: "19019")])
            #expect(second.changes.removed == [GameDataDocumentRef(collection: "items", id: "2000")])
            // Another region is another set of versions.
            _ = try await app.gameData.importFiles(Self.release1, appID: appID, game: "wow", region: "us", namespace: "static", defaultLocale: "en_US", by: .commandLine)

            let versions = try await app.send(.GET, "/v1/data/wow/versions", headers: bearer(token))
            try #require(versions.status == .ok, "\(versions.body.string)")
            #expect(versions.headers.first(name: .lastModified) != nil && versions.headers.first(name: .vary) == "Authorization, Playhouse-Client-ID")
            let current = try versions.decode(GameDataVersions.self).data
            #expect(current.map { "\($0.region) \($0.namespace.rawValue) \($0.version)" } == ["eu static 2", "us static 1"])
            #expect(current.first?.changes == second.changes && current.allSatisfy(\.current))

            // Readers get the new version, whose answer has a new ETag.
            let after = try await app.send(.GET, "/v1/data/wow/items/19019?region=eu&locale=en_US", headers: bearer(token))
            #expect(try after.decode(JSONValue.self)["name"] == .string("Thunderfury, Blessed Blade"))
            #expect(after.headers.first(name: .eTag) != before.headers.first(name: .eTag))
            let removed = try await app.send(.GET, "/v1/data/wow/items/2000?region=eu", headers: bearer(token))
            #expect(removed.status == .notFound)

            // A reader paging through items stays in the version it started in, whatever is imported meanwhile.
            let firstPage = try await app.send(.GET, "/v1/data/wow/items?region=eu&locale=en_US&limit=1", headers: bearer(token))
            let cursor = try #require(try firstPage.decode(Page<JSONValue>.self).nextCursor)

            // Rolled back to version 1: a new version with version 1's documents, its changes against version 2.
            let rolledBack = try #require(try await app.gameData.rollback(.init(appID: appID, game: "wow", region: "eu", namespace: .static), to: 1, by: .commandLine))
            #expect(rolledBack.version == 3 && rolledBack.restores == 1 && rolledBack.current)
            #expect(rolledBack.changes.added == [GameDataDocumentRef(collection: "items", id: "2000")])
            #expect(rolledBack.changes.changed == second.changes.changed && rolledBack.changes.removed == second.changes.added)
            #expect(try await app.gameData.rollback(.init(appID: appID, game: "wow", region: "eu", namespace: .static), to: 9, by: .commandLine) == nil)
            let again = try await app.send(.GET, "/v1/data/wow/items/19019?region=eu&locale=en_US", headers: bearer(token))
            #expect(try again.decode(JSONValue.self) == (try before.decode(JSONValue.self)))
            let all = try await app.gameData.versions(appID: appID, game: "wow", all: true)
            #expect(all.map { "\($0.region) \($0.version) \($0.current) \($0.restores ?? 0)" } == ["eu 1 false 0", "eu 2 false 0", "eu 3 true 1", "us 1 true 0"])

            // The page after the first is version 2's (Stick, id 30), not version 3's (Archeus, id 2000).
            let nextPage = try await app.send(.GET, "/v1/data/wow/items?region=eu&locale=en_US&limit=1&cursor=\(cursor)", headers: bearer(token))
            #expect(try nextPage.decode(Page<JSONValue>.self).data.map { $0["name"] } == [.string("Stick")])
            let gone = try await app.send(.GET, "/v1/data/wow/items?region=eu&limit=1&cursor=" + PageRequest.cursor(Int64(9) << 32), headers: bearer(token))
            #expect(gone.status == .badRequest)
        }
    }

    @Test(arguments: Engine.available)
    func importsAtOnceAreNumberedOneAfterTheOther(_ engine: Engine) async throws {
        try await withPlayhouse(engine) { app in
            let appID = try await app.createApp().app.id
            _ = try await app.gameData.importFiles(Self.release1, appID: appID, game: "wow", region: "eu", namespace: "static", defaultLocale: "en_US", by: .commandLine)
            async let one = app.gameData.importFiles(Self.release2, appID: appID, game: "wow", region: "eu", namespace: "static", defaultLocale: "en_US", by: .commandLine)
            async let other = app.gameData.importFiles(Self.release1, appID: appID, game: "wow", region: "eu", namespace: "static", defaultLocale: "en_US", by: .commandLine)
            let both = try await [one, other].sorted { $0.version < $1.version }
            #expect(both.map(\.version) == [2, 3])
            // Whichever came first, the later one's changes are against it: the two releases differ by one
            // document added, one changed and one removed, each way.
            #expect(both[1].changes.changedCount == 1 && both[1].changes.addedCount == 1 && both[1].changes.removedCount == 1)
        }
    }

    @Test(arguments: Engine.available)
    func aRefusedImportLeavesTheCurrentVersionAsItWas(_ engine: Engine) async throws {
        try await withPlayhouse(engine) { app in
            let appID = try await app.createApp().app.id
            _ = try await app.gameData.importFiles(Self.release1, appID: appID, game: "wow", region: "eu", namespace: "static", defaultLocale: "en_US", by: .commandLine)
            // Everything about the import is right but one file.
            let refused = await #expect(throws: PlayhouseProblem.self) {
                try await app.gameData.importFiles(Self.release2 + [Self.file("items", "31", "[1]")], appID: appID, game: "wow", region: "eu",
                                                   namespace: "static", defaultLocale: "en_US", by: .commandLine)
            }
            #expect(refused?.parameters["problems"] == "items/31.json: is not a JSON object")
            #expect(try await app.count("game_data_versions") == 1)
            #expect(try await app.count("game_data_documents") == Self.release1.count)
            #expect(try await app.gameData.versions(appID: appID, game: "wow", all: true).map(\.version) == [1])
        }
    }

    /// Readers on two instances page through a collection while imports switch it between two
    /// releases: every reading sees one release whole, never some of each.
    @Test(.enabled(if: Engine.available.contains(.postgres), "two instances share PostgreSQL"))
    func readersOnTwoInstancesNeverSeeAMixDuringImports() async throws {
        let configuration = Engine.postgres.isolatedConfiguration()
        func release(_ number: Int) -> [GameDataFile] {
            (1...12).map { Self.file("items", String($0), #"{"id": \#($0), "release": \#(number)}"#) }
        }
        try await withPlayhouse(configuration, drop: false) { first in
            try await withPlayhouse(configuration, drop: true) { second in
                let credentials = try await first.createApp(), appID = credentials.app.id
                _ = try await first.gameData.importFiles(release(1), appID: appID, game: "wow", region: "eu", namespace: "static", defaultLocale: "en_US", by: .commandLine)
                _ = try await first.apps.setRateLimits(credentials.app.clientID, RequestRateLimits(perSecond: 100_000), by: .commandLine)  // 180 reads at once
                let token = try await first.appToken(credentials)
                let readings = try await withThrowingTaskGroup(of: [Set<Int>].self) { group in
                    group.addTask {
                        for number in 2...7 {
                            _ = try await first.gameData.importFiles(release(number), appID: appID, game: "wow", region: "eu", namespace: "static",
                                                                     defaultLocale: "en_US", by: .commandLine)
                        }
                        return []
                    }
                    for instance in [first, second, first, second] {
                        group.addTask {
                            var readings: [Set<Int>] = []
                            for _ in 0..<15 {
                                var releases = Set<Int>(), cursor: String?, count = 0
                                repeat {
                                    let path = "/v1/data/wow/items?region=eu&limit=5" + (cursor.map { "&cursor=\($0)" } ?? "")
                                    let page = try await instance.send(.GET, path, headers: bearer(token)).decode(Page<JSONValue>.self)
                                    for document in page.data { if case .integer(let number)? = document["release"] { releases.insert(Int(number)) } }
                                    count += page.data.count
                                    cursor = page.nextCursor
                                } while cursor != nil
                                #expect(count == 12)
                                readings.append(releases)
                            }
                            return readings
                        }
                    }
                    return try await group.reduce(into: []) { $0 += $1 }
                }
                #expect(readings.count == 60 && readings.allSatisfy { $0.count == 1 }, "\(readings.filter { $0.count != 1 })")
                // The readings did see the imports happen.
                #expect(Set(readings.compactMap(\.first)).count > 1)
            }
        }
    }
}
