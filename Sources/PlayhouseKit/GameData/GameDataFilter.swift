import Foundation

/// One filter of a game-data search (``GameDataAPI/search(game:collection:filters:orderBy:page:pageSize:region:namespace:locale:)``),
/// on a field named by its path (`name.en_US`, `item_class.id`): a document is found when it passes
/// every filter. Text matches whole and in any case; a field inside arrays matches when any of its
/// values does.
///
/// ```swift
/// [.matches("name.en_US", "Thrall"), .between("level", 10, 20), .matches("quality.type", anyOf: ["EPIC", "LEGENDARY"])]
/// ```
public struct GameDataFilter: Sendable, Equatable {
    /// The query parameter and its value, as Battle.net's search writes them (`level=[10,20]`).
    public let name: String
    public let value: String

    /// The field is `value` (a number or `true` also matches its own text).
    public static func matches(_ field: String, _ value: some LosslessStringConvertible) -> GameDataFilter {
        GameDataFilter(name: field, value: value.description)
    }

    /// The field is any of `values`.
    public static func matches(_ field: String, anyOf values: [String]) -> GameDataFilter {
        GameDataFilter(name: field, value: values.joined(separator: "||"))
    }

    /// The field is not `value`, or the document has no such field.
    public static func doesNotMatch(_ field: String, _ value: some LosslessStringConvertible) -> GameDataFilter {
        GameDataFilter(name: field + "!", value: value.description)
    }

    /// The field is a number from `lower` to `upper`, both included.
    public static func between(_ field: String, _ lower: Double, _ upper: Double) -> GameDataFilter {
        GameDataFilter(name: field, value: "[\(number(lower)),\(number(upper))]")
    }

    /// The field is a number of at least `lower`.
    public static func atLeast(_ field: String, _ lower: Double) -> GameDataFilter {
        GameDataFilter(name: field, value: "[\(number(lower)),]")
    }

    /// The field is a number of at most `upper`.
    public static func atMost(_ field: String, _ upper: Double) -> GameDataFilter {
        GameDataFilter(name: field, value: "[,\(number(upper))]")
    }

    /// The field is a number above `lower`.
    public static func above(_ field: String, _ lower: Double) -> GameDataFilter {
        GameDataFilter(name: field, value: "(\(number(lower)),)")
    }

    /// The field is a number below `upper`.
    public static func below(_ field: String, _ upper: Double) -> GameDataFilter {
        GameDataFilter(name: field, value: "(,\(number(upper)))")
    }

    /// A whole number without its `.0`.
    private static func number(_ value: Double) -> String {
        value.rounded() == value && abs(value) < 1e15 ? String(Int64(value)) : value.description
    }
}

/// How a search orders what it finds: by a field, ascending or descending (ties, and documents
/// without the field, after them in id order).
public struct GameDataOrder: Sendable, Equatable {
    public let field: String
    public let descending: Bool

    public static func ascending(_ field: String) -> GameDataOrder { GameDataOrder(field: field, descending: false) }
    public static func descending(_ field: String) -> GameDataOrder { GameDataOrder(field: field, descending: true) }

    var text: String { descending ? field + ":desc" : field }
}
