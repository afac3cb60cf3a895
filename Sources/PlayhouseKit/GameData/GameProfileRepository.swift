import Foundation
import PlayhouseAPI

/// A collection of the signed-in player's profile in a game as the app's own model type
/// (``GameDataAPI/profileRepository(_:game:collection:)``). Read with the player's token, which
/// needs the game's consent (``GameDataAPI/profileScope(game:)``). A document that does not decode
/// is a ``PlayhouseError`` (`bad_response`) naming the document and the field.
public struct GameProfileRepository<Document: Decodable & Sendable>: Sendable {
    let api: GameDataAPI
    public let game: String
    public let collection: String

    /// The document `id`.
    public func document(id: String, locale: String? = nil) async throws(PlayhouseError) -> Document {
        let body = try await api.profileDocument(game: game, collection: collection, id: id, locale: locale)
        return try GameDataDecoding.decode(body, what: "\(collection)/\(id) of the profile in \(game)")
    }

    public func document(id: String, locale: String? = nil, completion: @escaping @MainActor @Sendable (Result<Document, PlayhouseError>) -> Void) {
        deliver(completion) { () async throws(PlayhouseError) -> Document in try await document(id: id, locale: locale) }
    }

    /// Every document of the collection, in id order, `pageSize` at a time as the loop reaches them.
    public func documents(locale: String? = nil, pageSize: Int = 25) -> PagedSequence<Document> {
        PagedSequence(pageSize: pageSize) { limit, cursor throws(PlayhouseError) in
            try await documentsPage(locale: locale, limit: limit, cursor: cursor)
        }
    }

    /// A page of the collection's documents, in id order.
    public func documentsPage(locale: String? = nil, limit: Int = 25, cursor: String? = nil) async throws(PlayhouseError) -> Page<Document> {
        let body = try await api.profileDocuments(game: game, collection: collection, locale: locale, limit: limit, cursor: cursor)
        return try GameDataDecoding.decode(body, what: "a page of \(collection) of the profile in \(game)")
    }

    public func documentsPage(locale: String? = nil, limit: Int = 25, cursor: String? = nil,
                              completion: @escaping @MainActor @Sendable (Result<Page<Document>, PlayhouseError>) -> Void) {
        deliver(completion) { () async throws(PlayhouseError) -> Page<Document> in
            try await documentsPage(locale: locale, limit: limit, cursor: cursor)
        }
    }
}
