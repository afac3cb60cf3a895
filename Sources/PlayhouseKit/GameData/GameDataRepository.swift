import Foundation
import PlayhouseAPI

/// A collection of game data as the app's own model type (``GameDataAPI/repository(_:game:collection:)``).
/// A document that does not decode is a ``PlayhouseError`` (`bad_response`) naming the document and
/// the field.
public struct GameDataRepository<Document: Decodable & Sendable>: Sendable {
    let api: GameDataAPI
    public let game: String
    public let collection: String

    /// The document `id`.
    public func document(id: String, region: String? = nil, namespace: GameDataNamespace? = nil,
                         locale: String? = nil) async throws(PlayhouseError) -> Document {
        let body = try await api.document(game: game, collection: collection, id: id, region: region, namespace: namespace, locale: locale)
        return try GameDataDecoding.decode(body, what: "\(collection)/\(id)")
    }

    public func document(id: String, region: String? = nil, namespace: GameDataNamespace? = nil, locale: String? = nil,
                         completion: @escaping @MainActor @Sendable (Result<Document, PlayhouseError>) -> Void) {
        deliver(completion) { () async throws(PlayhouseError) -> Document in
            try await document(id: id, region: region, namespace: namespace, locale: locale)
        }
    }

    /// Every document of the collection, in id order, `pageSize` at a time as the loop reaches them.
    public func documents(region: String? = nil, namespace: GameDataNamespace? = nil, locale: String? = nil,
                          pageSize: Int = 25) -> PagedSequence<Document> {
        PagedSequence(pageSize: pageSize) { limit, cursor throws(PlayhouseError) in
            try await documentsPage(region: region, namespace: namespace, locale: locale, limit: limit, cursor: cursor)
        }
    }

    /// A page of the collection's documents, in id order.
    public func documentsPage(region: String? = nil, namespace: GameDataNamespace? = nil, locale: String? = nil, limit: Int = 25,
                              cursor: String? = nil) async throws(PlayhouseError) -> Page<Document> {
        let body = try await api.documents(game: game, collection: collection, region: region, namespace: namespace, locale: locale,
                                           limit: limit, cursor: cursor)
        return try GameDataDecoding.decode(body, what: "a page of \(collection)")
    }

    public func documentsPage(region: String? = nil, namespace: GameDataNamespace? = nil, locale: String? = nil, limit: Int = 25,
                              cursor: String? = nil, completion: @escaping @MainActor @Sendable (Result<Page<Document>, PlayhouseError>) -> Void) {
        deliver(completion) { () async throws(PlayhouseError) -> Page<Document> in
            try await documentsPage(region: region, namespace: namespace, locale: locale, limit: limit, cursor: cursor)
        }
    }

    /// A page of the documents that pass every filter, in `orderBy`'s order (id order without it).
    public func search(_ filters: [GameDataFilter] = [], orderBy: [GameDataOrder] = [], page: Int = 1, pageSize: Int = 100,
                       region: String? = nil, namespace: GameDataNamespace? = nil,
                       locale: String? = nil) async throws(PlayhouseError) -> GameDataSearchPage<Document> {
        let body = try await api.search(game: game, collection: collection, filters: filters, orderBy: orderBy, page: page, pageSize: pageSize,
                                        region: region, namespace: namespace, locale: locale)
        return try GameDataDecoding.decode(body, what: "a search of \(collection)")
    }

    public func search(_ filters: [GameDataFilter] = [], orderBy: [GameDataOrder] = [], page: Int = 1, pageSize: Int = 100,
                       region: String? = nil, namespace: GameDataNamespace? = nil, locale: String? = nil,
                       completion: @escaping @MainActor @Sendable (Result<GameDataSearchPage<Document>, PlayhouseError>) -> Void) {
        deliver(completion) { () async throws(PlayhouseError) -> GameDataSearchPage<Document> in
            try await search(filters, orderBy: orderBy, page: page, pageSize: pageSize, region: region, namespace: namespace, locale: locale)
        }
    }
}

/// Answers of game data read as the app's types, naming what does not decode.
enum GameDataDecoding {
    /// `body` as `Value`; what does not decode is named: `what`, and the field's path in it.
    static func decode<Value: Decodable>(_ body: Data, what: String, as type: Value.Type = Value.self) throws(PlayhouseError) -> Value {
        do {
            return try PlayhouseJSON.makeDecoder().decode(Value.self, from: body)
        } catch let error as DecodingError {
            throw PlayhouseError(code: .badResponse, message: "\(what) does not decode as \(Value.self): \(describe(error))")
        } catch {
            throw PlayhouseError(code: .badResponse, message: "\(what) does not decode as \(Value.self): \(error)")
        }
    }

    /// The field and what was wrong with it: `data[0].level: expected Int, found a string`.
    static func describe(_ error: DecodingError) -> String {
        func path(_ keys: [any CodingKey]) -> String {
            keys.map { $0.intValue.map { "[\($0)]" } ?? "." + $0.stringValue }.joined().trimmingCharacters(in: CharacterSet(charactersIn: "."))
        }
        switch error {
        case .keyNotFound(let key, let context): return "\(path(context.codingPath + [key])): missing"
        case .typeMismatch(let type, let context): return "\(path(context.codingPath)): not \(type) (\(context.debugDescription))"
        case .valueNotFound(let type, let context): return "\(path(context.codingPath)): null where \(type) was expected"
        case .dataCorrupted(let context): return "\(path(context.codingPath)): \(context.debugDescription)"
        @unknown default: return "\(error)"
        }
    }
}
