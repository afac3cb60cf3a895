import PlayhouseAPI

/// The documents of one collection in one version, indexed by every field, so that a
/// ``GameDataSearch`` costs binary searches and a pass over a bit set, not a read of every
/// document. A version never changes, so neither does its index; it holds no document bodies,
/// only each field's values (text in lowercase) and whose they are.
struct GameDataSearchIndex: Sendable {
    /// A field's value as searches compare it: numbers first, then texts (lowercase), then booleans.
    enum Key: Comparable, Sendable {
        case number(Double)
        case text(String)
        case bool(Bool)

        static func < (one: Key, other: Key) -> Bool {
            switch (one, other) {
            case let (.number(a), .number(b)): a < b
            case let (.text(a), .text(b)): a < b
            case let (.bool(a), .bool(b)): !a && b
            case (.number, _): true
            case (.text, .bool): true
            default: false
            }
        }
    }

    /// Every value of one field, in key order and then document order, with whose it is.
    struct Field: Sendable {
        var keys: [Key] = []
        var documents: [Int32] = []
        /// For each document, where its least and its greatest value rank among the field's distinct
        /// values (``missing`` when it has none): what ordering compares.
        var least: [Int32]
        var greatest: [Int32]

        static let missing = Int32.max

        init(_ values: [(key: Key, document: Int32)], count: Int) {
            least = Array(repeating: Self.missing, count: count)
            greatest = least
            var rank: Int32 = -1
            for value in values.sorted(by: { ($0.key, $0.document) < ($1.key, $1.document) }) {
                if keys.last != value.key { rank += 1 }
                keys.append(value.key)
                documents.append(value.document)
                let document = Int(value.document)
                if least[document] == Self.missing { least[document] = rank }
                greatest[document] = rank
            }
        }

        /// The first place whose key is not below `key` (`orEqual`: not above it).
        func place(after key: Key, orEqual: Bool = false) -> Int {
            var low = 0, high = keys.count
            while low < high {
                let middle = (low + high) / 2
                if keys[middle] < key || (orEqual && keys[middle] == key) { low = middle + 1 } else { high = middle }
            }
            return low
        }

        /// The places of the values `match` takes.
        func places(_ match: GameDataSearch.Match) -> [Range<Int>] {
            switch match {
            case .equals(let text):
                var keys: [Key] = [.text(text.lowercased())]
                if let number = Double(text), number.isFinite { keys.append(.number(number)) }
                if let bool = Bool(text) { keys.append(.bool(bool)) }
                return keys.map { place(after: $0)..<place(after: $0, orEqual: true) }
            case .range(let lower, let upper):
                // Numbers come first: every key from .text("") on is not one.
                let start = lower.map { place(after: .number($0.value), orEqual: !$0.inclusive) } ?? 0
                let end = upper.map { place(after: .number($0.value), orEqual: $0.inclusive) } ?? place(after: .text(""))
                return start < end ? [start..<end] : []
            }
        }
    }

    /// The documents' ids in byte order; a document's number is its place here.
    let ids: [String]
    private let fields: [String: Field]

    init(_ documents: [(id: String, body: JSONValue)]) {
        let documents = documents.sorted { $0.id.utf8.lexicographicallyPrecedes($1.id.utf8) }
        ids = documents.map(\.id)
        var values: [String: [(key: Key, document: Int32)]] = [:]
        for (number, document) in documents.enumerated() {
            Self.collect(document.body, at: "", document: Int32(number), into: &values)
        }
        let count = ids.count
        fields = values.mapValues { Field($0, count: count) }
    }

    /// Each leaf of `value` under the path of its object members (arrays add nothing to a path).
    private static func collect(_ value: JSONValue, at path: String, document: Int32, into values: inout [String: [(key: Key, document: Int32)]]) {
        switch value {
        case .object(let members):
            for (name, member) in members { collect(member, at: path.isEmpty ? name : path + "." + name, document: document, into: &values) }
        case .array(let elements):
            for element in elements { collect(element, at: path, document: document, into: &values) }
        case .string(let text): values[path, default: []].append((.text(text.lowercased()), document))
        case .integer(let number): values[path, default: []].append((.number(Double(number)), document))
        case .number(let number): values[path, default: []].append((.number(number), document))
        case .bool(let bool): values[path, default: []].append((.bool(bool), document))
        case .null: break
        }
    }

    /// The ids of the documents `search` finds, its page of them, and how many it finds in all.
    /// A filter or an order naming a field no document has is refused (`unknown_field`).
    func run(_ search: GameDataSearch, collection: String) throws(PlayhouseProblem) -> (total: Int, ids: [String]) {
        var found: DocumentSet?
        for filter in search.filters {
            guard let field = fields[filter.field] else {
                throw .unknownGameDataField(filter.field, of: collection, parameter: filter.field + (filter.negated ? "!" : ""))
            }
            var matching = DocumentSet(count: ids.count)
            for match in filter.matches {
                for places in field.places(match) { for place in places { matching.insert(field.documents[place]) } }
            }
            if filter.negated { matching.invert() }
            found = found.map { $0.intersection(matching) } ?? matching
        }
        var order: [(field: Field, descending: Bool)] = []
        for item in search.order {
            guard let field = fields[item.field] else {
                throw .unknownGameDataField(item.field, of: collection, parameter: "orderby")
            }
            order.append((field, item.descending))
        }
        var documents = found?.members ?? (0..<Int32(ids.count)).map { $0 }
        if !order.isEmpty {
            documents.sort { first, second in
                for (field, descending) in order {
                    let a = Int(first), b = Int(second)
                    let one = descending ? field.greatest[a] : field.least[a], other = descending ? field.greatest[b] : field.least[b]
                    if one == other { continue }
                    if one == Field.missing || other == Field.missing { return other == Field.missing }
                    return descending ? one > other : one < other
                }
                return first < second
            }
        }
        let start = min((search.page - 1) * search.pageSize, documents.count)
        let page = documents[start..<min(start + search.pageSize, documents.count)]
        return (documents.count, page.map { ids[Int($0)] })
    }
}

/// A set of document numbers below a count, one bit each.
struct DocumentSet: Sendable {
    private var words: [UInt64]
    private let count: Int

    init(count: Int) {
        self.count = count
        words = Array(repeating: 0, count: (count + 63) / 64)
    }

    mutating func insert(_ document: Int32) {
        words[Int(document) >> 6] |= 1 << (UInt64(document) & 63)
    }

    /// Every number below the count that was not in the set, and none that was.
    mutating func invert() {
        for index in words.indices { words[index] = ~words[index] }
        if count % 64 != 0, !words.isEmpty { words[words.count - 1] &= (1 << UInt64(count % 64)) - 1 }
    }

    func intersection(_ other: DocumentSet) -> DocumentSet {
        var result = self
        for index in words.indices { result.words[index] &= other.words[index] }
        return result
    }

    /// The numbers in the set, ascending.
    var members: [Int32] {
        var members: [Int32] = []
        for (index, word) in words.enumerated() where word != 0 {
            var bits = word
            while bits != 0 {
                members.append(Int32(index * 64 + bits.trailingZeroBitCount))
                bits &= bits - 1
            }
        }
        return members
    }
}

extension PlayhouseProblem {
    /// 400: a search names `field`, which no document of `collection` has, in its `parameter`.
    static func unknownGameDataField(_ field: String, of collection: String, parameter: String) -> PlayhouseProblem {
        PlayhouseProblem(.badRequest, .invalidRequest, message: "unknown_game_data_field", parameters: ["field": field, "collection": collection],
                         fields: [.init(name: parameter, code: "unknown_field")])
    }
}
