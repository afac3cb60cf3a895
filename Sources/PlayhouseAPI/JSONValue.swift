import Foundation

/// Any JSON value, for bodies whose shape depends on the call (a batch's sub-requests and responses).
public enum JSONValue: Codable, Sendable, Equatable {
    case null
    case bool(Bool)
    /// A whole number that fits 64 bits.
    case integer(Int64)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() { self = .null }
        else if let value = try? container.decode(Bool.self) { self = .bool(value) }
        else if let value = try? container.decode(Int64.self) { self = .integer(value) }
        else if let value = try? container.decode(Double.self) { self = .number(value) }
        else if let value = try? container.decode(String.self) { self = .string(value) }
        else if let value = try? container.decode([JSONValue].self) { self = .array(value) }
        else { self = .object(try container.decode([String: JSONValue].self)) }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .integer(let value): try container.encode(value)
        case .number(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }

    /// The value at `key` of an object; nil otherwise.
    public subscript(key: String) -> JSONValue? {
        if case .object(let object) = self { return object[key] }
        return nil
    }

    /// The value at `index` of an array; nil otherwise.
    public subscript(index: Int) -> JSONValue? {
        if case .array(let array) = self, array.indices.contains(index) { return array[index] }
        return nil
    }

    /// The value as text: a string as it is, anything else as JSON.
    public var text: String {
        switch self {
        case .string(let value): return value
        case .integer(let value): return String(value)
        case .bool(let value): return value ? "true" : "false"
        case .null: return "null"
        default:
            return (try? String(decoding: PlayhouseJSON.makeEncoder().encode(self), as: UTF8.self)) ?? ""
        }
    }

    /// Decodes the value as `T`.
    public func decode<T: Decodable>(_ type: T.Type = T.self) throws -> T {
        try PlayhouseJSON.makeDecoder().decode(T.self, from: PlayhouseJSON.makeEncoder().encode(self))
    }
}
