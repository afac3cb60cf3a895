import Foundation

/// A search of a game-data collection, read from its query the way Battle.net's game data search
/// reads one (`GET /v1/data/{game}/{collection}/search`). Every parameter but the reader's own
/// (``reserved``) is a filter on a field of the documents, named by its path (`name.en_US`,
/// `class.id`); a document is found when it passes every filter:
///
/// | query | finds documents whose field |
/// |---|---|
/// | `name.en_US=Thrall` | is the text `Thrall`, in any case (or the number or `true`/`false` written) |
/// | `level=[10,20]`, `level=(10,20)` | is a number from 10 to 20, with (`[ ]`) or without (`( )`) the ends |
/// | `level=[10,]`, `level=(,20)` | is a number from 10 up, below 20 |
/// | `level=5\|\|10` | matches either (any number of alternatives) |
/// | `level!=5` | does not match (documents without the field included) |
///
/// A field inside arrays matches when any of its values does (`tags=rare`). `orderby=level:desc,name.en_US`
/// orders the documents found (ascending unless `:desc`; ties, and documents without the field,
/// after, in id order); without it they are in id order. `_page` (from 1) and `_pageSize` (1 to
/// ``maxPageSize``, ``defaultPageSize`` when left out) pick the page.
struct GameDataSearch: Equatable, Sendable {
    /// One value a filter takes.
    enum Match: Equatable, Sendable {
        /// The text as written; a number or a boolean field matches its own text.
        case equals(String)
        /// Numbers between the bounds, each of which may be left open.
        case range(lower: Bound?, upper: Bound?)
    }

    struct Bound: Equatable, Sendable {
        var value: Double
        var inclusive: Bool
    }

    struct Filter: Equatable, Sendable {
        var field: String
        /// `field!=…`: documents that do not match.
        var negated = false
        /// Any of these.
        var matches: [Match]
    }

    struct Order: Equatable, Sendable {
        var field: String
        var descending = false
    }

    static let defaultPageSize = 100
    static let maxPageSize = 1000
    /// The furthest page: deeper than this, a search should be narrowed instead.
    static let maxPage = 10_000
    /// Parameters that are the reader's own, never filters.
    static let reserved: Set<String> = ["region", "namespace", "locale", "orderby", "_page", "_pageSize"]

    var filters: [Filter] = []
    var order: [Order] = []
    var page = 1
    var pageSize = defaultPageSize

    init(filters: [Filter] = [], order: [Order] = [], page: Int = 1, pageSize: Int = defaultPageSize) {
        self.filters = filters
        self.order = order
        self.page = page
        self.pageSize = pageSize
    }

    /// Reads `query` (a URL's query, percent-encoded); the problem names the first parameter that
    /// does not hold.
    init(query: String?) throws(PlayhouseProblem) {
        for (name, value) in QueryString(query).pairs {
            guard let name, !name.isEmpty else { throw PlayhouseProblem.invalidQuery("query", "invalid_value") }
            guard let value else { throw PlayhouseProblem.invalidQuery(name, "invalid_value") }
            switch name {
            case "region", "namespace", "locale": continue
            case "orderby": order += try Self.order(value)
            case "_page": page = try Self.number(value, in: 1...Self.maxPage, name: name)
            case "_pageSize": pageSize = try Self.number(value, in: 1...Self.maxPageSize, name: name)
            default: filters.append(try Self.filter(name, value))
            }
        }
    }

    private static func number(_ text: String, in range: ClosedRange<Int>, name: String) throws(PlayhouseProblem) -> Int {
        guard let number = Int(text), range.contains(number) else { throw PlayhouseProblem.invalidQuery(name, "invalid_value") }
        return number
    }

    /// A field's path: up to 8 names of 1 to 64 letters, digits, `-` and `_`, joined by `.`.
    static func isField(_ path: String) -> Bool {
        let names = path.split(separator: ".", omittingEmptySubsequences: false)
        return (1...8).contains(names.count) && names.allSatisfy { name in
            (1...64).contains(name.utf8.count) && name.utf8.allSatisfy { byte in
                (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                    || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
            }
        }
    }

    private static func order(_ text: String) throws(PlayhouseProblem) -> [Order] {
        var order: [Order] = []
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            let pieces = part.split(separator: ":", omittingEmptySubsequences: false)
            guard pieces.count <= 2, isField(String(pieces[0])) else { throw PlayhouseProblem.invalidQuery("orderby", "invalid_value") }
            switch pieces.count == 2 ? pieces[1] : "asc" {
            case "asc": order.append(Order(field: String(pieces[0])))
            case "desc": order.append(Order(field: String(pieces[0]), descending: true))
            default: throw PlayhouseProblem.invalidQuery("orderby", "invalid_value")
            }
        }
        guard order.count <= 4 else { throw PlayhouseProblem.invalidQuery("orderby", "invalid_value") }
        return order
    }

    private static func filter(_ name: String, _ value: String) throws(PlayhouseProblem) -> Filter {
        let negated = name.hasSuffix("!")
        let field = negated ? String(name.dropLast()) : name
        guard isField(field) else { throw PlayhouseProblem.invalidQuery(name, "invalid_field") }
        var matches: [Match] = []
        for alternative in value.components(separatedBy: "||") {
            guard let match = Self.match(alternative) else { throw PlayhouseProblem.invalidQuery(name, "invalid_value") }
            matches.append(match)
        }
        return Filter(field: field, negated: negated, matches: matches)
    }

    /// `[a,b]`, `(a,b)` (either end open: `[a,]`) or a text; nil when empty, or a range that is not one.
    private static func match(_ text: String) -> Match? {
        guard let first = text.first, let last = text.last else { return nil }
        guard "[(".contains(first) || "])".contains(last) else { return .equals(text) }
        guard text.count >= 3, "[(".contains(first), "])".contains(last) else { return nil }
        let ends = text.dropFirst().dropLast().split(separator: ",", omittingEmptySubsequences: false)
        guard ends.count == 2 else { return nil }
        func bound(_ end: Substring, inclusive: Bool) -> Bound?? {
            if end.trimmingCharacters(in: .whitespaces).isEmpty { return .some(nil) }
            guard let value = Double(end.trimmingCharacters(in: .whitespaces)), value.isFinite else { return nil }
            return Bound(value: value, inclusive: inclusive)
        }
        guard let lower = bound(ends[0], inclusive: first == "["), let upper = bound(ends[1], inclusive: last == "]"),
              lower != nil || upper != nil else { return nil }
        return .range(lower: lower, upper: upper)
    }
}
