import Foundation

/// The column types the server reads most, which ``DirectSQLiteRow`` and ``PreparedPostgresRow``
/// convert themselves instead of through `Decodable`: each type and its optional.
///
/// A row's `decode(column:as:)` is generic, and reached through `any SQLRow`, so it runs
/// unspecialised: asking whether the type is `String?`, or returning a `D?`, looks types up in the
/// runtime's metadata cache, at every column. Here the type is found with one lookup by its
/// identity, and the value is returned as `D` with no optional of a generic type. Measured on
/// SQLite only: decoding a page of 24 offers went from 8.7 % of the server's CPU samples to 2.7 %
/// (`perf record` under `scripts/bench-catalog`'s load); PostgreSQL rows share the table, unmeasured.
enum DirectColumn {
    case string, uuid, date, int, int64, bool, double, strings

    /// The kind of `type`, and whether `type` is its optional; nil for any other type.
    static func of<D>(_ type: D.Type) -> (kind: DirectColumn, optional: Bool)? {
        types[ObjectIdentifier(D.self)]
    }

    /// `value` as `D`, which is `T`, or `T?` when `optional`.
    @inline(__always)
    static func cast<T, D>(_ value: T, _ optional: Bool, to type: D.Type) -> D {
        // `unsafeBitCast` checks sizes only: `Int` would pass for `Int64`.
        assert(D.self == (optional ? T?.self : T.self), "\(T.self) read as \(D.self)")
        return optional ? unsafeBitCast(Optional(value), to: D.self) : unsafeBitCast(value, to: D.self)
    }

    /// A null as `D`, the optional of this kind's type.
    func none<D>(as type: D.Type) -> D {
        switch self {
        case .string: unsafeBitCast(String?.none, to: D.self)
        case .uuid: unsafeBitCast(UUID?.none, to: D.self)
        case .date: unsafeBitCast(Date?.none, to: D.self)
        case .int: unsafeBitCast(Int?.none, to: D.self)
        case .int64: unsafeBitCast(Int64?.none, to: D.self)
        case .bool: unsafeBitCast(Bool?.none, to: D.self)
        case .double: unsafeBitCast(Double?.none, to: D.self)
        case .strings: unsafeBitCast([String]?.none, to: D.self)
        }
    }

    private static let types: [ObjectIdentifier: (kind: DirectColumn, optional: Bool)] = {
        var types: [ObjectIdentifier: (kind: DirectColumn, optional: Bool)] = [:]
        func add<T>(_ type: T.Type, _ kind: DirectColumn) {
            types[ObjectIdentifier(T.self)] = (kind, false)
            types[ObjectIdentifier(T?.self)] = (kind, true)
        }
        add(String.self, .string)
        add(UUID.self, .uuid)
        add(Date.self, .date)
        add(Int.self, .int)
        add(Int64.self, .int64)
        add(Bool.self, .bool)
        add(Double.self, .double)
        add([String].self, .strings)
        return types
    }()
}
