import Foundation
import PlayhouseAPI
@testable import PlayhouseKit
import Testing

/// The catalog calls' cache-then-network answers, against a scripted server and an injected clock.
@Suite struct CatalogCacheTests {
    /// A clock the test moves.
    final class TestClock: @unchecked Sendable {
        private let lock = NSLock()
        private var current = Date(timeIntervalSince1970: 1_795_000_000)
        var now: Date { lock.withLock { current } }
        func advance(_ seconds: TimeInterval) { lock.withLock { current += seconds } }
    }

    /// A scripted server: the token, then each catalog GET answered by `answer` (path and query,
    /// the `If-None-Match` sent), recording the catalog requests.
    final class Server: @unchecked Sendable {
        private let lock = NSLock()
        private var bodies: [String: String] = [:]
        private(set) var revalidations: [String?] = []

        func set(_ path: String, _ body: String) { lock.withLock { bodies[path] = body } }

        func transport() -> MockTransport {
            MockTransport { [self] request, _ in
                if request.url.path == APIPath.token { return Fixtures.token() }
                let (body, sentTag) = lock.withLock { (bodies[request.url.path], request.header("If-None-Match")) }
                lock.withLock { revalidations.append(sentTag) }
                guard let body else { return Fixtures.problem(404, code: "not_found") }
                let etag = "\"\(body.hashValue)\""
                if sentTag == etag { return HTTPResponse(status: 304, headers: ["ETag": etag]) }
                return Fixtures.json(200, body, headers: ["ETag": etag, "Cache-Control": "max-age=900"])
            }
        }
    }

    static func offer(_ id: String, price: String = "9.95") -> String {
        """
        {"id":"\(id)","ern":"ern:offer:\(id)","dealer_id":"netto","heading":"Kaffe \(id)","price":{"amount":"\(price)","currency":"DKK"},
         "valid_from":"2026-11-23T00:00:00Z","valid_until":"2036-11-23T00:00:00Z"}
        """
    }

    static func page(_ offers: [String]) -> String { #"{"data":[\#(offers.joined(separator: ","))]}"# }

    static func client(_ server: Server, clock: TestClock, maxObjects: Int = 100, unchanged: Bool = false) throws -> (PlayhouseClient, MockTransport) {
        let transport = server.transport()
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("catalog-cache-\(UUID().uuidString).sqlite")
        let cache = try SQLiteCatalogCache(url: url, maxObjects: maxObjects)
        let client = PlayhouseClient(configuration: .init(
            baseURL: Fixtures.baseURL, clientID: "ph_x", clientSecret: "phs_secret", transport: transport,
            retryPolicy: RetryPolicy(maxAttempts: 1), now: { clock.now }, appLifecycle: nil,
            catalog: CatalogCacheOptions(cache: cache, deliversUnchangedAnswers: unchanged)))
        return (client, transport)
    }

    static func collect<Value>(_ deliveries: CatalogDeliveries<Value>) async throws -> [CatalogDelivery<Value>] {
        var all: [CatalogDelivery<Value>] = []
        for try await delivery in deliveries { all.append(delivery) }
        return all
    }

    @Test func aFreshAnswerComesFromTheCacheAndAnUnchangedOneIsNotDeliveredTwice() async throws {
        let server = Server(), clock = TestClock()
        server.set(APIPath.offers, Self.page([Self.offer("a"), Self.offer("b")]))
        let (client, _) = try Self.client(server, clock: clock)

        let first = try await Self.collect(client.catalog.offers())
        #expect(first.map(\.source) == [.network] && first[0].value.data.map(\.id) == ["a", "b"] && first[0].age == 0)

        clock.advance(600)
        let second = try await Self.collect(client.catalog.offers())
        #expect(second.map(\.source) == [.cache])
        #expect(second[0].value.data.map(\.id) == ["a", "b"] && second[0].age == 600)
        #expect(server.revalidations.last != nil, "the cached answer's ETag was sent")

        // A changed answer is delivered after the cached one.
        server.set(APIPath.offers, Self.page([Self.offer("a", price: "7.95"), Self.offer("b")]))
        clock.advance(60)
        let third = try await Self.collect(client.catalog.offers())
        #expect(third.map(\.source) == [.cache, .network])
        #expect(third[0].value.data[0].price.amount == "9.95" && third[1].value.data[0].price.amount == "7.95")
    }

    /// One answer: the network's the first time; the cache's when the server says it is
    /// unchanged, or cannot be reached; a failure with nothing cached is the typed error.
    @Test func theValueIsOneAnswerAndFailuresAreTyped() async throws {
        let server = Server(), clock = TestClock()
        server.set(APIPath.offers, Self.page([Self.offer("a")]))
        let (client, _) = try Self.client(server, clock: clock)
        #expect(try await client.catalog.offers().value.data.map(\.id) == ["a"])
        clock.advance(60)
        #expect(try await client.catalog.offers().value.data.map(\.id) == ["a"], "the cached one, confirmed by a 304")

        do throws(PlayhouseError) {
            for try await _ in client.catalog.dealers() {}
            Issue.record("no dealers here")
        } catch {
            #expect(error.code == .notFound, "a PlayhouseError, with no cast")
        }
        await #expect(throws: PlayhouseError.self) { try await client.catalog.stores().value }
    }

    @Test func aStaleAnswerIsNotDeliveredFromTheCacheButRevalidated() async throws {
        let server = Server(), clock = TestClock()
        server.set(APIPath.offers + "/a", Self.offer("a"))
        let (client, _) = try Self.client(server, clock: clock)
        _ = try await Self.collect(client.catalog.offer(id: "a"))
        clock.advance(901)
        let stale = try await Self.collect(client.catalog.offer(id: "a"))
        #expect(stale.map(\.source) == [.network] && stale[0].value.id == "a")
        #expect(server.revalidations.last != nil)  // a 304 answered it, from the stored body
        // The 304 made it fresh again.
        clock.advance(10)
        #expect(try await Self.collect(client.catalog.offer(id: "a")).map(\.source) == [.cache])
    }

    @Test func aListWithAMissingMemberIsNotAnsweredFromTheCache() async throws {
        let server = Server(), clock = TestClock()
        server.set(APIPath.offers, Self.page([Self.offer("a"), Self.offer("b")]))
        server.set(APIPath.offers + "/c", Self.offer("c"))
        server.set(APIPath.offers + "/d", Self.offer("d"))
        // The cache keeps two objects: fetching c and d later pushes a and b out.
        let (client, _) = try Self.client(server, clock: clock, maxObjects: 2)
        _ = try await Self.collect(client.catalog.offers())
        clock.advance(10)
        _ = try await Self.collect(client.catalog.offer(id: "c"))
        clock.advance(10)
        _ = try await Self.collect(client.catalog.offer(id: "d"))
        clock.advance(10)
        let list = try await Self.collect(client.catalog.offers())
        #expect(list.map(\.source) == [.network] && list[0].value.data.map(\.id) == ["a", "b"])
        #expect(try await Self.collect(client.catalog.offer(id: "d")).map(\.source) == [.cache])
    }

    @Test func clearingForgetsAndUnchangedAnswersCanBeDeliveredToo() async throws {
        let server = Server(), clock = TestClock()
        server.set(APIPath.offers + "/a", Self.offer("a"))
        server.set(APIPath.stores + "/s1", #"{"id":"s1","ern":"ern:store:s1","dealer_id":"netto","street":"Algade 1","city":"Aarhus","zip_code":"8000","country":"DK","latitude":56.1,"longitude":10.2,"opening_hours":[]}"#)
        let (client, _) = try Self.client(server, clock: clock, unchanged: true)
        _ = try await Self.collect(client.catalog.offer(id: "a"))
        _ = try await Self.collect(client.catalog.store(id: "s1"))
        // Asked to, the client delivers the network's answer even when it is the cached one.
        #expect(try await Self.collect(client.catalog.offer(id: "a")).map(\.source) == [.cache, .network])

        // Past an offer's 15 minutes and within a store's hour, only the store stays.
        clock.advance(1000)
        try await client.catalog.clearOutOfDateCache()
        #expect(try await Self.collect(client.catalog.store(id: "s1")).map(\.source) == [.cache, .network])
        #expect(try await Self.collect(client.catalog.offer(id: "a")).map(\.source) == [.network])
        #expect(server.revalidations.last == .some(nil), "nothing left to revalidate")

        try await client.catalog.clearCache()
        #expect(try await Self.collect(client.catalog.store(id: "s1")).map(\.source) == [.network])
    }

    @Test func theLocationGoesWithEveryCallAndTheCompletionFormIsCalledTwice() async throws {
        let server = Server(), clock = TestClock()
        server.set(APIPath.offers, Self.page([Self.offer("a")]))
        let (client, transport) = try Self.client(server, clock: clock)
        await client.catalog.setLocation(latitude: 55.68, longitude: 12.57, radius: 5000, isFromSensor: true)
        _ = try await Self.collect(client.catalog.offers(dealerIDs: ["netto", "fakta"], orderBy: ["distance", "-price"], limit: 10))
        let query = try #require(transport.requests(to: APIPath.offers).last?.url.query)
        for part in ["r_lat=55.68", "r_lng=12.57", "r_radius=5000", "dealer_ids=netto,fakta", "order_by=distance,-price", "limit=10"] {
            #expect(query.contains(part), "\(part) in \(query)")
        }
        #expect(await client.catalog.location()?.isFromSensor == true)

        server.set(APIPath.offers, Self.page([Self.offer("a", price: "1.00")]))
        let calls = await withCheckedContinuation { (done: CheckedContinuation<[Bool], Never>) in
            let seen = Calls()
            client.catalog.offers(dealerIDs: ["netto", "fakta"], orderBy: ["distance", "-price"], limit: 10) { result, fromCache in
                seen.append(fromCache, (try? result.get()) != nil)
                if seen.count == 2 { done.resume(returning: seen.fromCache) }
            }
        }
        #expect(calls == [true, false])
    }

    @MainActor final class Calls {
        private(set) var fromCache: [Bool] = []
        var count: Int { fromCache.count }
        func append(_ cached: Bool, _ succeeded: Bool) { if succeeded { fromCache.append(cached) } }
    }
}
