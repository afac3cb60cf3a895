import Foundation
import PlayhouseAPI
import Testing
@testable import PlayhouseKit

@Suite struct GameDataTests {
    struct Item: Decodable, Sendable, Equatable {
        var id: Int
        var name: String
        var level: Int
    }

    static func client(_ transport: MockTransport, options: GameDataOptions = GameDataOptions(region: "eu"),
                       locale: Locale = Locale(identifier: "de_DE")) -> PlayhouseClient {
        PlayhouseClient(configuration: .init(baseURL: Fixtures.baseURL, clientID: "ph_x", clientSecret: "phs_secret", locale: locale,
                                             transport: transport, tokenStore: MemoryTokenStore(), installationID: "install-0123456789abcdef",
                                             appLifecycle: nil, gameData: options))
    }

    static let sword = Fixtures.json(200, #"{"id":19019,"level":60,"name":"Klinge"}"#, headers: ["ETag": "\"v1\""])

    @Test func readsInTheConfiguredRegionAndTheClientsLocaleUnlessACallSaysOtherwise() async throws {
        let transport = MockTransport { request, _ in request.url.path == "/oauth/token" ? Fixtures.token() : Self.sword }
        let client = Self.client(transport)
        _ = try await client.gameData.document(game: "realms", collection: "items", id: "19019")
        _ = try await client.gameData.document(game: "realms", collection: "items", id: "19019", region: "us", namespace: .dynamic, locale: "multi")
        let reads = transport.requests(to: "/v1/data/realms/items/19019")
        #expect(reads.map { $0.url.query ?? "" } == ["region=eu&namespace=static&locale=de_DE", "region=us&namespace=dynamic&locale=multi"])
        #expect(reads.allSatisfy { $0.header("Authorization") == "Bearer pha_test" })
        #expect(GameDataAPI.locale(of: Locale(identifier: "en")) == "multi")
    }

    @Test func anUnchangedAnswerIsAskedForWithItsETagAndServedFromMemory() async throws {
        let transport = MockTransport { request, _ in
            if request.url.path == "/oauth/token" { return Fixtures.token() }
            return request.header("If-None-Match") == "\"v1\"" ? HTTPResponse(status: 304, headers: ["ETag": "\"v1\""]) : Self.sword
        }
        let items = Self.client(transport).gameData.repository(Item.self, game: "realms", collection: "items")
        let first = try await items.document(id: "19019")
        let second = try await items.document(id: "19019")
        #expect(first == Item(id: 19019, name: "Klinge", level: 60) && second == first)
        let reads = transport.requests(to: "/v1/data/realms/items/19019")
        #expect(reads.map { $0.header("If-None-Match") } == [nil, "\"v1\""])
    }

    @Test func aDocumentThatDoesNotDecodeIsNamedWithItsField() async throws {
        let transport = MockTransport { request, _ in
            if request.url.path == "/oauth/token" { return Fixtures.token() }
            if request.url.path.hasSuffix("/items") {
                return Fixtures.json(200, #"{"data":[{"id":1,"level":1,"name":"Stick"},{"id":2,"level":"high","name":"Staff"}],"next_cursor":null}"#)
            }
            return Fixtures.json(200, #"{"id":19019,"name":"Klinge"}"#)
        }
        let items = Self.client(transport).gameData.repository(Item.self, game: "realms", collection: "items")
        let missing = await #expect(throws: PlayhouseError.self) { _ = try await items.document(id: "19019") }
        #expect(missing?.code == .badResponse)
        #expect(missing?.message.contains("items/19019") == true && missing?.message.contains("level: missing") == true)
        let mistyped = await #expect(throws: PlayhouseError.self) { _ = try await items.documentsPage() }
        #expect(mistyped?.message.contains("a page of items") == true && mistyped?.message.contains("data[1].level") == true)
    }

    @Test func aRefusalComesBackAsTheServersProblem() async throws {
        let transport = MockTransport { request, _ in
            request.url.path == "/oauth/token" ? Fixtures.token() : Fixtures.problem(400, code: "invalid_request", detail: "region is required")
        }
        let client = Self.client(transport, options: GameDataOptions())
        let refused = await #expect(throws: PlayhouseError.self) { _ = try await client.gameData.versions(game: "realms") }
        #expect(refused?.status == 400 && refused?.code == .invalidRequest)
    }

    @Test func aSearchIsWrittenAsBattleNetsQuery() async throws {
        let found = Fixtures.json(200, #"{"page":2,"page_size":1,"max_page_size":1000,"page_count":3,"total":3,"data":[{"id":873,"level":40,"name":"Stab"}]}"#)
        let transport = MockTransport { request, _ in request.url.path == "/oauth/token" ? Fixtures.token() : found }
        let items = Self.client(transport).gameData.repository(Item.self, game: "realms", collection: "items")
        let page = try await items.search([.matches("name.en_US", "Stab"), .between("level", 10, 40.5), .matches("quality.type", anyOf: ["EPIC", "RARE"]),
                                           .doesNotMatch("item_class.id", 7), .atLeast("price.gold", 1), .below("price.silver", 50)],
                                          orderBy: [.descending("level"), .ascending("name.en_US")], page: 2, pageSize: 1, locale: "multi")
        #expect(page.data == [Item(id: 873, name: "Stab", level: 40)] && page.page == 2 && page.pageCount == 3 && page.total == 3)
        let sent = try #require(transport.requests(to: "/v1/data/realms/items/search").first)
        let query = URLComponents(url: sent.url, resolvingAgainstBaseURL: false)?.queryItems?.map { "\($0.name)=\($0.value ?? "")" }
        #expect(query == ["region=eu", "namespace=static", "locale=multi", "name.en_US=Stab", "level=[10,40.5]", "quality.type=EPIC||RARE",
                          "item_class.id!=7", "price.gold=[1,]", "price.silver=(,50)", "orderby=level:desc,name.en_US", "_page=2", "_pageSize=1"])
        // A + is sent as %2B: servers read a bare + as a space.
        _ = try await items.search([.matches("name.en_US", "C++"), .atLeast("level", 1e20)])
        let plus = try #require(transport.requests(to: "/v1/data/realms/items/search").last?.url.query)
        #expect(plus.contains("name.en_US=C%2B%2B") && (plus.contains("level=%5B1e%2B20,%5D") || plus.contains("level=[1e%2B20,]")), "\(plus)")
    }

    @Test func callsArePacedByTheLimitsTheServerAnnounces() async throws {
        // The first answer spends the second's calls: the next call waits for the window to end.
        let spent = Fixtures.json(200, #"{"id":19019,"level":60,"name":"Klinge"}"#,
                                  headers: ["RateLimit-Limit": "100", "RateLimit-Remaining": "0", "RateLimit-Reset": "1"])
        let transport = MockTransport { request, _ in request.url.path == "/oauth/token" ? Fixtures.token() : spent }
        let items = Self.client(transport).gameData.repository(Item.self, game: "realms", collection: "items")
        _ = try await items.document(id: "19019")
        let started = ContinuousClock.now
        _ = try await items.document(id: "873")
        #expect(ContinuousClock.now - started >= .milliseconds(900))
        #expect(transport.requests(to: "/v1/data/realms/items/873").count == 1)

        // An hour's calls spent: the call fails at once, without asking the server.
        let hour = Fixtures.json(200, #"{"id":19019,"level":60,"name":"Klinge"}"#,
                                 headers: ["RateLimit-Limit": "36000", "RateLimit-Remaining": "0", "RateLimit-Reset": "3599"])
        let hourly = MockTransport { request, _ in request.url.path == "/oauth/token" ? Fixtures.token() : hour }
        let paced = Self.client(hourly).gameData.repository(Item.self, game: "realms", collection: "items")
        _ = try await paced.document(id: "19019")
        let refused = await #expect(throws: PlayhouseError.self) { _ = try await paced.document(id: "873") }
        #expect(refused?.code == .rateLimited && refused?.message.contains("3599 s") == true)
        #expect(hourly.requests(to: "/v1/data/realms/items/873").isEmpty)
    }

    @Test @MainActor func everyCallHasACompletionHandlerForm() async throws {
        let transport = MockTransport { request, _ in request.url.path == "/oauth/token" ? Fixtures.token() : Self.sword }
        let items = Self.client(transport).gameData.repository(Item.self, game: "realms", collection: "items")
        let item = try await withCheckedThrowingContinuation { continuation in
            items.document(id: "19019") { result in continuation.resume(with: result) }
        }
        #expect(item.name == "Klinge")
    }
}
