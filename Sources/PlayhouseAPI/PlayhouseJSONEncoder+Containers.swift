import Foundation

/// The containers of ``JSONValueEncoder``: an object's members, an array's elements and a single
/// value, each written into the output as it comes.
struct JSONObjectContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let encoder: JSONValueEncoder
    var codingPath: [any CodingKey] { encoder.codingPath }
    private var output: JSONOutput { encoder.output }

    init(encoder: JSONValueEncoder) {
        self.encoder = encoder
    }

    mutating func encodeNil(forKey key: Key) throws {
        encoder.beginMember(key.stringValue)
        output.write(ascii: "null")
    }

    mutating func encode(_ value: Bool, forKey key: Key) throws {
        encoder.beginMember(key.stringValue)
        output.write(ascii: value ? "true" : "false")
    }

    mutating func encode(_ value: String, forKey key: Key) throws {
        encoder.beginMember(key.stringValue)
        output.write(string: value)
    }

    mutating func encode(_ value: Double, forKey key: Key) throws {
        encoder.beginMember(key.stringValue)
        try output.write(floating: value, at: encoder.place(key))
    }

    mutating func encode(_ value: Float, forKey key: Key) throws {
        encoder.beginMember(key.stringValue)
        try output.write(floating: value, at: encoder.place(key))
    }

    mutating func encode(_ value: Int, forKey key: Key) throws { try integer(value, key) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { try integer(value, key) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { try integer(value, key) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { try integer(value, key) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { try integer(value, key) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { try integer(value, key) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { try integer(value, key) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { try integer(value, key) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { try integer(value, key) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { try integer(value, key) }

    private func integer(_ value: some BinaryInteger, _ key: Key) throws {
        encoder.beginMember(key.stringValue)
        output.write(integer: value)
    }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        encoder.beginMember(key.stringValue)
        try output.write(value, at: encoder.place(key))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type,
                                                        forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        encoder.beginMember(key.stringValue)
        return encoder.nestedEncoder(key).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        encoder.beginMember(key.stringValue)
        return encoder.nestedEncoder(key).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        encoder.beginMember("super")
        return encoder.nestedEncoder(JSONIndexKey(stringValue: "super"))
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        encoder.beginMember(key.stringValue)
        return encoder.nestedEncoder(key)
    }
}

struct JSONArrayContainer: UnkeyedEncodingContainer {
    let encoder: JSONValueEncoder
    private(set) var count = 0
    var codingPath: [any CodingKey] { encoder.codingPath }
    private var output: JSONOutput { encoder.output }

    init(encoder: JSONValueEncoder) {
        self.encoder = encoder
    }

    /// Before an element: its comma, and its place.
    private mutating func element() -> JSONPlace {
        count = encoder.beginElement() + 1
        return encoder.place(JSONIndexKey(intValue: count - 1))
    }

    mutating func encodeNil() throws {
        _ = element()
        output.write(ascii: "null")
    }

    mutating func encode(_ value: Bool) throws {
        _ = element()
        output.write(ascii: value ? "true" : "false")
    }

    mutating func encode(_ value: String) throws {
        _ = element()
        output.write(string: value)
    }

    mutating func encode(_ value: Double) throws { try output.write(floating: value, at: element()) }
    mutating func encode(_ value: Float) throws { try output.write(floating: value, at: element()) }
    mutating func encode(_ value: Int) throws { integer(value) }
    mutating func encode(_ value: Int8) throws { integer(value) }
    mutating func encode(_ value: Int16) throws { integer(value) }
    mutating func encode(_ value: Int32) throws { integer(value) }
    mutating func encode(_ value: Int64) throws { integer(value) }
    mutating func encode(_ value: UInt) throws { integer(value) }
    mutating func encode(_ value: UInt8) throws { integer(value) }
    mutating func encode(_ value: UInt16) throws { integer(value) }
    mutating func encode(_ value: UInt32) throws { integer(value) }
    mutating func encode(_ value: UInt64) throws { integer(value) }

    private mutating func integer(_ value: some BinaryInteger) {
        _ = element()
        output.write(integer: value)
    }

    mutating func encode<T: Encodable>(_ value: T) throws {
        try output.write(value, at: element())
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        encoder.nestedEncoder(element().key!).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        encoder.nestedEncoder(element().key!).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        encoder.nestedEncoder(element().key!)
    }
}

struct JSONSingleValueContainer: SingleValueEncodingContainer {
    let encoder: JSONValueEncoder
    var codingPath: [any CodingKey] { encoder.codingPath }
    private var output: JSONOutput { encoder.output }

    init(encoder: JSONValueEncoder) {
        self.encoder = encoder
    }

    mutating func encodeNil() throws {
        encoder.beginSingle()
        output.write(ascii: "null")
    }

    mutating func encode(_ value: Bool) throws {
        encoder.beginSingle()
        output.write(ascii: value ? "true" : "false")
    }

    mutating func encode(_ value: String) throws {
        encoder.beginSingle()
        output.write(string: value)
    }

    mutating func encode(_ value: Double) throws {
        encoder.beginSingle()
        try output.write(floating: value, at: encoder.place)
    }

    mutating func encode(_ value: Float) throws {
        encoder.beginSingle()
        try output.write(floating: value, at: encoder.place)
    }

    mutating func encode(_ value: Int) throws { integer(value) }
    mutating func encode(_ value: Int8) throws { integer(value) }
    mutating func encode(_ value: Int16) throws { integer(value) }
    mutating func encode(_ value: Int32) throws { integer(value) }
    mutating func encode(_ value: Int64) throws { integer(value) }
    mutating func encode(_ value: UInt) throws { integer(value) }
    mutating func encode(_ value: UInt8) throws { integer(value) }
    mutating func encode(_ value: UInt16) throws { integer(value) }
    mutating func encode(_ value: UInt32) throws { integer(value) }
    mutating func encode(_ value: UInt64) throws { integer(value) }

    private func integer(_ value: some BinaryInteger) {
        encoder.beginSingle()
        output.write(integer: value)
    }

    mutating func encode<T: Encodable>(_ value: T) throws {
        encoder.beginSingle()
        try output.write(value, at: encoder.place)
    }
}

/// An array's index, or a key made up by the encoder (`super`). An index is written out only when
/// asked for, which is only in errors.
struct JSONIndexKey: CodingKey {
    private let name: String?
    let intValue: Int?

    init(stringValue: String) {
        name = stringValue
        intValue = nil
    }

    init(intValue: Int) {
        name = nil
        self.intValue = intValue
    }

    var stringValue: String { name ?? String(intValue ?? 0) }
}
