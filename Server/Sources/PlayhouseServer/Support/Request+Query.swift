import Foundation
import PlayhouseAPI
import Vapor

extension Request {
    /// The query string read as `Query`: the one way a controller reads its query.
    ///
    /// ```swift
    /// struct Query: Decodable { var status: Status?; var limit: Int?; var cursor: String? }
    /// let query = try request.query(Query.self)
    /// ```
    ///
    /// Each stored property is a name in the query string. Text, whole numbers, numbers,
    /// `true`/`false`, UUIDs, RFC 3339 times, string enums and comma lists (`[String]`) are read.
    /// An empty value is none for optional text and lists (`?cursor=` is the first page, `?dealer_ids=`
    /// no filter); for any other type it is a value of the wrong type. A value that is not of its
    /// property's type, or a required one that is missing, is `400 invalid_request` naming the
    /// field, never a 422; rules about the values themselves follow in the controller or service,
    /// as ``PlayhouseProblem/invalidQuery(_:_:)``. Read straight from the URL (``QueryString``),
    /// without Vapor's form decoder, which costs tens of microseconds.
    func query<Query: Decodable>(_ type: Query.Type) throws -> Query {
        do {
            return try Query(from: QueryDecoder(query: QueryString(url.query)))
        } catch let error as DecodingError {
            throw PlayhouseProblem.invalidQuery(error)
        }
    }
}

extension Request {
    /// How many days back a statistics call asks for, today included: its `days`, 1 to 90, 7
    /// unless asked (`400 out_of_range` otherwise).
    func statisticsDays() throws -> Int {
        struct Query: Decodable { var days: Int? }
        let days = try query(Query.self).days ?? 7
        guard (1...90).contains(days) else { throw PlayhouseProblem.invalidQuery("days", "out_of_range") }
        return days
    }
}

extension PlayhouseProblem {
    /// 400: the query's `name` is not valid (`code`: `invalid_value`, `required`, `out_of_range`).
    static func invalidQuery(_ name: String, _ code: String = "invalid_value") -> PlayhouseProblem {
        PlayhouseProblem(.badRequest, .invalidRequest, message: "invalid_query", parameters: ["parameter": name],
                         fields: [.init(name: name, code: code)])
    }

    /// 400: a query value that is not of its field's type (or a missing required one), the field named.
    static func invalidQuery(_ error: DecodingError) -> PlayhouseProblem {
        let (path, code): ([any CodingKey], String) = switch error {
        case let .keyNotFound(key, context): (context.codingPath + [key], "required")
        case let .valueNotFound(_, context): (context.codingPath, "required")
        case let .typeMismatch(_, context), let .dataCorrupted(context): (context.codingPath, "invalid_value")
        @unknown default: ([], "invalid_value")
        }
        return invalidQuery(path.first?.stringValue ?? "query", code)
    }
}

/// Reads a flat `Decodable` struct from a query string: each property a name, each value text.
private struct QueryDecoder: Decoder {
    let query: QueryString
    var codingPath: [any CodingKey] = []
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(Keyed<Key>(query: query))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        throw DecodingError.typeMismatch([Any].self, .init(codingPath: codingPath, debugDescription: "a query is a set of names"))
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        throw DecodingError.typeMismatch(Any.self, .init(codingPath: codingPath, debugDescription: "a query is a set of names"))
    }

    struct Keyed<Key: CodingKey>: KeyedDecodingContainerProtocol {
        let query: QueryString
        var codingPath: [any CodingKey] { [] }
        var allKeys: [Key] { [] }

        func contains(_ key: Key) -> Bool { query[key.stringValue] != nil }
        func decodeNil(forKey key: Key) throws -> Bool { query[key.stringValue] == nil }

        func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
            guard let text = query[key.stringValue] else {
                throw DecodingError.keyNotFound(key, .init(codingPath: [], debugDescription: "missing"))
            }
            return try QueryValue(text: text, codingPath: [key]).read(type)
        }

        func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? {
            query[key.stringValue].flatMap { $0.isEmpty ? nil : $0 }
        }

        func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
            guard let text = query[key.stringValue] else { return nil }
            if text.isEmpty, type is any ExpressibleByArrayLiteral.Type { return nil }
            return try QueryValue(text: text, codingPath: [key]).read(type)
        }

        func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
            throw DecodingError.typeMismatch(type, .init(codingPath: [key], debugDescription: "a query value is text"))
        }

        func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
            throw DecodingError.typeMismatch([Any].self, .init(codingPath: [key], debugDescription: "a query value is text"))
        }

        func superDecoder() throws -> any Decoder { QueryDecoder(query: query) }
        func superDecoder(forKey key: Key) throws -> any Decoder { QueryDecoder(query: query) }
    }
}

/// One query value, read as the type asked for.
private struct QueryValue: Decoder, SingleValueDecodingContainer {
    let text: String
    var codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func read<T: Decodable>(_ type: T.Type) throws -> T {
        // Foundation's own Decodable forms are not how a query spells these.
        if type == Date.self {
            guard let date = RFC3339.parse(text) else { throw mismatch(type) }
            return date as! T
        }
        if type == UUID.self {
            guard let id = UUID(uuidString: text) else { throw mismatch(type) }
            return id as! T
        }
        return try T(from: self)
    }

    private func mismatch(_ type: Any.Type) -> DecodingError {
        .typeMismatch(type, .init(codingPath: codingPath, debugDescription: "\(text) is no \(type)"))
    }

    private func number<T: LosslessStringConvertible>(_ type: T.Type) throws -> T {
        guard let value = T(text) else { throw mismatch(type) }
        return value
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> { throw mismatch(type) }
    func unkeyedContainer() throws -> any UnkeyedDecodingContainer { CommaList(items: text.split(separator: ",", omittingEmptySubsequences: false).map(String.init), codingPath: codingPath) }
    func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

    func decodeNil() -> Bool { false }
    func decode(_ type: Bool.Type) throws -> Bool {
        switch text {
        case "true": return true
        case "false": return false
        default: throw mismatch(type)
        }
    }
    func decode(_ type: String.Type) throws -> String { text }
    func decode(_ type: Double.Type) throws -> Double {
        guard let value = Double(text), value.isFinite else { throw mismatch(type) }
        return value
    }
    func decode(_ type: Float.Type) throws -> Float { Float(try decode(Double.self)) }
    func decode(_ type: Int.Type) throws -> Int { try number(type) }
    func decode(_ type: Int8.Type) throws -> Int8 { try number(type) }
    func decode(_ type: Int16.Type) throws -> Int16 { try number(type) }
    func decode(_ type: Int32.Type) throws -> Int32 { try number(type) }
    func decode(_ type: Int64.Type) throws -> Int64 { try number(type) }
    func decode(_ type: UInt.Type) throws -> UInt { try number(type) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try number(type) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try number(type) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try number(type) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try number(type) }
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try read(type) }
}

/// A comma list (`dealer_ids=a,b,c`), for an array property.
private struct CommaList: UnkeyedDecodingContainer {
    let items: [String]
    var codingPath: [any CodingKey]
    var currentIndex = 0
    var count: Int? { items.count }
    var isAtEnd: Bool { currentIndex >= items.count }

    mutating func decodeNil() throws -> Bool { false }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        guard !isAtEnd else { throw DecodingError.valueNotFound(type, .init(codingPath: codingPath, debugDescription: "end of list")) }
        defer { currentIndex += 1 }
        return try QueryValue(text: items[currentIndex], codingPath: codingPath).read(type)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        throw DecodingError.typeMismatch(type, .init(codingPath: codingPath, debugDescription: "a list of text"))
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        throw DecodingError.typeMismatch([Any].self, .init(codingPath: codingPath, debugDescription: "a list of text"))
    }

    mutating func superDecoder() throws -> any Decoder { QueryValue(text: "", codingPath: codingPath) }
}
