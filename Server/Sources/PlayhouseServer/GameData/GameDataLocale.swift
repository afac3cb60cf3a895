import PlayhouseAPI

/// Which text of a game-data document a reader gets, as Battle.net does it: a localised field is
/// an object whose keys are all locales (`{"en_US": "Sword", "de_DE": "Schwert"}`). Asked for one
/// locale, each such field becomes its text in that locale, else in the version's default locale,
/// else in the first locale it has (in byte order). Asked for `multi` (or for none), every field
/// keeps all of its locales.
enum GameDataLocale: Hashable, Sendable {
    case one(String)
    case multi

    /// The `locale` a query names: `multi`, or a locale such as `en_US`; nil when it is neither.
    init?(query: String?) {
        guard let query, query != "multi" else { self = .multi; return }
        guard Self.isLocale(query) else { return nil }
        self = .one(query)
    }

    /// Two lowercase letters, `_`, two uppercase letters: `en_US`, `zh_TW`.
    static func isLocale(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard bytes.count == 5, bytes[2] == UInt8(ascii: "_") else { return false }
        return bytes[0..<2].allSatisfy { (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0) }
            && bytes[3..<5].allSatisfy { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) }
    }

    /// Whether `fields` is a localised field: not empty, and every key a locale.
    static func isLocalised(_ fields: [String: JSONValue]) -> Bool {
        !fields.isEmpty && fields.keys.allSatisfy(isLocale)
    }

    /// `document` as a reader asking for this locale gets it; `fallback` is the version's default locale.
    func apply(to document: JSONValue, fallback: String) -> JSONValue {
        guard case .one(let locale) = self else { return document }
        return Self.pick(locale, fallback: fallback, in: document)
    }

    private static func pick(_ locale: String, fallback: String, in value: JSONValue) -> JSONValue {
        switch value {
        case .object(let fields) where isLocalised(fields):
            // Locales are ASCII, so the least by `<` is the first in byte order.
            return fields[locale] ?? fields[fallback] ?? fields[fields.keys.min()!]!
        case .object(let fields):
            return .object(fields.mapValues { pick(locale, fallback: fallback, in: $0) })
        case .array(let values):
            return .array(values.map { pick(locale, fallback: fallback, in: $0) })
        default:
            return value
        }
    }
}
