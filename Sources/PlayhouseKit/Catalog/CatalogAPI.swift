import Foundation
import PlayhouseAPI

/// Dealers, their stores, catalogs and offers near the player: `client.catalog`.
///
/// ```swift
/// await client.catalog.setLocation(latitude: 55.68, longitude: 12.57, radius: 5000, isFromSensor: true)
/// for try await delivery in client.catalog.offers(orderBy: ["distance"], limit: 25) {
///     show(delivery.value.data)          // at once from the cache (delivery.source == .cache), then from the network
/// }
/// ```
///
/// Every call answers up to twice: from the cache when it holds a fresh answer to the same call
/// (every object in it fresh too), then from the network when the server's answer differs. The
/// network call sends the cached answer's `ETag`, so an unchanged answer costs a `304`. For one
/// answer, ask a call for its ``CatalogDeliveries/value``. Calls use the signed-in player's token;
/// signed out, the app's token, or a public client's id alone (no secret needed).
public struct CatalogAPI: Sendable {
    let api: APIClient
    let options: CatalogCacheOptions
    private let state: CatalogState

    init(api: APIClient, options: CatalogCacheOptions) {
        self.api = api
        self.options = options
        state = CatalogState(clientID: api.configuration.clientID, cache: options.cache)
    }

    /// Where the player is, and how far to look: sent with every call that can use it.
    public func setLocation(latitude: Double, longitude: Double, radius: Double, isFromSensor: Bool = false) async {
        await state.setLocation(CatalogLocation(latitude: latitude, longitude: longitude, radius: radius, isFromSensor: isFromSensor))
    }

    /// The location set last, if any.
    public func location() async -> CatalogLocation? { await state.location }

    // MARK: Typed calls

    /// The valid offers near `near` (or the location set), nearest first unless `orderBy` says
    /// otherwise (`distance`, `name`, `price`, `valid_date`, `expiration_date`, `created`; `-` for
    /// descending), each with its nearest store.
    public func offers(near: CatalogLocation? = nil, dealerIDs: [String] = [], storeIDs: [String] = [], catalogIDs: [String] = [],
                       offerIDs: [String] = [], orderBy: [String] = [], limit: Int = 25, cursor: String? = nil) -> CatalogDeliveries<Page<Offer>> {
        list(APIPath.offers, near: near, ids: ["dealer_ids": dealerIDs, "store_ids": storeIDs, "catalog_ids": catalogIDs, "offer_ids": offerIDs],
             orderBy: orderBy, limit: limit, cursor: cursor)
    }

    /// The offers with a word starting with each word of `query`, near `near` (or the location set).
    public func searchOffers(_ query: String, near: CatalogLocation? = nil, dealerIDs: [String] = [], orderBy: [String] = [],
                             limit: Int = 25, cursor: String? = nil) -> CatalogDeliveries<Page<Offer>> {
        list(APIPath.offerSearch, near: near, ids: ["dealer_ids": dealerIDs], orderBy: orderBy, limit: limit, cursor: cursor,
             extra: [URLQueryItem(name: "query", value: query)])
    }

    public func offer(id: String) -> CatalogDeliveries<Offer> { one(APIPath.offers, id: id, located: true) }

    /// The valid catalogs near `near` (or the location set), each with its nearest store.
    public func catalogs(near: CatalogLocation? = nil, dealerIDs: [String] = [], storeIDs: [String] = [], catalogIDs: [String] = [],
                         orderBy: [String] = [], limit: Int = 25, cursor: String? = nil) -> CatalogDeliveries<Page<Catalog>> {
        list(APIPath.catalogs, near: near, ids: ["dealer_ids": dealerIDs, "store_ids": storeIDs, "catalog_ids": catalogIDs],
             orderBy: orderBy, limit: limit, cursor: cursor)
    }

    public func catalog(id: String) -> CatalogDeliveries<Catalog> { one(APIPath.catalogs, id: id, located: true) }

    /// A catalog's pages, each image in three sizes.
    public func pages(catalogID: String) -> CatalogDeliveries<Page<CatalogPage>> {
        deliveries(APIPath.catalogs + "/" + catalogID.pathSegment + "/pages", query: [])
    }

    /// A catalog's hotspots: its offers' rectangles on its pages.
    public func hotspots(catalogID: String) -> CatalogDeliveries<Page<CatalogHotspot>> {
        deliveries(APIPath.catalogs + "/" + catalogID.pathSegment + "/hotspots", query: [])
    }

    /// The stores near `near` (or the location set), nearest first unless `orderBy` says otherwise.
    public func stores(near: CatalogLocation? = nil, dealerIDs: [String] = [], storeIDs: [String] = [], orderBy: [String] = [],
                       limit: Int = 25, cursor: String? = nil) -> CatalogDeliveries<Page<DealerStore>> {
        list(APIPath.stores, near: near, ids: ["dealer_ids": dealerIDs, "store_ids": storeIDs], orderBy: orderBy, limit: limit, cursor: cursor)
    }

    public func store(id: String) -> CatalogDeliveries<DealerStore> { one(APIPath.stores, id: id, located: true) }

    public func dealers(ids: [String] = [], orderBy: [String] = [], limit: Int = 25, cursor: String? = nil) -> CatalogDeliveries<Page<Dealer>> {
        list(APIPath.dealers, near: nil, located: false, ids: ["dealer_ids": ids], orderBy: orderBy, limit: limit, cursor: cursor)
    }

    public func dealer(id: String) -> CatalogDeliveries<Dealer> { one(APIPath.dealers, id: id, located: false) }

    /// Any catalog path (`/v1/…`) with `parameters`, as eTilbudsavis' `api:type:parameters:useCache:`
    /// had: the answer as JSON; `useCache` false asks the network only. The location set is not
    /// added: name it in `parameters` (`r_lat`, `r_lng`, `r_radius`).
    public func raw(_ path: String, parameters: [String: String] = [:], useCache: Bool = true) -> CatalogDeliveries<JSONValue> {
        deliveries(path, query: parameters.sorted { $0.key < $1.key }.map { URLQueryItem(name: $0.key, value: $0.value) }, useCache: useCache)
    }

    /// A one-time address of the catalog viewer for the catalog with id `id`, at `page`
    /// (``CatalogViewer`` uses it).
    public func viewerLink(catalogID id: String, page: Int = 1) async throws(PlayhouseError) -> CatalogViewerLink {
        try await api.caller("POST", APIPath.catalogs + "/" + id.pathSegment + "/views", query: [URLQueryItem(name: "page", value: String(page))])
    }

    // MARK: Cache

    /// Forgets every cached answer.
    public func clearCache() async throws(PlayhouseError) {
        do {
            try await state.cache()?.clear()
        } catch {
            throw PlayhouseError(code: .localStoreFailed, message: "The catalog cache could not be cleared: \(error)")
        }
    }

    /// Forgets the cached answers and objects past their lifetime.
    public func clearOutOfDateCache() async throws(PlayhouseError) {
        do {
            try await state.cache()?.clearOutOfDate(now: api.configuration.now(), lifetimes: options.lifetimes)
        } catch {
            throw PlayhouseError(code: .localStoreFailed, message: "The catalog cache could not be cleared: \(error)")
        }
    }

    // MARK: Completion-handler forms

    /// Completion-handler form of ``offers(near:dealerIDs:storeIDs:catalogIDs:offerIDs:orderBy:limit:cursor:)``:
    /// `completion` runs on the main queue once or twice, `fromCache` true for the cached answer.
    public func offers(near: CatalogLocation? = nil, dealerIDs: [String] = [], orderBy: [String] = [], limit: Int = 25,
                       completion: @escaping @MainActor @Sendable (Result<Page<Offer>, PlayhouseError>, _ fromCache: Bool) -> Void) {
        deliver(offers(near: near, dealerIDs: dealerIDs, orderBy: orderBy, limit: limit), to: completion)
    }

    /// Completion-handler form of ``searchOffers(_:near:dealerIDs:orderBy:limit:cursor:)``: `completion`
    /// runs on the main queue once or twice, `fromCache` true for the cached answer.
    public func searchOffers(_ query: String, near: CatalogLocation? = nil, dealerIDs: [String] = [], orderBy: [String] = [], limit: Int = 25,
                             completion: @escaping @MainActor @Sendable (Result<Page<Offer>, PlayhouseError>, _ fromCache: Bool) -> Void) {
        deliver(searchOffers(query, near: near, dealerIDs: dealerIDs, orderBy: orderBy, limit: limit), to: completion)
    }

    /// Completion-handler form of ``raw(_:parameters:useCache:)``.
    public func raw(_ path: String, parameters: [String: String] = [:], useCache: Bool = true,
                    completion: @escaping @MainActor @Sendable (Result<JSONValue, PlayhouseError>, _ fromCache: Bool) -> Void) {
        deliver(raw(path, parameters: parameters, useCache: useCache), to: completion)
    }

    /// The completion-handler form of any call: each delivery of `deliveries` goes to `completion`
    /// on the main queue (`fromCache` true for the cached one), and a failure once.
    ///
    /// ```swift
    /// client.catalog.deliver(client.catalog.stores(limit: 10)) { result, fromCache in … }
    /// ```
    public func deliver<Value: Sendable>(_ deliveries: CatalogDeliveries<Value>,
                                         to completion: @escaping @MainActor @Sendable (Result<Value, PlayhouseError>, _ fromCache: Bool) -> Void) {
        Task {
            // The iterator's own `next()` throws the typed error on every OS (a `for try await` loop
            // keeps the type only from iOS 18 and macOS 15 on).
            var iterator = deliveries.makeAsyncIterator()
            do throws(PlayhouseError) {
                while let delivery = try await iterator.next() {
                    await MainActor.run { completion(.success(delivery.value), delivery.fromCache) }
                }
            } catch {
                await MainActor.run { completion(.failure(error), false) }
            }
        }
    }
}

extension CatalogAPI {
    /// A list at `path` with the location (when `located`), the id filters, the order and the page.
    private func list<Value: Decodable & Sendable>(_ path: String, near: CatalogLocation?, located: Bool = true, ids: [String: [String]],
                                                   orderBy: [String], limit: Int, cursor: String?,
                                                   extra: [URLQueryItem] = []) -> CatalogDeliveries<Value> {
        var query = extra + [URLQueryItem(name: "limit", value: String(limit))]
        for (name, values) in ids.sorted(by: { $0.key < $1.key }) where !values.isEmpty {
            query.append(URLQueryItem(name: name, value: values.joined(separator: ",")))
        }
        if !orderBy.isEmpty { query.append(URLQueryItem(name: "order_by", value: orderBy.joined(separator: ","))) }
        if let cursor { query.append(URLQueryItem(name: "cursor", value: cursor)) }
        return deliveries(path, query: query, located: located, near: near)
    }

    /// One object: `path/id`, with the location when `located` (its distance, its nearest store).
    private func one<Value: Decodable & Sendable>(_ path: String, id: String, located: Bool) -> CatalogDeliveries<Value> {
        deliveries(path + "/" + id.pathSegment, query: [], located: located)
    }

    /// The cache-then-network answers to `GET path?query` (with the location `near`, or the one
    /// set, when `located`).
    func deliveries<Value: Decodable & Sendable>(_ path: String, query: [URLQueryItem], located: Bool = false, near: CatalogLocation? = nil,
                                                 useCache: Bool = true) -> CatalogDeliveries<Value> {
        let api = self.api, options = self.options, state = self.state
        return CatalogDeliveries(stream: AsyncThrowingStream { continuation in
            let task = Task {
                do {
                    var query = query
                    let set = await state.location
                    if located, let location = near ?? set {
                        query += [URLQueryItem(name: "r_lat", value: String(location.latitude)),
                                  URLQueryItem(name: "r_lng", value: String(location.longitude)),
                                  URLQueryItem(name: "r_radius", value: String(location.radius))]
                    }
                    let key = path + "?" + query.map { "\($0.name)=\($0.value ?? "")" }.sorted().joined(separator: "&")
                    let cache = try? await state.cache()
                    let stored = try? await cache?.answer(key)
                    var delivered: Data?
                    if useCache, let stored, let cache, try await Self.isFresh(stored, in: cache, now: api.configuration.now(), lifetimes: options.lifetimes) {
                        continuation.yield(CatalogDelivery(value: try Self.decode(Value.self, stored.body), source: .cache,
                                                           age: max(0, api.configuration.now().timeIntervalSince(stored.fetchedAt))))
                        delivered = stored.body
                    }
                    let response = try await api.revalidate(path, query: query, headers: stored?.etag.map { ["If-None-Match": $0] } ?? [:])
                    let fetchedAt = api.configuration.now()
                    let body: Data
                    if response.status == 304, let stored {
                        body = stored.body
                        try? await cache?.refresh(key, erns: stored.erns, at: fetchedAt)
                    } else {
                        body = response.body
                        let value = try Self.decode(Value.self, body)
                        try? await cache?.store(key, body: body, etag: response.header("ETag"), objects: Self.objects(in: body), at: fetchedAt)
                        // Now and then, what is past its lifetime goes (the size bound keeps the rest in check).
                        if Int.random(in: 0..<50) == 0 { try? await cache?.clearOutOfDate(now: fetchedAt, lifetimes: options.lifetimes) }
                        if delivered == body && !options.deliversUnchangedAnswers { return continuation.finish() }
                        continuation.yield(CatalogDelivery(value: value, source: .network, age: 0))
                        return continuation.finish()
                    }
                    if delivered == nil || options.deliversUnchangedAnswers {
                        continuation.yield(CatalogDelivery(value: try Self.decode(Value.self, body), source: .network, age: 0))
                    }
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        })
    }

    /// Whether `answer` and every object it holds are within their lifetimes at `now`.
    static func isFresh(_ answer: SQLiteCatalogCache.Answer, in cache: SQLiteCatalogCache, now: Date,
                        lifetimes: CatalogCacheLifetimes) async throws -> Bool {
        guard now.timeIntervalSince(answer.fetchedAt) < lifetimes.lifetime(ofAnswerWith: answer.erns) else { return false }
        let fetched = try await cache.fetched(answer.erns)
        return answer.erns.allSatisfy { ern in fetched[ern].map { now.timeIntervalSince($0) < lifetimes.lifetime(ofERN: ern) } ?? false }
    }

    static func decode<Value: Decodable>(_ type: Value.Type, _ body: Data) throws(PlayhouseError) -> Value {
        do {
            return try PlayhouseJSON.makeDecoder().decode(Value.self, from: body)
        } catch {
            throw PlayhouseError(code: .badResponse, message: "The server's answer could not be read: \(error)")
        }
    }

    /// Every JSON object in `body` (at any depth) with an `ern`, by ERN.
    static func objects(in body: Data) -> [String: Data] {
        guard let json = try? JSONValue(parsing: body) else { return [:] }
        var objects: [String: Data] = [:]
        func walk(_ value: JSONValue) {
            switch value {
            case .object(let members):
                if case .string(let ern)? = members["ern"], let encoded = try? PlayhouseJSON.makeEncoder().encode(value) { objects[ern] = encoded }
                members.values.forEach(walk)
            case .array(let items):
                items.forEach(walk)
            default:
                break
            }
        }
        walk(json)
        return objects
    }
}

/// The location set and the cache, opened at first use.
actor CatalogState {
    private let clientID: String
    private var opened: SQLiteCatalogCache?
    private(set) var location: CatalogLocation?

    init(clientID: String, cache: SQLiteCatalogCache?) {
        self.clientID = clientID
        opened = cache
    }

    func setLocation(_ location: CatalogLocation) { self.location = location }

    /// The cache; nil when the standard one cannot be opened (the calls then go to the network only).
    func cache() throws -> SQLiteCatalogCache? {
        if let opened { return opened }
        let cache = try SQLiteCatalogCache.standard(clientID: clientID)
        opened = cache
        return cache
    }
}

// MARK: Completion-handler forms

extension CatalogAPI {
    /// Completion-handler form of ``viewerLink(catalogID:page:)``; `completion` runs on the main queue.
    public func viewerLink(catalogID id: String, page: Int = 1, completion: @escaping @MainActor @Sendable (Result<CatalogViewerLink, PlayhouseError>) -> Void) {
        PlayhouseKit.deliver(completion) { () async throws(PlayhouseError) -> CatalogViewerLink in try await viewerLink(catalogID: id, page: page) }
    }

    /// Completion-handler form of ``clearCache()``; `completion` runs on the main queue.
    public func clearCache(completion: @escaping @MainActor @Sendable (Result<Void, PlayhouseError>) -> Void) {
        PlayhouseKit.deliver(completion) { () async throws(PlayhouseError) -> Void in try await clearCache() }
    }

    /// Completion-handler form of ``clearOutOfDateCache()``; `completion` runs on the main queue.
    public func clearOutOfDateCache(completion: @escaping @MainActor @Sendable (Result<Void, PlayhouseError>) -> Void) {
        PlayhouseKit.deliver(completion) { () async throws(PlayhouseError) -> Void in try await clearOutOfDateCache() }
    }
}
