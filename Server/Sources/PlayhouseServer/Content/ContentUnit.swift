import Fluent
import Foundation
import PlayhouseAPI
import SQLKit

/// A content unit as stored: its definition from the content file, its images by asset name.
struct ContentUnit: Sendable {
    var id: UUID
    var definition: ContentFile.Unit
    var slug: String { definition.id }

    static let columns: SQLQueryString = "u.id, u.definition"

    init(id: UUID, definition: ContentFile.Unit) {
        self.id = id
        self.definition = definition
    }

    /// The unit of a row with its `id` and `definition`.
    init(row: some SQLRow) throws {
        try self.init(row: row, id: try row.decode(column: "id", as: UUID.self))
    }

    /// The unit of a row that carries its `definition` beside another table's `id`.
    init(row: some SQLRow, id: UUID) throws {
        self.init(id: id, definition: try JSONDecoder().decode(ContentFile.Unit.self,
                                                               from: Data(try row.decode(column: "definition", as: String.self).utf8)))
    }

    /// The unit's texts in the first of `languages` it has, else in its default language.
    func texts(for languages: [String]) -> (language: String, texts: ContentFile.Texts) {
        for language in languages {
            if let texts = definition.texts[language] { return (language, texts) }
            if let base = language.split(separator: "-").first.map(String.init), let texts = definition.texts[base] { return (base, texts) }
        }
        return (definition.defaultLanguage, definition.texts[definition.defaultLanguage] ?? ContentFile.Texts())
    }

    /// What a reward unit grants, on the wire.
    var grant: RewardGrant? {
        definition.reward.map { reward in
            RewardGrant(items: reward.items, amount: zip(reward.amount, reward.currency).map { Money(amount: $0, currency: $1) })
        }
    }
}

private func zip<A, B>(_ a: A?, _ b: B?) -> (A, B)? {
    guard let a, let b else { return nil }
    return (a, b)
}
