import Foundation
import PlayhouseAPI

/// The app's game data by game, region and locale: `client.gameData`.
///
/// ```swift
/// struct Item: Decodable, Sendable { var id: Int; var name: String; var level: Int }
/// let items = client.gameData.repository(Item.self, game: "realms", collection: "items")
/// let sword = try await items.document(id: "19019")        // in the configured region and locale
/// let raw = try await client.gameData.document(game: "realms", collection: "items", id: "19019", locale: "multi")
/// ```
///
/// Every call comes in two forms: raw (the answer's bytes, `Data`) and typed (a
/// ``GameDataRepository`` of the app's own model type), each async or with a completion handler.
/// Region, namespace and locale come from the configuration (``GameDataOptions``) unless a call
/// names them. Answers are remembered with their `ETag` for as long as the client lives, so asking
/// again for unchanged data costs the server a `304` and sends no body. Calls use the signed-in
/// player's token; signed out, the app's token, or a public client's id alone.
public struct GameDataAPI: Sendable {
    let api: APIClient
    let options: GameDataOptions
    let remembered = RememberedAnswers()
    let pacer: RateLimitPacer

    init(api: APIClient, options: GameDataOptions) {
        self.api = api
        self.options = options
        pacer = RateLimitPacer(longestWait: api.configuration.retryPolicy.maxDelay)
    }

    /// The document `id` of `collection`, as the server sends it.
    public func document(game: String, collection: String, id: String, region: String? = nil, namespace: GameDataNamespace? = nil,
                         locale: String? = nil) async throws(PlayhouseError) -> Data {
        try await read(Self.path(game, collection, id), query: query(region: region, namespace: namespace, locale: locale))
    }

    public func document(game: String, collection: String, id: String, region: String? = nil, namespace: GameDataNamespace? = nil,
                         locale: String? = nil, completion: @escaping @MainActor @Sendable (Result<Data, PlayhouseError>) -> Void) {
        deliver(completion) { () async throws(PlayhouseError) -> Data in
            try await document(game: game, collection: collection, id: id, region: region, namespace: namespace, locale: locale)
        }
    }

    /// A page of `collection`'s documents in id order (`{"data": […], "next_cursor": …}`), as the server sends it.
    public func documents(game: String, collection: String, region: String? = nil, namespace: GameDataNamespace? = nil, locale: String? = nil,
                          limit: Int = 25, cursor: String? = nil) async throws(PlayhouseError) -> Data {
        var query = query(region: region, namespace: namespace, locale: locale)
        query.append(URLQueryItem(name: "limit", value: String(limit)))
        if let cursor { query.append(URLQueryItem(name: "cursor", value: cursor)) }
        return try await read(Self.path(game, collection), query: query)
    }

    public func documents(game: String, collection: String, region: String? = nil, namespace: GameDataNamespace? = nil, locale: String? = nil,
                          limit: Int = 25, cursor: String? = nil,
                          completion: @escaping @MainActor @Sendable (Result<Data, PlayhouseError>) -> Void) {
        deliver(completion) { () async throws(PlayhouseError) -> Data in
            try await documents(game: game, collection: collection, region: region, namespace: namespace, locale: locale, limit: limit, cursor: cursor)
        }
    }

    /// A page of the documents of `collection` that pass every filter, in `orderBy`'s order (id
    /// order without it), as the server sends it:
    /// `{"page": 1, "page_size": 100, "max_page_size": 1000, "page_count": …, "total": …, "data": […]}`.
    /// `page` counts from 1; `pageSize` is 1 to 1000. A field no document has is refused
    /// (`invalid_request`, naming it).
    public func search(game: String, collection: String, filters: [GameDataFilter] = [], orderBy: [GameDataOrder] = [], page: Int = 1,
                       pageSize: Int = 100, region: String? = nil, namespace: GameDataNamespace? = nil,
                       locale: String? = nil) async throws(PlayhouseError) -> Data {
        var query = query(region: region, namespace: namespace, locale: locale)
        query += filters.map { URLQueryItem(name: $0.name, value: $0.value) }
        if !orderBy.isEmpty { query.append(URLQueryItem(name: "orderby", value: orderBy.map(\.text).joined(separator: ","))) }
        query.append(URLQueryItem(name: "_page", value: String(page)))
        query.append(URLQueryItem(name: "_pageSize", value: String(pageSize)))
        return try await read(Self.path(game, collection, "search"), query: query)
    }

    public func search(game: String, collection: String, filters: [GameDataFilter] = [], orderBy: [GameDataOrder] = [], page: Int = 1,
                       pageSize: Int = 100, region: String? = nil, namespace: GameDataNamespace? = nil, locale: String? = nil,
                       completion: @escaping @MainActor @Sendable (Result<Data, PlayhouseError>) -> Void) {
        deliver(completion) { () async throws(PlayhouseError) -> Data in
            try await search(game: game, collection: collection, filters: filters, orderBy: orderBy, page: page, pageSize: pageSize,
                             region: region, namespace: namespace, locale: locale)
        }
    }

    /// The game's current version in each region and namespace, and what each changed.
    public func versions(game: String) async throws(PlayhouseError) -> GameDataVersions {
        let body = try await read(Self.path(game, "versions"), query: [])
        return try GameDataDecoding.decode(body, what: "the versions of \(game)")
    }

    public func versions(game: String, completion: @escaping @MainActor @Sendable (Result<GameDataVersions, PlayhouseError>) -> Void) {
        deliver(completion) { () async throws(PlayhouseError) -> GameDataVersions in try await versions(game: game) }
    }

    // MARK: Player profiles

    /// The signed-in player's profile in `game`: its collections, with how many documents each has.
    /// Profiles are read with the player's token, which needs the game's consent (the scope
    /// `{game}.profile`, ``profileScope(game:)``); without it the server refuses (`insufficient_scope`).
    public func profile(game: String) async throws(PlayhouseError) -> GameProfile {
        let body = try await read(Self.profilePath(game), query: [], asPlayer: true)
        return try GameDataDecoding.decode(body, what: "the profile in \(game)")
    }

    public func profile(game: String, completion: @escaping @MainActor @Sendable (Result<GameProfile, PlayhouseError>) -> Void) {
        deliver(completion) { () async throws(PlayhouseError) -> GameProfile in try await profile(game: game) }
    }

    /// The document `id` of `collection` in the signed-in player's profile in `game`, as the server sends it.
    public func profileDocument(game: String, collection: String, id: String, locale: String? = nil) async throws(PlayhouseError) -> Data {
        try await read(Self.profilePath(game, collection, id), query: localeQuery(locale), asPlayer: true)
    }

    public func profileDocument(game: String, collection: String, id: String, locale: String? = nil,
                                completion: @escaping @MainActor @Sendable (Result<Data, PlayhouseError>) -> Void) {
        deliver(completion) { () async throws(PlayhouseError) -> Data in
            try await profileDocument(game: game, collection: collection, id: id, locale: locale)
        }
    }

    /// A page of `collection` in the signed-in player's profile in `game`, in id order
    /// (`{"data": […], "next_cursor": …}`), as the server sends it.
    public func profileDocuments(game: String, collection: String, locale: String? = nil, limit: Int = 25,
                                 cursor: String? = nil) async throws(PlayhouseError) -> Data {
        var query = localeQuery(locale)
        query.append(URLQueryItem(name: "limit", value: String(limit)))
        if let cursor { query.append(URLQueryItem(name: "cursor", value: cursor)) }
        return try await read(Self.profilePath(game, collection), query: query, asPlayer: true)
    }

    public func profileDocuments(game: String, collection: String, locale: String? = nil, limit: Int = 25, cursor: String? = nil,
                                 completion: @escaping @MainActor @Sendable (Result<Data, PlayhouseError>) -> Void) {
        deliver(completion) { () async throws(PlayhouseError) -> Data in
            try await profileDocuments(game: game, collection: collection, locale: locale, limit: limit, cursor: cursor)
        }
    }

    /// `collection` of the signed-in player's profile in `game` as the app's own `Document` type.
    public func profileRepository<Document: Decodable & Sendable>(_ type: Document.Type, game: String,
                                                                   collection: String) -> GameProfileRepository<Document> {
        GameProfileRepository(api: self, game: game, collection: collection)
    }

    /// The scope a sign-in asks for to read the player's profile in `game`: `{game}.profile`. On the
    /// hosted page the player allows all, some or none of the games asked for.
    public static func profileScope(game: String) -> String { game + ".profile" }

    /// `collection`'s documents as the app's own `Document` type.
    public func repository<Document: Decodable & Sendable>(_ type: Document.Type, game: String, collection: String) -> GameDataRepository<Document> {
        GameDataRepository(api: self, game: game, collection: collection)
    }

    // MARK: Reading

    /// The query of a read: the region, namespace and locale asked for, else the configured ones.
    func query(region: String?, namespace: GameDataNamespace?, locale: String?) -> [URLQueryItem] {
        var items: [URLQueryItem] = []
        if let region = region ?? options.region { items.append(URLQueryItem(name: "region", value: region)) }
        items.append(URLQueryItem(name: "namespace", value: (namespace ?? options.namespace).rawValue))
        return items + localeQuery(locale)
    }

    /// The query of a profile read: the locale asked for, else the configured one.
    func localeQuery(_ locale: String?) -> [URLQueryItem] {
        [URLQueryItem(name: "locale", value: locale ?? options.locale ?? Self.locale(of: api.configuration.locale))]
    }

    /// `language_REGION` of `locale` (`de_DE`), or `multi` when it lacks either.
    static func locale(of locale: Locale) -> String {
        guard let language = locale.language.languageCode?.identifier, let region = locale.region?.identifier,
              language.count == 2, region.count == 2 else { return "multi" }
        return language.lowercased() + "_" + region.uppercased()
    }

    /// The answer at `path`, for whoever calls or (`asPlayer`) with the signed-in player's token:
    /// sent with the `ETag` of the answer remembered for it, which a `304` keeps; paced by the
    /// app's limits (``RateLimitPacer``).
    private func read(_ path: String, query: [URLQueryItem], asPlayer: Bool = false) async throws(PlayhouseError) -> Data {
        let key = path + "?" + query.map { "\($0.name)=\($0.value ?? "")" }.joined(separator: "&")
        let known = await remembered.answer(for: key)
        try await pacer.wait()
        let response = try await api.revalidate(path, query: query, headers: known.map { ["If-None-Match": $0.etag] } ?? [:], asPlayer: asPlayer)
        await pacer.heard(response)
        if response.status == 304, let known { return known.body }
        if let etag = response.header("ETag") { await remembered.remember(key, etag: etag, body: response.body) }
        return response.body
    }

    private static func path(_ parts: String...) -> String {
        APIPath.gameData + "/" + parts.map(\.pathSegment).joined(separator: "/")
    }

    private static func profilePath(_ parts: String...) -> String {
        APIPath.gameProfiles + "/" + parts.map(\.pathSegment).joined(separator: "/")
    }
}

/// Answers with their `ETag`s, by request, kept in memory (at most ``capacity``; past it, the
/// oldest half is forgotten).
actor RememberedAnswers {
    static let capacity = 500
    private var answers: [String: (etag: String, body: Data, order: Int)] = [:]
    private var counter = 0

    func answer(for key: String) -> (etag: String, body: Data)? {
        answers[key].map { ($0.etag, $0.body) }
    }

    func remember(_ key: String, etag: String, body: Data) {
        counter += 1
        answers[key] = (etag, body, counter)
        if answers.count > Self.capacity {
            let cut = answers.values.map(\.order).sorted()[answers.count / 2]
            answers = answers.filter { $0.value.order >= cut }
        }
    }
}
